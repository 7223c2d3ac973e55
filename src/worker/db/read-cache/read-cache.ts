import type { BatchItem } from 'drizzle-orm/batch';
import { errorFields, type Logger } from '../../log';
import type { Db } from '../client';
import { contentState } from '../queries/posts';
import type { Read, ReadValues } from '../queries/read';
import { cacheKey, CacheShort, entryState, NEVER, type CacheEntry } from './strategy';

/** Where entries are kept: the Workers Cache API on the edge, an LRU in memory on Node. */
export interface CacheStore {
  get(key: string): Promise<CacheEntry | undefined>;
  /** Kept for at most `ttlMs` (the strategy's stale window). */
  put(key: string, entry: CacheEntry, ttlMs: number): Promise<void>;
}

/** How a page's reads were served: 'hit' (fresh), 'stale' (kept copy), 'miss' (read from the database). */
export type ReadStatus = 'hit' | 'stale' | 'miss';

/** What the read cache needs from a request: where background work goes (ctx.waitUntil on the Worker) and its logger. */
export interface RequestScope {
  waitUntil: (work: Promise<unknown>) => void;
  log: Logger;
  /** Set once a read of this request timed out: its later reads do not wait again (one DB_TIMEOUT_MS per page). */
  timedOut: boolean;
}

/** The content version and the next scheduled post, as cached reads are checked against them. */
interface ContentState {
  version: string;
  /** ms since the epoch; NEVER when nothing is scheduled. */
  nextPublishAt: number;
}

const STATE_KEY = 'content-state';

/** With a kept copy, a read slower than this serves the copy (the read goes on and refreshes it): a hanging database costs a visitor 1 s, not DB_TIMEOUT_MS. */
export const REVALIDATE_BUDGET_MS = 1000;

/** A database that did not answer in DB_TIMEOUT_MS (the fetch wrapper's abort), however the client wraps it. */
function isTimeout(err: unknown): boolean {
  for (let e = err; e instanceof Error; e = e.cause) if (e.name === 'TimeoutError' || e.name === 'AbortError') return true;
  return false;
}

/** Which status of a page's reads the response reports: the slowest way any was served. */
const rank: Record<ReadStatus, number> = { hit: 0, stale: 1, miss: 2 };

interface QueuedBatch {
  reads: Read<unknown>[];
  withState: boolean;
  /** Each read's outcome, in queue order, once the batch is back and kept. */
  done: Promise<PromiseSettledResult<unknown>[]>;
}

export interface ReadCacheOptions {
  db: Db;
  store: CacheStore;
  /** Milliseconds since the epoch (tests pass a fake clock). */
  now?: () => number;
  revalidateBudgetMs?: number;
}

/**
 * One cache in front of every database read a page makes for visitors: fresh entries are served
 * with no read; stale ones are served at once while one background read refreshes them; entries a
 * sync or a scheduled post made outdated are read again, and served only if that read fails or is
 * slow. The reads a page needs go to the database in one batch (one round trip), together with the
 * content state when it is not fresh; concurrent misses of the same read share one request.
 */
