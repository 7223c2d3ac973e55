import { and, desc, eq, gte, lt, sql } from 'drizzle-orm';
import { THRESHOLDS } from '#shared/vitals/metrics.ts';
import type { Db } from '#worker/db/client.ts';
import { webVitals } from '#worker/vitals/vitals-tables.ts';
import type { VitalsBatchInput } from './vitals-batch.ts';
import { vitalsRows } from './vitals-batch.ts';

export function insertVitals(db: Db, batch: VitalsBatchInput) {
  return db.insert(webVitals).values(vitalsRows(batch));
}

/** Rows deleted per statement by prune, so one run never holds the database for long. */
const PRUNE_BATCH = 5_000;

/** How many rows are older than `before` (ISO): what prune would delete (the retention's dry run). */
export const countVitalsBefore = (db: Db, before: string): Promise<number> => db.$count(webVitals, lt(webVitals.createdAt, before));

/** Deletes rows older than `before` (ISO), a batch at a time, oldest first; returns how many went. */
export async function pruneVitals(db: Db, before: string): Promise<number> {
  let total = 0;
  for (;;) {
    const result = await db.run(
      sql`delete from ${webVitals} where ${webVitals.id} in (select ${webVitals.id} from ${webVitals} where ${webVitals.createdAt} < ${before} order by ${webVitals.createdAt} limit ${PRUNE_BATCH})`,
    );
    total += result.rowsAffected;
    if (result.rowsAffected < PRUNE_BATCH) return total;
  }
}

export interface VitalsP75 {
  pageType: string;
  market: string | null;
  metric: string;
  count: number;
  p75: number;
}

/**
 * Per page type, market and metric since `since`: the count and the 75th percentile (nearest rank:
 * the value at rank ceil(0.75 n)), computed in SQL from the created_at index's range.
 */
export async function vitalsP75(db: Db, since: string): Promise<VitalsP75[]> {
  const rows = await db.all<{ page_type: string; market: string | null; metric: string; n: number; value: number }>(sql`
    with ranked as (
      select page_type, market, metric, value,
        row_number() over (partition by page_type, market, metric order by value) as rn,
        count(*) over (partition by page_type, market, metric) as n
      from ${webVitals} where created_at >= ${since}
    )
    select page_type, market, metric, n, value from ranked where rn = (3 * n + 3) / 4
    order by page_type, market, metric`);
  return rows.map((r) => ({ pageType: r.page_type, market: r.market, metric: r.metric, count: Number(r.n), p75: Number(r.value) }));
}

/** The slowest interactions since `since`: INP value and its target, worst first. */
export function slowestInp(db: Db, since: string, limit = 5) {
  return db
    .select({ pageType: webVitals.pageType, target: webVitals.target, value: webVitals.value })
    .from(webVitals)
    .where(and(eq(webVitals.metric, 'INP'), gte(webVitals.createdAt, since)))
    .orderBy(desc(webVitals.value))
    .limit(limit);
}

export interface CommonTarget {
  pageType: string;
  market: string | null;
  metric: string;
  target: string;
  count: number;
}

/**
 * Per page type, market and metric (LCP, INP, CLS) since `since`: the element reports named most
 * often among the slow ones (over Google's "good"), or among all when none was slow. What to fix.
 */
export async function commonTargets(db: Db, since: string): Promise<CommonTarget[]> {
  const slow = sql.raw(
    `case metric ${(['LCP', 'INP', 'CLS'] as const).map((m) => `when '${m}' then value > ${THRESHOLDS[m].good}`).join(' ')} end`,
  );
  const rows = await db.all<{ page_type: string; market: string | null; metric: string; target: string; n: number }>(sql`
    with counted as (
      select page_type, market, metric, target, count(*) as n, sum(${slow}) as slow
      from ${webVitals}
      where created_at >= ${since} and target is not null and metric in ('LCP', 'INP', 'CLS')
      group by page_type, market, metric, target
    ), ranked as (
      select *, row_number() over (partition by page_type, market, metric order by slow desc, n desc, target) as rn from counted
    )
    select page_type, market, metric, target, n from ranked where rn = 1`);
  return rows.map((r) => ({ pageType: r.page_type, market: r.market, metric: r.metric, target: r.target, count: Number(r.n) }));
}
