import type { Read, ReadValues } from './read.ts';
import type { ReadCache, ReadStatus, RequestScope } from './read-cache.ts';

/** Which status of a page's reads the response reports: the slowest way any was served. */
const rank: Record<ReadStatus, number> = { hit: 0, stale: 1, miss: 2 };

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
    /** Whether a read failed or was slow and a kept copy or its fallback stood in (the page is not shared). */
    degraded: () => requestScope.degraded === true,
    /** `db;desc="hit|stale|miss";dur=…` once the page read anything. */
    serverTiming(): string | undefined {
      return worst && `db;desc="${worst}";dur=${slowestMs.toFixed(1)}`;
    },
  };
}

export type RequestReads = ReturnType<typeof requestReads>;
