import { shopInfo } from '#shared/policy/shop-info.ts';
import type { Settings } from '#worker/base/settings.ts';

/**
 * Which addresses a mail's HTML may link, and how: the shop's own pages (SITE_URL's origin) and
 * Stripe's pages the shop made (checkout, invoices: https on stripe.com, or the Stripe the operator
 * points the shop at, as an emulation in tests) may be actions; the shop's own profiles (WhatsApp,
 * maps, social) are links in its sentences, never buttons. Anything else, even on a line of the
 * shop's words, is shown as text: a look-alike domain never becomes a branded button.
 */
export type LinkKind = 'page' | 'profile';
export type LinkPolicy = (href: string) => LinkKind | null;

export type LinkSettings = Pick<Settings, 'SITE_URL' | 'STRIPE_API_URL'>;

const SHOP_PROFILES: readonly string[] = [shopInfo.whatsappUrl, ...shopInfo.social.map((s) => s.url)];

function parsed(href: string): URL | null {
  try {
    return new URL(href);
  } catch {
    return null;
  }
}

const isStripe = (url: URL) => url.protocol === 'https:' && (url.hostname === 'stripe.com' || url.hostname.endsWith('.stripe.com'));

export function mailLinkPolicy(settings: LinkSettings): LinkPolicy {
  const origins = new Set([new URL(settings.SITE_URL).origin, new URL(settings.STRIPE_API_URL).origin]);
  return (href) => {
    const url = parsed(href);
    if (!url || (url.protocol !== 'https:' && url.protocol !== 'http:') || url.username || url.password) return null;
    if (origins.has(url.origin) || isStripe(url)) return 'page';
    return SHOP_PROFILES.includes(url.href) ? 'profile' : null;
  };
}