export function createReadCache(options: ReadCacheOptions) {
  const { db, store } = options;
  const now = options.now ?? Date.now;
  const budget = options.revalidateBudgetMs ?? REVALIDATE_BUDGET_MS;
  /** Reads on their way from the database, by key (per process or isolate). */
  const inFlight = new Map<string, Promise<unknown>>();
  /** The content state as last read, kept in memory as well as in the store. */
  let memoState: CacheEntry<ContentState> | undefined;

  async function currentState(): Promise<CacheEntry<ContentState> | undefined> {
    if (!memoState) memoState = (await store.get(STATE_KEY)) as CacheEntry<ContentState> | undefined;
    return memoState;
  }

  /** Whether the content state must be read with the next batch (unknown, past its fresh window, or a scheduled post came due). */
  function stateIsFresh(state: CacheEntry<ContentState> | undefined, at: number): state is CacheEntry<ContentState> {
    return state !== undefined && at - state.storedAt < CacheShort.freshMs && at < state.value.nextPublishAt;
  }

  /** Reads asked for in this turn of the event loop: they go to the database together, as one batch. */
  let queue: QueuedBatch | undefined;

  /** Sends the queued reads (and the content state when asked) as one batch, and keeps every result. */
  async function flush(reads: Read<unknown>[], withState: boolean): Promise<PromiseSettledResult<unknown>[]> {
    const at = now();
    const stateQuery = withState ? [contentState(db, new Date(at).toISOString())] : [];
    const queries: BatchItem<'sqlite'>[] = [...stateQuery, ...reads.map((r) => r.query)];
    const settled = await db.batch(queries as [BatchItem<'sqlite'>, ...BatchItem<'sqlite'>[]]).then(
      (results: unknown[]) => results.map((rows): PromiseSettledResult<unknown> => ({ status: 'fulfilled', value: rows })),
      // One failed statement fails the batch: read each alone, so one broken read does not take the
      // page's others with it. Not after a time-out: a hanging database costs one DB_TIMEOUT_MS per page.
      (err: unknown) => {
        if (isTimeout(err)) throw err;
        return Promise.allSettled(queries.map((q) => q as unknown as Promise<unknown>));
      },
    );
    if (stateQuery.length > 0 && settled[0]?.status === 'fulfilled') {
      const [row] = settled[0].value as Array<{ version: number | null; nextPublishAt: string | null }>;
      const value = { version: String(row?.version ?? 0), nextPublishAt: row?.nextPublishAt ? Date.parse(row.nextPublishAt) : NEVER };
      memoState = { value, storedAt: at, version: value.version, expiresAt: value.nextPublishAt };
      await store.put(STATE_KEY, memoState, CacheShort.staleMs);
    }
    const version = memoState?.value.version ?? '0';
    const expiresAt = memoState?.value.nextPublishAt ?? NEVER;
    return Promise.all(
      reads.map(async (r, i): Promise<PromiseSettledResult<unknown>> => {
        const result = settled[i + stateQuery.length]!;
        if (result.status === 'rejected') return result;
        const value = r.map(result.value);
        await store.put(cacheKey(r.name, r.args), { value, storedAt: at, version, expiresAt }, r.strategy.staleMs);
        return { status: 'fulfilled', value };
      }),
    );
  }

  /**
   * Queues the reads for this turn's batch and registers each in flight at once, so concurrent misses
   * (and other reads the same page starts in the same turn) join it instead of asking again.
   */
  function fetchBatch(reads: ReadonlyArray<Read<unknown>>, withState: boolean): Map<string, Promise<unknown>> {
    if (!queue) {
      const queued: Read<unknown>[] = [];
      const next: QueuedBatch = {
        reads: queued,
        withState: false,
        done: new Promise<void>((resolve) => setTimeout(resolve, 0)).then(() => {
          queue = undefined;
          return flush(queued, next.withState);
        }),
      };
      queue = next;
    }
    const batch = queue;
    const offset = batch.reads.length;
    batch.reads.push(...reads);
    const started = new Map<string, Promise<unknown>>();
    const track = (key: string, value: Promise<unknown>) => {
      inFlight.set(key, value);
      started.set(key, value);
      void value.then(
        () => inFlight.delete(key),
        () => inFlight.delete(key),
      );
    };
    if (withState && !inFlight.has(STATE_KEY)) {
      batch.withState = true;
      track(STATE_KEY, batch.done);
    }
    reads.forEach((r, i) =>
      track(
        cacheKey(r.name, r.args),
        batch.done.then((results) => {
          const result = results[offset + i]!;
          if (result.status === 'rejected') throw result.reason;
          return result.value;
        }),
      ),
    );
    return started;
  }

  /**
   * The reads' values, each as a promise, once the cache has been asked (quick: memory or the
   * colo's cache); what needs the database is then on its way. `served` reports how each went.
   */
  async function start<R extends readonly Read<unknown>[]>(
    reads: R,
    scope: RequestScope,
    served: (status: ReadStatus) => void,
  ): Promise<{ [K in keyof R]: Promise<ReadValues<R>[K]> }> {
    const at = now();
    const state = await currentState();
    const stateFresh = stateIsFresh(state, at);
    const version = state?.value.version;
    const entries = await Promise.all(reads.map((r) => store.get(cacheKey(r.name, r.args))));
    const states = reads.map((r, i) => {
      const entry = entries[i];
      if (!entry || version === undefined) return entry ? 'outdated' : 'gone';
      return entryState(entry, r.strategy, at, version);
    });

    // Stale: refresh in the background (reads already on their way are not asked twice).
    const refresh = reads.filter((r, i) => states[i] === 'stale' && !inFlight.has(cacheKey(r.name, r.args)));
    // Outdated or missing: needed now (unless this request already waited out a hanging database).
    const needed = reads.filter((r, i) => (states[i] === 'outdated' || states[i] === 'gone') && !inFlight.has(cacheKey(r.name, r.args)));
    const batched = new Map<string, Promise<unknown>>();
    if (scope.timedOut)
      for (const r of needed)
        batched.set(cacheKey(r.name, r.args), Promise.reject(new Error('database timed out earlier in this request')));
    else if (needed.length > 0) for (const [k, v] of fetchBatch(needed, !stateFresh)) batched.set(k, v);
    const refreshing = refresh.length > 0 || (!stateFresh && needed.length === 0 && !inFlight.has(STATE_KEY));
    if (refreshing) {
      const work = refresh.length > 0 ? fetchBatch(refresh, !stateFresh) : fetchBatch([], true);
      scope.waitUntil(Promise.all(work.values()).catch((err: unknown) => scope.log('warn', 'background read failed', errorFields(err))));
    }

    const values = reads.map((r, i) => {
      const key = cacheKey(r.name, r.args);
      const entry = entries[i];
      if (states[i] === 'fresh' || states[i] === 'stale') {
        served(states[i] === 'fresh' ? 'hit' : 'stale');
        return Promise.resolve(entry!.value);
      }
      const pending = batched.get(key) ?? inFlight.get(key)!;
      served('miss');
      const failed = (err: unknown) => {
        if (isTimeout(err)) scope.timedOut = true;
        if (entry) {
          scope.log('warn', `database read failed, kept copy served: ${r.name}`, errorFields(err));
          return entry.value;
        }
        scope.log('error', `database read failed: ${r.name}`, errorFields(err));
        return r.fallback;
      };
      if (!entry) return pending.catch(failed);
      // A kept copy exists: serve it if the database is slow, and let the read finish in the background.
      scope.waitUntil(pending.catch(() => undefined));
      return Promise.race([
        pending,
        new Promise((resolve) => setTimeout(resolve, budget, entry.value)).then((value) => {
          scope.log('warn', `database read slow, kept copy served: ${r.name}`, { budgetMs: budget });
          return value;
        }),
      ]).catch(failed);
    });
    return values as { [K in keyof R]: Promise<ReadValues<R>[K]> };
  }

  return {
    start,
    /** Forgets the content state, so every kept read is checked again (the instance that ran a sync sees it at once). */
    async contentChanged(): Promise<void> {
      memoState = { value: { version: '', nextPublishAt: 0 }, storedAt: 0, version: '', expiresAt: 0 };
      await store.put(STATE_KEY, memoState, CacheShort.staleMs);
    },
  };
}

