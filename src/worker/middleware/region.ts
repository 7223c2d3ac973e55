import type { MiddlewareHandler } from 'hono';
import { getCookie } from 'hono/cookie';
import { resolveRegion } from '../../shared/region';
import type { AppEnv } from '../env';

export const REGION_COOKIE = 'preferredCountry';

/**
 * Picks the visitor's region before rendering so the first HTML carries the right currency.
 * Region-dependent responses vary on what decided it; shared caches must not store them.
 */
export const regionMiddleware: MiddlewareHandler<AppEnv> = async (c, next) => {
  c.set(
    'region',
    resolveRegion({
      saved: getCookie(c, REGION_COOKIE),
      country: c.get('deps').countryOf(c.req.raw),
      acceptLanguage: c.req.header('accept-language'),
    }),
  );
  await next();
  if (c.res.headers.get('content-type')?.startsWith('text/html')) {
    c.header('Vary', 'Cookie, CF-IPCountry, Accept-Language', { append: true });
    if (!c.res.headers.has('Cache-Control')) c.header('Cache-Control', 'private, no-cache');
  }
};
