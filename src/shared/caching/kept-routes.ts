import { splitMarket } from '#shared/market/market.ts';
import { isRegion, type ResolvedRegion, type RegionSource } from '#shared/region/region.ts';
import { DIGEST } from '#shared/site/navigation.ts';

/**
 * The pages a shared cache keeps whole (docs/decisions/030): one copy per address and market, filled
 * in for each visitor as it is served (their cart count, consent banner and notice). Every other
 * address is answered by the app for the visitor alone.
 */

/** The pages that read nothing of the visitor but what is filled in: the catalogue, the editorial pages, the fixed wording. */
const KEPT_PAGES = [
  /^\/$/,
  /^\/products$/,
  /^\/product\/[^/]+(\/[^/]+)?$/,
  new RegExp(`^${DIGEST.path}(/[^/]+)?$`),
  /^\/blog\/[^/]+$/,
  /^\/guides(\/[^/]+)?$/,
  /^\/(about|faq|privacy-policy|terms-of-service|shipping-policy|returns)$/,
  // The shop's UCP profile: the same for every visitor and agent (JSON, kept as a page is).
  /^\/\.well-known\/ucp$/,
];

/** Whether a request is for a page that may be kept: a GET or HEAD of one of those addresses, in a market or not. */
export function isKeptRoute(method: string, pathname: string): boolean {
  if (method !== 'GET' && method !== 'HEAD') return false;
  const { path } = splitMarket(pathname);
  // A market's home with a trailing slash is a redirect to its address without one.
  if (pathname.endsWith('/') && pathname !== '/') return false;
  return KEPT_PAGES.some((page) => page.test(path));
}

/**
 * The request header the step in front sets on the request it hands the kept pages (and only it:
 * it is dropped from every visitor's request): which region the page is for, as `keptPageKey` writes it.
 * Its presence is what lets the app mark a page as kept.
 */
export const KEPT_PAGE_HEADER = 'x-kept-page';

/** A market's address fixes its region: its pages are one per address. */
export const MARKET_PAGE_KEY = 'market';

const SOURCES: readonly RegionSource[] = ['cookie', 'country', 'accept-language', 'default'];

/**
 * The key of an unprefixed page: what it varies on, the region and what chose it, e.g. `UK.country`
 * (never a raw header value: 200 countries make 3 pages, not 200). The page names no country: the
 * browser's detection asks EDGE_COUNTRY_PATH, which is never kept.
 */
export function keptPageKey(region: ResolvedRegion): string {
  return `${region.region}.${region.source}`;
}

/** The region a key names (null for a market's key or one that is not a key); a kept page knows no country. */
export function regionOfKey(key: string | null | undefined): ResolvedRegion | null {
  const match = /^([A-Z]{2})\.([a-z-]+)$/.exec(key ?? '');
  if (!match || !isRegion(match[1]) || !SOURCES.includes(match[2] as RegionSource)) return null;
  return { region: match[1], source: match[2] as RegionSource, country: null };
}
