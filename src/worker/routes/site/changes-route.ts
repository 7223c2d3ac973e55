import type { Context } from 'hono';
import { perApp } from '#worker/base/per-app.ts';
import { rateWindow } from '#worker/base/rate-window.ts';
import type { AppEnv } from '#worker/middleware/app-context.ts';

/**
 * POST /_changes: a command run away from the shop (npm run stock, content:sync) recorded a change and
 * asks the shop to purge what is pending (changes/shop-purge.ts). It carries nothing: what is purged
 * is read from the database, which only the shop's writers reach, so the worst a stranger can do is
 * purge early what is due anyway; bounded per instance all the same.
 */
export async function purgeChanges(c: Context<AppEnv>) {
  c.header('Cache-Control', 'no-store');
  const deps = c.get('deps');
  if (!perApp(deps, 'purge-changes', () => rateWindow(30, 60_000)).take('all')) return c.json({ error: 'too many requests' }, 429);
  const purged = await deps.changes.purgePending();
  return c.json({ purged });
}
