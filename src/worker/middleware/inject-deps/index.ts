import type { MiddlewareHandler } from 'hono';

/** What injectDeps sets: the runtime's dependencies. Generic so this folder needs nothing from app-context (AppDeps is composed there). */
export type InjectDepsVariables<Deps> = { deps: Deps };

/** Hands the runtime's dependencies (database, mailer, settings…) to every handler as `c.get('deps')`. */
export function injectDeps<Deps>(deps: Deps): MiddlewareHandler<{ Variables: InjectDepsVariables<Deps> }> {
  return async (c, next) => {
    c.set('deps', deps);
    await next();
  };
}
