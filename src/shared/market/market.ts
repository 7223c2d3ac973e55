import { isRegion, type Currency, type Region } from '#shared/region/region.ts';

/**
 * The markets, in one table: each a region with an address of its own (/gb, /eu, /us) that serves
 * every page in that region's currency whoever asks, so search engines can crawl and index each one;
 * the bare paths stay adaptive (the region from the saved choice or the country) and are the
 * x-default. Routes, the request guard, sitemaps, hreflang, prices, tax wording, where parcels leave
 * from and the owner's reports all derive from this table (docs/code-layout.md: "A new market").
 */
export const MARKETS = [
  { prefix: 'gb', region: 'UK', currency: 'GBP', locale: 'en-GB', hreflang: 'en-GB', name: 'UK', tax: 'inclusive', warehouse: 'GB' },
  // `en`, English anywhere else, is exactly how a country maps to a region (regionFromCountry: every
  // country but GB and US is EU): one tag instead of 27 en-XX keeps every head and the sitemap small.
  { prefix: 'eu', region: 'EU', currency: 'EUR', locale: 'en-IE', hreflang: 'en', name: 'Europe', tax: 'inclusive', warehouse: 'LT' },
  { prefix: 'us', region: 'US', currency: 'USD', locale: 'en-US', hreflang: 'en-US', name: 'US', tax: 'exclusive', warehouse: 'GB' },
] as const satisfies ReadonlyArray<{
  prefix: string;
  region: Region;
  currency: Currency;
  /** Dates and numbers as this market writes them. */
  locale: string;
  hreflang: string;
  /** The market as the owner's reports say it. */
  name: string;
  /** Prices include tax (VAT) or have it added at checkout (US sales tax), when Stripe Tax is on. */
  tax: 'inclusive' | 'exclusive';
  /** The country of the warehouse its parcels leave from and its returns go to (shopInfo.addresses). */
  warehouse: 'GB' | 'LT';
}>;

export type MarketEntry = (typeof MARKETS)[number];
export const markets = MARKETS.map((m) => m.prefix);
export type Market = MarketEntry['prefix'];

const byPrefix = <K extends keyof MarketEntry>(key: K) =>
  Object.fromEntries(MARKETS.map((m) => [m.prefix, m[key]])) as Record<Market, MarketEntry[K]>;

/** The first market of each value of `key` (a region or currency may have more than one market: the first is its home). */
const homeMarketBy = <K extends 'region' | 'currency'>(key: K) =>
  Object.fromEntries(MARKETS.toReversed().map((m) => [m[key], m.prefix])) as Record<MarketEntry[K], Market>;

export const regionOfMarket: Record<Market, Region> = byPrefix('region');
/** The home market of a region. */
export const marketOfRegion: Record<Region, Market> = homeMarketBy('region');

/** The market of a region as an order or session stores it (text), or null (a payment link's sale has none). */
export const marketOfStored = (region: string | null | undefined): Market | null =>
  region && isRegion(region) ? marketOfRegion[region] : null;

/** The market that sells in a currency (a code or a link in that currency works there). */
export const marketOfCurrency: Record<Currency, Market> = homeMarketBy('currency');

/** The hreflang of each market (pages are in English everywhere). */
export const hreflangOf: Record<Market, string> = byPrefix('hreflang');
/** The currency a market sells in. */
export const currencyOfMarket: Record<Market, Currency> = byPrefix('currency');

/** The market's entry for a currency (every currency is one market's). */
export const marketEntryOfCurrency = (currency: Currency): MarketEntry => MARKETS.find((m) => m.prefix === marketOfCurrency[currency])!;

/** The market prefixes as a pattern's alternatives ('gb|eu|us'): for routes and path tests. */
export const MARKET_PATTERN = markets.join('|');

export function isMarket(value: unknown): value is Market {
  return typeof value === 'string' && (markets as readonly string[]).includes(value);
}

const PREFIX = new RegExp(`^/(${MARKET_PATTERN})(?=/|$)`);

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
