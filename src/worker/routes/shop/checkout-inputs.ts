import type { Context } from 'hono';
import { resolvePaymentLink } from '#shared/catalogue/payment-links.ts';
import type { CatalogueProduct } from '#shared/catalogue/types.ts';
import { campaignFromSearch, type CampaignParams } from '#shared/site/campaign.ts';
import type { AppEnv } from '#worker/app-context.ts';

/** The campaign a checkout carries: the URL's, overlaid by what the form posted (the page's stored campaign). */
export function postedCampaign(c: Context<AppEnv>, fields: Record<string, string>): CampaignParams {
  return { ...campaignFromSearch(new URL(c.req.url).search), ...campaignFromSearch(new URLSearchParams(fields).toString()) };
}

/**
 * The product's payment link for the visitor's region (its UK link first for UK visitors), or null,
 * logged as the spec words it: with no link there is nothing to pay through.
 */
export function regionPaymentLink(c: Context<AppEnv>, product: Pick<CatalogueProduct, 'id' | 'payment_links'>): string | null {
  const link = resolvePaymentLink(product.payment_links, c.get('region').region);
  if (!link) c.get('log')('error', 'No payment link available for this product', { productId: product.id });
  return link;
}
