import type { MiddlewareHandler } from 'hono';
import type { InjectDepsVariables } from '#worker/middleware/inject-deps/inject-deps-middleware.ts';
import type { Logger } from '#worker/base/log.ts';
import { sharedCacheDirectives } from '#shared/caching/page-cache-rules.ts';
import { loggedPath } from '#shared/mail/link-tokens.ts';

/** What requestLog sets. */
export type RequestLogVariables = {
  requestId: string;
  /** Logger carrying the request id. */
  log: Logger;
};

/** Gives every request an id (also in X-Request-Id, unless shared caches keep the answer) and logs one structured line when it is answered. */
export function requestLog(): MiddlewareHandler<{ Variables: RequestLogVariables & InjectDepsVariables<{ log: Logger }> }> {
  return async (c, next) => {
    const started = performance.now();
    const requestId = crypto.randomUUID();
    const base = c.get('deps').log;
    const log: Logger = (level, msg, fields) => base(level, msg, { requestId, ...fields });
    c.set('requestId', requestId);
    c.set('log', log);
    await next();
    // Not on a page a shared cache keeps (the CDN, or the Node page cache in front): every visitor it
    // is served to would get the first one's id. The log line has it.
    const shared = sharedCacheDirectives(c.res.headers);
    if (c.res.status !== 200 || shared.uncacheable || !shared.maxAgeS) c.header('X-Request-Id', requestId);
    log('info', 'request', {
      method: c.req.method,
      path: loggedPath(c.req.path),
      status: c.res.status,
      durationMs: Math.round((performance.now() - started) * 10) / 10,
      // How the page's database reads were served (set by the reads middleware), for Workers Logs.
      ...(c.res.headers.has('Server-Timing') && { serverTiming: c.res.headers.get('Server-Timing') }),
    });
  };
}
