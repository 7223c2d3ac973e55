import type { BatchItem } from 'drizzle-orm/batch';
import type { CacheStrategy } from './strategy.ts';

/**
 * One database read a page makes for visitors, as the read cache takes it: a name and arguments
 * (its cache key; never the clock), how long it may be kept, the query (batched with the page's
 * other reads into one round trip), how its rows become the value, and the spec's fallback when the
 * read fails and nothing was kept (empty lists, no post).
 */
export interface Read<T> {
  name: string;
  args: readonly unknown[];
  strategy: CacheStrategy;
  query: BatchItem<'sqlite'>;
  map: (rows: unknown) => T;
  fallback: T;
}

/** Builds a Read, typing `map` from what the query returns. */
export function read<Q extends BatchItem<'sqlite'> & PromiseLike<unknown>, T>(spec: {
  name: string;
  args: readonly unknown[];
  strategy: CacheStrategy;
  query: Q;
  map: (rows: Awaited<Q>) => T;
  fallback: T;
}): Read<T> {
  return { ...spec, map: spec.map as (rows: unknown) => T };
}

/** The values of a tuple of reads. */
export type ReadValues<R extends readonly Read<unknown>[]> = { [K in keyof R]: R[K] extends Read<infer T> ? T : never };
