import type { BatchItem } from 'drizzle-orm/batch';
import { errorFields, type Logger } from '#worker/base/log.ts';
import type { Db } from '#worker/db/client.ts';
import type { Read, ReadValues } from './read.ts';
import { cacheKey, entryState, type CacheEntry } from './strategy.ts';
import type { VersionGate } from './version-gate.ts';

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
  /** Set once a read failed or was slow and a kept copy or the fallback stood in: the page is not kept by a shared cache. */
  degraded?: boolean;
  /**
   * The page goes into the shared page cache for every visitor: the gate is checked first unless it
   * was read in the last GATE_CHECK_MS, so a change made on another instance (whose purge emptied
   * the page cache everywhere) is not rendered from this instance's older copy and kept for all.
   */
  checkGate?: boolean;
}

/** How old the gate may be for a page the shared cache will keep. */
export const GATE_CHECK_MS = 1000;

/** With a kept copy, a read slower than this serves the copy (the read goes on and refreshes it): a hanging database costs a visitor 1 s, not DB_TIMEOUT_MS. */
export const REVALIDATE_BUDGET_MS = 1000;

/** A database that did not answer in DB_TIMEOUT_MS (the fetch wrapper's abort), however the client wraps it. */
function isTimeout(err: unknown): boolean {
  for (let e = err; e instanceof Error; e = e.cause) if (e.name === 'TimeoutError' || e.name === 'AbortError') return true;
  return false;
}

interface QueuedBatch {
  reads: Read<unknown>[];
  withState: boolean;
  /** Each read's outcome, in queue order, once the batch is back and kept. */
  done: Promise<PromiseSettledResult<unknown>[]>;
}

export interface ReadCacheOptions {
  db: Db;
  store: CacheStore;
  /** What kept entries are checked against, made from the same database and store (contentGate for the posts). */
  gate: (db: Db, store: CacheStore) => VersionGate;
  /** Milliseconds since the epoch (tests pass a fake clock). */
  now?: () => number;
  revalidateBudgetMs?: number;
  /**
   * The longest a request waits for a read it needs (no kept copy), whoever started it: past it the
   * read's fallback is served. A little over DB_TIMEOUT_MS, so it only bites when a read never settles.
   */
  waitMs?: number;
  /** Where store failures are reported (the store is best effort: a failure is a miss, never a page error). */
  log?: Logger;
}

/** How long after a read failed or was slow the database counts as in trouble (DEGRADED_RETRY_AFTER_S's half minute). */
export const TROUBLE_MS = 30_000;

/** Default for waitMs: DB_TIMEOUT_MS's default and a second. */
export const READ_WAIT_MS = 6000;

/** Cache store calls that fail count as a miss (get) or as not kept (put), logged, never thrown. */
function bestEffort(store: CacheStore, log: Logger): CacheStore {
  return {
    get: (key) =>
      store.get(key).catch((err: unknown) => {
        log('warn', 'read cache store get failed', { key, ...errorFields(err) });
        return undefined;
      }),
    put: (key, entry, ttlMs) =>
      store.put(key, entry, ttlMs).catch((err: unknown) => {
        log('warn', 'read cache store put failed', { key, ...errorFields(err) });
      }),
  };
}

/** What a read found nothing for (an unknown slug, an empty search): kept only for the fresh window, not for days. */
function isMiss(value: unknown): boolean {
  return value === null || value === undefined || (Array.isArray(value) && value.length === 0);
}

/**
 * One cache in front of every database read a page makes for visitors: fresh entries are served
 * with no read; stale ones are served at once while one background read refreshes them; entries the
 * gate made outdated (a sync, a scheduled post) are read again, and served only if that read fails or
 * is slow. The reads a page needs go to the database in one batch (one round trip), together with the
 * gate's state when it is not fresh; concurrent misses of the same read share one request.
 */
