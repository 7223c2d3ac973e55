import { sql } from 'drizzle-orm';
import { Hono } from 'hono';
import type { AppEnv } from '#worker/app-context.ts';
import { errorFields } from '#worker/log.ts';

/** Liveness plus a database round trip; never cached. */
export const healthRoutes = new Hono<AppEnv>().get('/healthz', async (c) => {
  c.header('Cache-Control', 'no-store');
  try {
    await c.get('deps').db.run(sql`select 1`);
    return c.json({ status: 'ok', database: 'reachable' });
  } catch (err) {
    c.get('log')('error', 'health check: database unreachable', errorFields(err));
    return c.json({ status: 'degraded', database: 'unreachable' }, 503);
  }
});
