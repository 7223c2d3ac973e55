import { withCampaign } from '#shared/site/campaign.ts';
import type { AnalyticsItem } from '#shared/catalogue/item-events.ts';
import { resolvePaymentLink } from '#shared/catalogue/payment-links.ts';
import type { PaymentLinks } from '#shared/catalogue/types.ts';
import { trackBeginCheckout } from './data-layer.ts';
import { getCampaign } from './campaign-storage.ts';
import { getRegion } from './region-store.ts';

/**
 * Buy: begin_checkout is recorded first, then the browser goes to the product's
 * payment link with the campaign parameters appended. Without a link the error is logged and
 * nothing happens; returns whether the redirect started.
 */
export function redirectToPaymentLink(links: PaymentLinks, item: AnalyticsItem): boolean {
  trackBeginCheckout(item);
  const link = resolvePaymentLink(links, getRegion());
  if (!link) {
    console.error('No payment link available for this product');
    return false;
  }
  location.assign(withCampaign(link, getCampaign()));
  return true;
}
