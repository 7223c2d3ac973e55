import { errorFields, type Logger } from '#worker/base/log.ts';
import type { PurgePages } from './change-feed.ts';

/** What Workers Cache offers on an execution context (ctx.cache; not in local workerd yet). */
export interface WorkersCache {
  purge(options: { tags: string[] }): Promise<PurgeResult>;
}
/** The kept pages' entrypoint's purge: null when that entrypoint has no cache (local workerd; caching off). */
export interface KeptPagesPurge {
  purge(options: { tags: string[] }): Promise<PurgeResult | null>;
}
export type PurgeResult = { success: boolean; errors?: Array<{ code: number; message: string }> };

/**
 * The kept pages' entrypoint, reached from any handler's context: a purge reaches only the cache of
 * the entrypoint that asks, so it is asked of that one (its `purge` method, an RPC call that no cache
 * stands in front of).
 */
function keptPagesOf(executionCtx: unknown): KeptPagesPurge | undefined {
  return (executionCtx as { exports?: { KeptPages?: KeptPagesPurge } } | undefined)?.exports?.KeptPages;
}

/** Cloudflare's limit of tags per purge call (Workers Cache uses the zone purge's limits). */
const TAGS_PER_PURGE = 100;

/**
 * Purges the kept pages by tag through the request's (or scheduled run's) execution context. False
 * when there is no cache to reach (local workerd; caching off) or Cloudflare refused: the change stays
 * pending and the scheduled job tries again. A zone purge (dashboard, API) does not reach this cache.
 */
export function workersCachePurge(executionCtx: unknown, log: Logger): PurgePages {
  return async (tags) => {
    const keptPages = keptPagesOf(executionCtx);
    const unreachable = () => {
      log('warn', 'Workers Cache not reachable from here: the change waits for the scheduled purge', { tags: tags.length });
      return false;
    };
    if (!keptPages) return unreachable();
    try {
      for (let i = 0; i < tags.length; i += TAGS_PER_PURGE) {
        const result = await keptPages.purge({ tags: tags.slice(i, i + TAGS_PER_PURGE) });
        if (!result) return unreachable();
        if (!result.success) {
          log('error', 'Workers Cache refused the purge', { errors: result.errors });
          return false;
        }
      }
      return true;
    } catch (err) {
      log('error', 'Workers Cache purge failed', errorFields(err));
      return false;
    }
  };
}
