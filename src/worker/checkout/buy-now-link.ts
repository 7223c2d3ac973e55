import { isPurchasable } from '#shared/catalogue/product.ts';
import type { CatalogueProduct } from '#shared/catalogue/types.ts';
import type { Region } from '#shared/region/region.ts';
import { withCampaign, type CampaignParams } from '#shared/site/campaign.ts';
import type { Logger } from '#worker/base/log.ts';
import type { Db } from '#worker/db/client.ts';
import { stockCounts } from '#worker/stock/stock-queries.ts';
import { stockView } from '#worker/stock/stock-reads.ts';
import { regionPaymentLink } from './checkout-inputs.ts';

export interface BuyNowDeps {
  db: Db;
  lowAt: number;
  log: Logger;
}

/**
 * Buy Now: the product's payment link for the visitor's region (its UK link first for UK visitors),
 * with the campaign, or null when it cannot be bought now (the shopper goes back to its page). The
 * stock is read from the database itself (a payment link holds nothing, so the last look before paying
 * is the freshest there is); a read that fails leaves it buyable, as on its page.
 */
export async function buyNowLink(
  deps: BuyNowDeps,
  product: CatalogueProduct,
  region: Region,
  campaign: CampaignParams,
): Promise<string | null> {
  const stock = stockView(await stockCounts(deps.db, [product.id]).catch(() => null), deps.lowAt);
  if (!isPurchasable(stock.level(product.id))) return null;
  const link = regionPaymentLink(product, region, deps.log);
  return link ? withCampaign(link, campaign) : null;
}
