import type { MiddlewareHandler } from 'hono';
import { BROWSER_COOKIES, readCookie } from '#worker/http/cookies.ts';
import { marketHref, regionOfMarket, splitMarket, type Market } from '#shared/market/market.ts';
import { DEFAULT_REGION, resolveRegion, type ResolvedRegion } from '#shared/region/region.ts';
import { KEPT_PAGE_HEADER, regionOfKey } from '#shared/caching/kept-routes.ts';
import type { InjectDepsVariables } from '#worker/middleware/inject-deps/inject-deps-middleware.ts';

/**
 * What region sets: the region every price is in, the market when the address has one (/gb, /eu,
 * /us), and `href`, which keeps a site path in that market (links, redirects, forms' actions).
 */
export type RegionVariables = { region: ResolvedRegion; market: Market | null; href: (path: string) => string };

/** What region reads from the runtime (AppDeps.countryOf). */
type CountryOf = { countryOf: (request: Request) => string | null | undefined };

/**
 * Picks the visitor's region before rendering so the first HTML carries the right currency: the
 * market's on /gb, /eu and /us, else from the saved choice, the country and the language.
 * Every HTML page shows the region (selector, prices): the page cache (middleware/page-cache) varies
 * a kept page on what decided it, or keeps it private.
 */
export function region(): MiddlewareHandler<{ Variables: RegionVariables & InjectDepsVariables<CountryOf> }> {
  return async (c, next) => {
    const { market } = splitMarket(c.req.path);
    // A kept page's request names its region (the step in front resolved it) and has no visitor to ask.
    const kept = c.req.header(KEPT_PAGE_HEADER);
    const resolved =
      kept !== undefined
        ? (regionOfKey(kept) ?? { region: DEFAULT_REGION, source: 'default', country: null })
        : resolveRegion({
            saved: readCookie(c, BROWSER_COOKIES.region),
            country: c.get('deps').countryOf(c.req.raw),
            acceptLanguage: c.req.header('accept-language'),
          });
    // A market's address decides by itself: nothing about the visitor changes its currency.
    c.set('region', market ? { region: regionOfMarket[market], source: 'market', country: resolved.country } : resolved);
    c.set('market', market);
    c.set('href', (path) => marketHref(market, path));
    await next();
  };
}
