import { errorFields, type Logger } from '#worker/base/log.ts';
import type { PurgePages } from './change-feed.ts';

/** What Workers Cache offers on an execution context (ctx.cache; not in local workerd yet). */
interface WorkersCache {
  purge(options: { tags: string[] }): Promise<{ success: boolean; errors?: Array<{ code: number; message: string }> }>;
}

/** Cloudflare's limit of tags per purge call (Workers Cache uses the zone purge's limits). */
const TAGS_PER_PURGE = 100;

/**
 * Purges Workers Cache by tag through the request's (or scheduled run's) execution context. False
 * when the context has no cache (local workerd; caching off) or Cloudflare refused: the change stays
 * pending and the scheduled job tries again. A zone purge (dashboard, API) does not reach this cache.
 */
export function workersCachePurge(executionCtx: unknown, log: Logger): PurgePages {
  return async (tags) => {
    const cache = (executionCtx as { cache?: WorkersCache } | undefined)?.cache;
    if (!cache) {
      log('warn', 'Workers Cache not reachable from here: the change waits for the scheduled purge', { tags: tags.length });
      return false;
    }
    try {
      for (let i = 0; i < tags.length; i += TAGS_PER_PURGE) {
        const result = await cache.purge({ tags: tags.slice(i, i + TAGS_PER_PURGE) });
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
