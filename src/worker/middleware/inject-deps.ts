import type { MiddlewareHandler } from 'hono';
import type { AppDeps, AppEnv } from '../app-context';

/** Hands the runtime's dependencies (database, mailer, settings…) to every handler as `c.get('deps')`. */
export function injectDeps(deps: AppDeps): MiddlewareHandler<AppEnv> {
  return async (c, next) => {
    c.set('deps', deps);
    await next();
  };
}
