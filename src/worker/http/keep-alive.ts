import type { Context } from 'hono';

/**
 * Work that must outlive the response: the Worker's `waitUntil` (otherwise the isolate may stop it once
 * the answer is sent). Node has no ExecutionContext and keeps running the promise anyway.
 */
export function keepAlive(c: Context): (work: Promise<unknown>) => void {
  return (work) => {
    let ctx;
    try {
      ctx = c.executionCtx;
    } catch {
      return; // Node
    }
    ctx.waitUntil(work);
  };
}
