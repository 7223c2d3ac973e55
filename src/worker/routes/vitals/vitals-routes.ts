import { Hono } from 'hono';
import { bodyLimit } from 'hono/body-limit';
import { MAX_BODY_BYTES } from '#shared/vitals/metrics.ts';
import type { AppEnv } from '#worker/middleware/app-context.ts';
import { keepAlive } from '#worker/http/keep-alive.ts';
import { perApp } from '#worker/base/per-app.ts';
import { rateWindow } from '#worker/base/rate-window.ts';
import { errorFields } from '#worker/base/log.ts';
import { vitalsBatch } from '#worker/vitals/vitals-batch.ts';
import { insertVitals } from '#worker/vitals/vitals-queries.ts';

export const vitalsRoutes = new Hono<AppEnv>();

/**
 * POST /vitals: one page view's Web Vitals (client/vitals.ts, by sendBeacon). Checked whole before
 * anything is stored: over 4 KB is 413; not JSON, or not a report (unknown metric, value out of
 * range, more than 10 entries, unknown page type) is 400; over the per-address rate 429. Stored after
 * the answer (waitUntil on the Worker): a report never delays anything.
 */
vitalsRoutes.post(
  '/vitals',
  bodyLimit({ maxSize: MAX_BODY_BYTES, onError: (c) => c.json({ error: 'report too large' }, 413) }),
  async (c) => {
    const body = await c.req.text();
    let json: unknown;
    try {
      json = JSON.parse(body);
    } catch {
      return c.json({ error: 'not JSON' }, 400);
    }
    const parsed = vitalsBatch.safeParse(json);
    if (!parsed.success) return c.json({ error: 'not a vitals report' }, 400);
    const deps = c.get('deps');
    // Per address per minute, in memory only (the address is a key there, never stored).
    const limit = perApp(deps, 'vitals-limit', () => rateWindow(deps.settings.VITALS_RATE_LIMIT, 60_000));
    if (!limit.take(deps.senderAddressOf(c) ?? 'unknown')) {
      c.header('Retry-After', '60'); // the window is a minute
      return c.json({ error: 'too many reports' }, 429);
    }
    const log = c.get('log');
    keepAlive(c)(insertVitals(deps.db, parsed.data).then(undefined, (err: unknown) => log('warn', 'vitals not stored', errorFields(err))));
    return c.body(null, 204);
  },
);
