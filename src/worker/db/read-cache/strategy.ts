/**
 * How long a cached read is served, named as Shopify Hydrogen names its sub-request caches. An
 * entry is fresh for `freshMs`; after that it is still served at once while one background read
 * refreshes it, for as long as `staleMs` (days: a visitor far from the database, or the database
 * down or hanging, still gets the whole page). Past `staleMs` it is gone.
 */
export interface CacheStrategy {
  name: 'short' | 'long';
  freshMs: number;
  staleMs: number;
}

const SECOND = 1000;
const DAY = 86_400 * SECOND;

/** Posts, lists and counts: a published or synced post shows within a minute. */
export const CacheShort: CacheStrategy = { name: 'short', freshMs: 60 * SECOND, staleMs: 7 * DAY };
/** What changes only with a sync and is shown beside everything (the categories). */
export const CacheLong: CacheStrategy = { name: 'long', freshMs: 60 * 60 * SECOND, staleMs: 30 * DAY };

/** "Nothing scheduled": a finite number, so it survives JSON in the Workers Cache API (Infinity would not). */
export const NEVER = Number.MAX_SAFE_INTEGER;

/** What the cache keeps of one read. */
export interface CacheEntry<T = unknown> {
  value: T;
  /** When the database answered (ms since the epoch). */
  storedAt: number;
  /** The content version the read was made under (content:sync bumps it). */
  version: string;
  /** The next scheduled post's publication time when the read was made (ms; NEVER: none): the read may hide it from then on. */
  expiresAt: number;
}

/**
 * - 'fresh': serve it, no read.
 * - 'stale': serve it now and refresh it in the background.
 * - 'outdated': a sync or a scheduled post made it wrong: read now, and serve it only if the read
 *   fails or is slow (stale-if-error).
 * - 'gone': too old to serve at all.
 */
export type EntryState = 'fresh' | 'stale' | 'outdated' | 'gone';

export function entryState(entry: CacheEntry, strategy: CacheStrategy, now: number, version: string): EntryState {
  const age = now - entry.storedAt;
  if (age >= strategy.staleMs) return 'gone';
  if (entry.version !== version || now >= entry.expiresAt) return 'outdated';
  return age < strategy.freshMs ? 'fresh' : 'stale';
}

/** A read's cache key: its name and arguments (JSON), never the request's clock. */
export function cacheKey(name: string, args: readonly unknown[]): string {
  return `${name}:${JSON.stringify(args)}`;
}