export function createReadCache(options: ReadCacheOptions) {
  const { db } = options;
  const store = bestEffort(options.store, options.log ?? (() => {}));
  const gate = options.gate(db, store);
  const now = options.now ?? Date.now;
  const budget = options.revalidateBudgetMs ?? REVALIDATE_BUDGET_MS;
  const waitMs = options.waitMs ?? READ_WAIT_MS;
  /** When a read last failed or was slow (per process or isolate). */
  let troubleAt = Number.NEGATIVE_INFINITY;
  /** Reads on their way from the database, by key (per process or isolate). */
  const inFlight = new Map<string, Promise<unknown>>();

  /** Reads asked for in this turn of the event loop: they go to the database together, as one batch. */
  let queue: QueuedBatch | undefined;

  /** Sends the queued reads (and the gate's state when asked) as one batch, and keeps every result. */
  async function flush(reads: Read<unknown>[], withState: boolean): Promise<PromiseSettledResult<unknown>[]> {
    const at = now();
    // What the rows are stamped with: the state as known when they were asked for, unless the batch
    // read the state itself (then both are one snapshot). Another batch may learn of a newer version
    // meanwhile; stamping these older rows with it would keep them as current.
    let stamp = gate.stamp();
    const stateQuery = withState ? [gate.query(at)] : [];
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
      await gate.keep(settled[0].value, at);
      stamp = gate.stamp();
    }
    const { version, expiresAt } = stamp;
    return Promise.all(
      reads.map(async (r, i): Promise<PromiseSettledResult<unknown>> => {
        const result = settled[i + stateQuery.length]!;
        if (result.status === 'rejected') return result;
        const value = r.map(result.value);
        const keepMs = isMiss(value) ? r.strategy.freshMs : r.strategy.staleMs;
        await store.put(cacheKey(r.name, r.args), { value, storedAt: at, version, expiresAt }, keepMs);
        return { status: 'fulfilled', value };
      }),
    );
  }

  /**
   * Queues the reads for this turn's batch and registers each in flight at once, so concurrent misses
   * (and other reads the same page starts in the same turn) join it instead of asking again.
   */
  function fetchBatch(reads: ReadonlyArray<Read<unknown>>, withState: boolean, scope: RequestScope): Map<string, Promise<unknown>> {
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
      // Other requests join this batch: it must outlive the request that started it (workerd cancels
      // a finished request's I/O unless it is handed to waitUntil).
      scope.waitUntil(next.done.catch(() => undefined));
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
    if (withState && !inFlight.has(gate.key)) {
      batch.withState = true;
      track(gate.key, batch.done);
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

  /** The read, or a TimeoutError once this waiter has waited waitMs (the read itself goes on for others). */
  function withinWait<T>(pending: Promise<T>): Promise<T> {
    let timer: ReturnType<typeof setTimeout> | undefined;
    const timeout = new Promise<never>((_, reject) => {
      timer = setTimeout(() => reject(new DOMException(`read not back in ${waitMs} ms`, 'TimeoutError')), waitMs);
    });
    return Promise.race([pending, timeout]).finally(() => clearTimeout(timer));
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
    const state = await gate.current();
    // A page the shared cache will keep, with the gate older than GATE_CHECK_MS: everything is read
    // again with the gate, in the one batch (a kept copy still stands in if that read fails or is slow).
    const recheck = scope.checkGate === true && !(state && at - state.storedAt < GATE_CHECK_MS) && !scope.timedOut;
    const stateFresh = !recheck && (scope.checkGate === true || gate.isFresh(state, at));
    const version = state?.value.version;
    const entries = await Promise.all(reads.map((r) => store.get(cacheKey(r.name, r.args))));
    const states = reads.map((r, i) => {
      const entry = entries[i];
      if (!entry || version === undefined || recheck) return entry ? 'outdated' : 'gone';
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
    else if (needed.length > 0) for (const [k, v] of fetchBatch(needed, !stateFresh, scope)) batched.set(k, v);
    const refreshing = refresh.length > 0 || (!stateFresh && needed.length === 0 && !inFlight.has(gate.key));
    if (refreshing) {
      const work = refresh.length > 0 ? fetchBatch(refresh, !stateFresh, scope) : fetchBatch([], true, scope);
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
        scope.degraded = true;
        troubleAt = now();
        if (entry) {
          scope.log('warn', `database read failed, kept copy served: ${r.name}`, errorFields(err));
          return entry.value;
        }
        scope.log('error', `database read failed: ${r.name}`, errorFields(err));
        return r.fallback;
      };
      if (!entry) return withinWait(pending).catch(failed);
      // A kept copy exists: serve it if the database is slow, and let the read finish in the background.
      scope.waitUntil(pending.catch(() => undefined));
      // The timer stops when the read settles first: only a read still out at the budget makes the page degraded.
      let timer: ReturnType<typeof setTimeout> | undefined;
      const slow = new Promise((resolve) => (timer = setTimeout(resolve, budget))).then(() => {
        scope.degraded = true;
        troubleAt = now();
        scope.log('warn', `database read slow, kept copy served: ${r.name}`, { budgetMs: budget });
        return entry.value;
      });
      return Promise.race([pending.finally(() => clearTimeout(timer)), slow]).catch(failed);
    });
    return values as { [K in keyof R]: Promise<ReadValues<R>[K]> };
  }

  return {
    start,
    /** What is kept of a read, however old, without asking the database (undefined when nothing is). */
    async peek<T>(r: Read<T>): Promise<T | undefined> {
      return (await store.get(cacheKey(r.name, r.args)))?.value as T | undefined;
    },
    /** Whether a read failed or was slow in the last TROUBLE_MS: a page then waits for its reads before its first byte (it may have to answer 503). */
    troubled: (): boolean => now() - troubleAt < TROUBLE_MS,
    /** Forgets the gate's state, so every kept read is checked again (the instance that ran a sync sees it at once). */
    contentChanged: (): Promise<void> => gate.changed(),
  };
}

export type ReadCache = ReturnType<typeof createReadCache>;
