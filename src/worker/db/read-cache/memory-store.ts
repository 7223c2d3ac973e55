import { LRUCache } from 'lru-cache';
import type { CacheStore } from './read-cache.ts';
import type { CacheEntry } from './strategy.ts';

/** Node: entries in this process's memory, bounded in count and in bytes (least recently used go first). */
export function memoryStore(limits: { maxEntries: number; maxBytes: number }): CacheStore & { bytes(): number } {
  const lru = new LRUCache<string, CacheEntry, unknown>({
    max: limits.maxEntries,
    maxSize: limits.maxBytes,
    // UTF-16 in memory: about twice the JSON's length, plus the key.
    sizeCalculation: (entry, key) => 2 * (JSON.stringify(entry).length + key.length),
  });
  return {
    async get(key) {
      return lru.get(key);
    },
    async put(key, entry, ttlMs) {
      lru.set(key, entry, { ttl: ttlMs });
    },
    bytes: () => lru.calculatedSize,
  };
}
