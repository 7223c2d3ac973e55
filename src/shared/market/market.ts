import { isRegion, type Currency, type Region } from '#shared/region/region.ts';

/**
 * A market is a region with an address of its own: /gb, /eu and /us serve every page in that region's
 * currency whoever asks, so search engines can crawl and index each one; the bare paths stay adaptive
 * (the region from the saved choice or the country) and are the x-default.
 */
export const markets = ['gb', 'eu', 'us'] as const;
export type Market = (typeof markets)[number];

export const regionOfMarket: Record<Market, Region> = { gb: 'UK', eu: 'EU', us: 'US' };
export const marketOfRegion: Record<Region, Market> = { UK: 'gb', EU: 'eu', US: 'us' };

/** The market of a region as an order or session stores it (text), or null (a payment link's sale has none). */
export const marketOfStored = (region: string | null | undefined): Market | null =>
  region && isRegion(region) ? marketOfRegion[region] : null;

/** The market that sells in a currency (a code or a link in that currency works there). */
export const marketOfCurrency: Record<Currency, Market> = { GBP: 'gb', EUR: 'eu', USD: 'us' };

/**
 * The hreflang of each market (pages are in English everywhere). en-GB and en-US name their
 * countries; the EU market is `en`, English anywhere else, which is exactly how a country maps to a
 * region (regionFromCountry: every country but GB and US is EU). One tag instead of 27 en-XX keeps
 * every page's head and the sitemap small; searchers in another language get the x-default.
 */
export const hreflangOf: Record<Market, string> = { gb: 'en-GB', eu: 'en', us: 'en-US' };

export function isMarket(value: unknown): value is Market {
  return typeof value === 'string' && (markets as readonly string[]).includes(value);
}

const PREFIX = /^\/(gb|eu|us)(?=\/|$)/;

/**
 * '/gb/product/1' gives gb and '/product/1'; '/gb' gives gb and '/'; a bare path gives null and itself.
 * Leading slashes and backslashes collapse to one slash: '/us//evil.com' is the site path '/evil.com',
 * never the scheme-relative '//evil.com' a link built from it would lead off the site to.
 */
export function splitMarket(pathname: string): { market: Market | null; path: string } {
  const match = PREFIX.exec(pathname);
  const rest = match ? pathname.slice(match[0].length) || '/' : pathname;
  return { market: match ? (match[1] as Market) : null, path: rest.replace(/^[/\\]+/, '/') };
}

/**
 * The address of a site path in a market: '/products?category=pistols' in gb is
 * '/gb/products?category=pistols', '/' is '/gb'. Without a market, and for anything that is not a
 * site path (another origin, '#…', '//…', already in a market), the href is left as it is.
 */
export function marketHref(market: Market | null | undefined, href: string): string {
  if (!market || !href.startsWith('/') || href.startsWith('//') || PREFIX.test(href)) return href;
  return href === '/' || /^\/[?#]/.test(href) ? `/${market}${href.slice(1)}` : `/${market}${href}`;
}

/**
 * Every version of a page (`path`: its bare path, query included): each market's hreflangs and the
 * bare page as x-default, absolute. The same set on every version, so the links are reciprocal.
 */
export function alternateLinks(path: string, siteUrl: string): Array<{ hreflang: string; href: string }> {
  const absolute = (p: string) => new URL(p, siteUrl).href;
  return [
    ...markets.map((market) => ({ hreflang: hreflangOf[market], href: absolute(marketHref(market, path)) })),
    { hreflang: 'x-default', href: absolute(path) },
  ];
}
