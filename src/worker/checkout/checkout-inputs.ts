import { resolvePaymentLink } from '#shared/catalogue/payment-links.ts';
import type { CatalogueProduct } from '#shared/catalogue/types.ts';
import type { Region } from '#shared/region/region.ts';
import { campaignFromSearch, type CampaignParams } from '#shared/site/campaign.ts';
import type { Logger } from '#worker/base/log.ts';

/** The campaign a checkout carries: the URL's, overlaid by what the form posted (the page's stored campaign). */
export function postedCampaign(requestUrl: string, fields: Record<string, string>): CampaignParams {
  return { ...campaignFromSearch(new URL(requestUrl).search), ...campaignFromSearch(new URLSearchParams(fields).toString()) };
}

/**
 * The product's payment link for the visitor's region (its UK link first for UK visitors), or null,
 * logged as the spec words it: with no link there is nothing to pay through.
 */
export function regionPaymentLink(product: Pick<CatalogueProduct, 'id' | 'payment_links'>, region: Region, log: Logger): string | null {
  const link = resolvePaymentLink(product.payment_links, region);
  if (!link) log('error', 'No payment link available for this product', { productId: product.id });
  return link;
}
