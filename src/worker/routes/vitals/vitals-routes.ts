import { Hono, type Context } from 'hono';
import { MAX_BODY_BYTES } from '#shared/vitals/metrics.ts';
import type { AppEnv } from '#worker/app-context.ts';
import { keepAlive } from '#worker/http/keep-alive.ts';
import { rateWindow, type RateWindow } from '#worker/http/rate-window.ts';
import { errorFields } from '#worker/log.ts';
import { vitalsBatch } from '#worker/vitals/vitals-batch.ts';
import { insertVitals } from '#worker/vitals/vitals-queries.ts';

export const vitalsRoutes = new Hono<AppEnv>();

const limits = new WeakMap<object, RateWindow>();

/** Reports per address per minute, per running app (per isolate on the edge); the address is only a key in memory, never stored. */
function limitFor(c: Context<AppEnv>): RateWindow {
  const deps = c.get('deps');
  let limit = limits.get(deps);
  if (!limit) limits.set(deps, (limit = rateWindow(deps.settings.VITALS_RATE_LIMIT, 60_000)));
  return limit;
}

/**
 * POST /vitals: one page view's Web Vitals (client/vitals.ts, by sendBeacon). Checked whole before
 * anything is stored: over 4 KB is 413; not JSON, or not a report (unknown metric, value out of
 * range, more than 10 entries, unknown page type) is 400; over the per-address rate 429. Stored after
 * the answer (waitUntil on the Worker): a report never delays anything.
 */
vitalsRoutes.post('/vitals', async (c) => {
  if (Number(c.req.header('content-length') ?? 0) > MAX_BODY_BYTES) return c.json({ error: 'report too large' }, 413);
  const body = await c.req.text();
  if (new TextEncoder().encode(body).length > MAX_BODY_BYTES) return c.json({ error: 'report too large' }, 413);
  let json: unknown;
  try {
    json = JSON.parse(body);
  } catch {
    return c.json({ error: 'not JSON' }, 400);
  }
  const parsed = vitalsBatch.safeParse(json);
  if (!parsed.success) return c.json({ error: 'not a vitals report' }, 400);
  const { db, senderAddressOf } = c.get('deps');
  if (!limitFor(c).take(senderAddressOf(c) ?? 'unknown')) return c.json({ error: 'too many reports' }, 429);
  const log = c.get('log');
  keepAlive(c)(
    (async () => {
      try {
        await insertVitals(db, parsed.data);
      } catch (err) {
        log('warn', 'vitals not stored', errorFields(err));
      }
    })(),
  );
  return c.body(null, 204);
});
