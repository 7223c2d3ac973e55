import type { MiddlewareHandler } from 'hono';

/** What injectDeps sets: the runtime's dependencies. Generic so this folder needs nothing from app-context (AppDeps is composed there). */
export type InjectDepsVariables<Deps> = { deps: Deps };

/**
 * Hands the runtime's dependencies (database, mailer, settings…) to every handler as `c.get('deps')`;
 * `forRequest` makes a request's own (the edge: a change feed bound to its execution context).
 */
export function injectDeps<Deps>(
  deps: Deps,
  forRequest?: (deps: Deps, executionCtx: unknown) => Deps,
): MiddlewareHandler<{ Variables: InjectDepsVariables<Deps> }> {
  return async (c, next) => {
    let executionCtx: unknown;
    try {
      executionCtx = c.executionCtx;
    } catch {
      // Node: no execution context.
    }
    c.set('deps', forRequest && executionCtx ? forRequest(deps, executionCtx) : deps);
    await next();
  };
}
