import type { CacheStore } from './read-cache.ts';
import type { CacheEntry } from './strategy.ts';

/** Larger entries are not kept (the guides' pages and posts are a few KB; an article is tens). */
export const MAX_ENTRY_BYTES = 512 * 1024;

/**
 * The Worker: entries in the Workers Cache API, which keeps them per data centre (so every isolate
 * there shares them) under a synthetic URL of the site's own origin. On a *.workers.dev address the
 * Cache API keeps nothing: every read then goes to the database (a custom domain is needed).
 */
export function cacheApiStore(cache: Cache, siteUrl: string): CacheStore {
  const origin = new URL(siteUrl).origin;
  const url = (key: string) => `${origin}/__read-cache/${encodeURIComponent(key)}`;
  return {
    async get(key) {
      const hit = await cache.match(url(key));
      return hit ? ((await hit.json()) as CacheEntry) : undefined;
    },
    async put(key, entry, ttlMs) {
      const body = JSON.stringify(entry);
      if (body.length > MAX_ENTRY_BYTES) return;
      const headers = { 'Content-Type': 'application/json', 'Cache-Control': `max-age=${Math.ceil(ttlMs / 1000)}` };
      await cache.put(url(key), new Response(body, { headers }));
    },
  };
}