export type ReadCache = ReturnType<typeof createReadCache>;

/** The read cache as one request uses it: its reads, and how they were served for Server-Timing and the log line. */
export function requestReads(cache: ReadCache, scope: Omit<RequestScope, 'timedOut'>) {
  const requestScope: RequestScope = { ...scope, timedOut: false };
  let worst: ReadStatus | undefined;
  /** The longest any read took to give its value, among those done before the response's headers. */
  let slowestMs = 0;
  const served = (status: ReadStatus) => {
    if (!worst || rank[status] > rank[worst]) worst = status;
  };
  async function start<R extends readonly Read<unknown>[]>(reads: R) {
    const started = performance.now();
    const values = await cache.start(reads, requestScope, served);
    const timed = values.map((value: Promise<unknown>) =>
      value.then((v) => {
        slowestMs = Math.max(slowestMs, performance.now() - started);
        return v;
      }),
    );
    return timed as typeof values;
  }
  return {
    /** Starts the reads; each value is a promise (for Suspense). */
    start,
    /** The reads' values, awaited: what the head and the first paint need (one round trip at most). */
    async all<R extends readonly Read<unknown>[]>(reads: R): Promise<ReadValues<R>> {
      return (await Promise.all(await start(reads))) as ReadValues<R>;
    },
    /** `db;desc="hit|stale|miss";dur=…` once the page read anything. */
    serverTiming(): string | undefined {
      return worst && `db;desc="${worst}";dur=${slowestMs.toFixed(1)}`;
    },
  };
}

export type RequestReads = ReturnType<typeof requestReads>;
