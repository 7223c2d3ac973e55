import type { MiddlewareHandler } from 'hono';
import type { AppDeps, AppEnv } from '../app-context';

/** Gives every request an id (also in X-Request-Id) and logs one structured line when it is answered. */
export function requestLog(deps: AppDeps): MiddlewareHandler<AppEnv> {
  return async (c, next) => {
    const started = performance.now();
    const requestId = crypto.randomUUID();
    const log: AppEnv['Variables']['log'] = (level, msg, fields) => deps.log(level, msg, { requestId, ...fields });
    c.set('deps', deps);
    c.set('requestId', requestId);
    c.set('log', log);
    await next();
    c.header('X-Request-Id', requestId);
    log('info', 'request', {
      method: c.req.method,
      path: c.req.path,
      status: c.res.status,
      durationMs: Math.round((performance.now() - started) * 10) / 10,
    });
  };
}
