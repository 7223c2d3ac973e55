/**
 * How whole pages are kept by the shared cache in front of the app (Workers Cache on the edge, its
 * stand-in on Node), as response headers both read. A page is kept only when nothing in it is one
 * visitor's: see docs/deploying.md, "The page cache".
 */

/** Fresh this long: a purge is how news travels; the clock is a back-stop for a purge that did not land. */
export const PAGE_FRESH_S = 300;
/** Served at once while one request refreshes it in the background. */
export const PAGE_STALE_S = 86_400;
/** Served when the app fails to answer (an outage), for this long after it went stale. */
export const PAGE_STALE_IF_ERROR_S = 7 * 86_400;

/** The shared cache's directive (Cloudflare's own header: it wins over Cache-Control there, and is stripped before the browser). */
export const PAGE_CDN_CACHE_CONTROL = `max-age=${PAGE_FRESH_S}, stale-while-revalidate=${PAGE_STALE_S}, stale-if-error=${PAGE_STALE_IF_ERROR_S}`;

/** What the browser keeps of a shared page: nothing without asking again (a purge cannot reach browsers). */
export const PAGE_BROWSER_CACHE_CONTROL = 'public, no-cache';

/**
 * The request headers a kept page depends on: cookies always (a request with any cookie is answered
 * by the app and not kept), and for the unprefixed pages the country the platform gives and the
 * language (they pick the region when no cookie does). A market's address (/gb …) fixes the region.
 */
export function pageVary(inMarket: boolean): string {
  return inMarket ? 'Cookie' : 'Cookie, CF-IPCountry, Accept-Language';
}

export interface CacheDirectives {
  maxAgeS: number | null;
  staleWhileRevalidateS: number;
  staleIfErrorS: number;
  /** private, no-store, or a Set-Cookie: a shared cache must not keep it. */
  uncacheable: boolean;
  /** s-maxage, must-revalidate or proxy-revalidate: stale copies may not be served (RFC 9111 §4.2.4, as Cloudflare reads it). */
  noStale: boolean;
}

/**
 * A response's caching as a shared cache reads it: Cloudflare-CDN-Cache-Control, else CDN-Cache-Control,
 * else Cache-Control (the most specific wins).
 */
export function sharedCacheDirectives(headers: { get(name: string): string | null }): CacheDirectives {
  const value = headers.get('cloudflare-cdn-cache-control') ?? headers.get('cdn-cache-control') ?? headers.get('cache-control') ?? '';
  const directives = new Map<string, string>();
  for (const part of value.split(',')) {
    const [name, arg = ''] = part.trim().toLowerCase().split('=');
    if (name) directives.set(name, arg.replaceAll('"', ''));
  }
  const seconds = (name: string) => {
    const n = Number(directives.get(name));
    return directives.has(name) && Number.isFinite(n) && n >= 0 ? n : null;
  };
  const cacheControl = (headers.get('cache-control') ?? '').toLowerCase();
  const noStale = ['s-maxage', 'must-revalidate', 'proxy-revalidate'].some((d) => directives.has(d));
  return {
    maxAgeS: seconds('s-maxage') ?? seconds('max-age'),
    staleWhileRevalidateS: noStale ? 0 : (seconds('stale-while-revalidate') ?? 0),
    staleIfErrorS: noStale ? 0 : (seconds('stale-if-error') ?? 0),
    noStale,
    uncacheable:
      directives.has('private') ||
      directives.has('no-store') ||
      /\b(private|no-store)\b/.test(cacheControl) ||
      headers.get('set-cookie') !== null,
  };
}
