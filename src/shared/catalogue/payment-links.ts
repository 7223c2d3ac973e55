import type { Region } from '#shared/region/region.ts';
import type { PaymentLinks } from './types.ts';

/**
 * Hosted payment links live in each product's file (content/products/*.md `payment_links`): the
 * standard link, and a UK one (GBP checkout) for the products that have it. The test URLs there are
 * placeholders the operator replaces with real links before going live; a link's price is set in
 * Stripe, not in the file.
 */

/** Where payment links may point: the sync refuses others, and the CSP's form-action allows these (the no-JS checkout redirects there). */
export const PAYMENT_LINK_ORIGINS = ['https://buy.stripe.com'] as const;

/** An https address with a path on one of PAYMENT_LINK_ORIGINS. */
export function isPaymentLink(url: string): boolean {
  if (!URL.canParse(url)) return false;
  const parsed = new URL(url);
  return (PAYMENT_LINK_ORIGINS as readonly string[]).includes(parsed.origin) && parsed.pathname.length > 1;
}

/** UK visitors use the product's UK link first, then the standard one; everyone else the standard one. */
export function resolvePaymentLink(links: PaymentLinks, region: Region): string | null {
  return (region === 'UK' ? links.uk : null) ?? links.standard;
}

/** Every payment link that sells this product (standard and UK): all of them stop when it sells out. */
export function productPaymentLinks(links: PaymentLinks): string[] {
  return [...new Set([links.standard, links.uk].filter((url): url is string => url !== null))];
}

/**
 * The payment provider's checkout session id on /thank-you (the purchase's transaction id). Only
 * Stripe's shape is accepted (cs_test_a1B2c3, cs_live_…), so junk never reaches analytics or Stripe.
 */
export function parseSessionId(raw: string | null | undefined): string | null {
  const text = raw?.trim();
  return text && /^cs_(live|test)_[A-Za-z0-9_]{1,200}$/.test(text) ? text : null;
}
