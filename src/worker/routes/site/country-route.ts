import type { Context } from 'hono';
import { normaliseCountry } from '#shared/region/region.ts';
import type { AppEnv } from '#worker/middleware/app-context.ts';

/**
 * The country the edge gave this request, for a market's page to offer the visitor's own market: the
 * page itself is kept for everyone, so it cannot carry one visitor's country. Never kept.
 */
export function edgeCountry(c: Context<AppEnv>) {
  c.header('Cache-Control', 'private, no-store');
  return c.json({ country: normaliseCountry(c.get('deps').countryOf(c.req.raw)) });
}
