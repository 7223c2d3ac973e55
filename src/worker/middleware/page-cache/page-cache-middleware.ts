import type { MiddlewareHandler } from 'hono';
import { regionDependentCacheControl } from '#shared/caching/cache-control.ts';
import { cacheTagHeader } from '#shared/caching/cache-tags.ts';
import { KEPT_PAGE_HEADER } from '#shared/caching/kept-routes.ts';
import { PAGE_BROWSER_CACHE_CONTROL, PAGE_CDN_CACHE_CONTROL, pageVary } from '#shared/caching/page-cache-rules.ts';
import type { RegionVariables } from '#worker/middleware/region/region-middleware.ts';

/**
 * What pageCache sets: whether this request's page may be kept by the shared cache (`shareable`, known
 * before rendering: the renderer then renders it whole, its scripts allowed by hash), and the tags the
 * page declares (`pageTags`, set by the renderer from the page's head: only tagged pages are kept).
 */
export type PageCacheVariables = { shareable: boolean; pageTags: readonly string[] | undefined };

type ReadsOf = { reads: { degraded(): boolean } };

/** When a page read while the database failed asks to be asked again (seconds). */
export const DEGRADED_RETRY_AFTER_S = 30;

/**
 * Whether a shared cache may keep this request's page: only a GET or HEAD the step in front handed
 * over for the kept pages (KEPT_PAGE_HEADER; it dropped the visitor's cookies and named the region),
 * so nothing of one visitor is ever in a kept page.
 */
const isShareable = (request: Request) => (request.method === 'GET' || request.method === 'HEAD') && request.headers.has(KEPT_PAGE_HEADER);

/**
 * The one place an HTML answer's caching is decided. A tagged page (the catalogue, products, the
 * digest, the policies) answered 200 to a shareable request, with no Set-Cookie, is kept by the
 * shared cache in front of the app (Workers Cache; its stand-in on Node) under its tags, varying on
 * the region key alone; every other HTML answer is the visitor's own (private, no-cache), and so is a
 * page rendered while the database failed (a kept copy or a fallback stood in). Asked for by the kept
 * pages' step, such a page answers 503 with Retry-After (its body the same fallback): the cache in front
 * then serves its stale copy if it has one (stale-if-error), and a crawler knows to come back, where a
 * 200 would have hidden the outage. Runs inside region (it needs the market) and around reads.
 */
export function pageCache(): MiddlewareHandler<{ Variables: PageCacheVariables & ReadsOf & RegionVariables }> {
  return async (c, next) => {
    const inMarket = c.get('market') !== null;
    c.set('shareable', isShareable(c.req.raw));
    c.set('pageTags', undefined);
    await next();
    // HTML pages, and the few JSON answers that declare tags as a page does (the UCP profile).
    const type = c.res.headers.get('content-type') ?? '';
    if (!type.startsWith('text/html') && !(type.startsWith('application/json') && c.get('pageTags'))) return;
    const tags = c.get('pageTags');
    // A page the kept pages' step asked for, which a shared cache would keep if nothing went wrong.
    const keptPage = c.get('shareable') && tags !== undefined && tags.length > 0 && c.res.status === 200;
    const whole = !c.get('reads').degraded();
    const kept = keptPage && whole && !c.res.headers.has('set-cookie');
    if (keptPage && !whole) {
      c.res = new Response(c.res.body, { status: 503, headers: c.res.headers });
      c.header('Retry-After', String(DEGRADED_RETRY_AFTER_S));
    }
    c.header('Vary', kept ? KEPT_PAGE_HEADER : pageVary(inMarket), { append: true });
    if (kept) {
      c.header('Cache-Control', PAGE_BROWSER_CACHE_CONTROL);
      c.header('Cloudflare-CDN-Cache-Control', PAGE_CDN_CACHE_CONTROL);
      c.header('Cache-Tag', cacheTagHeader(tags!));
    } else {
      c.header('Cache-Control', regionDependentCacheControl(c.res.headers.get('Cache-Control')));
    }
  };
}
