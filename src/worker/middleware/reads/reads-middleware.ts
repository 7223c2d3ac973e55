import type { MiddlewareHandler } from 'hono';
import type { InjectDepsVariables } from '#worker/middleware/inject-deps/inject-deps-middleware.ts';
import type { PageCacheVariables } from '#worker/middleware/page-cache/page-cache-middleware.ts';
import type { RequestLogVariables } from '#worker/middleware/request-log/request-log-middleware.ts';
import type { ReadCache } from '#worker/db/read-cache/read-cache.ts';
import { requestReads, type RequestReads } from '#worker/db/read-cache/request-reads.ts';

/** What reads sets: the request's view of the read cache. */
export type ReadsVariables = { reads: RequestReads };

const runOn = (_work: Promise<unknown>) => {};

type Env = {
  Variables: ReadsVariables & RequestLogVariables & PageCacheVariables & InjectDepsVariables<{ readCache: ReadCache }>;
};

/**
 * Gives each request its reads through the one read cache, with background refreshes handed to the
 * Worker's ctx.waitUntil (on Node they simply run on), and says how they were served in
 * `Server-Timing` (the request's log line repeats it).
 */
export function reads(): MiddlewareHandler<Env> {
  return async (c, next) => {
    let waitUntil = runOn;
    try {
      const ctx = c.executionCtx;
      waitUntil = (work) => ctx.waitUntil(work);
    } catch {
      // Node: no execution context; background work simply runs on.
    }
    // A page the shared cache may keep is rendered from reads checked against the latest change.
    const requestReadsOf = requestReads(c.get('deps').readCache, { waitUntil, log: c.get('log'), checkGate: c.get('shareable') });
    c.set('reads', requestReadsOf);
    await next();
    const timing = requestReadsOf.serverTiming();
    if (timing) c.header('Server-Timing', timing, { append: true });
  };
}
