import { and, eq, inArray, lt, sql } from 'drizzle-orm';
import { nowSeconds } from '#worker/base/clock.ts';
import type { Db } from '#worker/db/client.ts';
import { rateHits } from '#worker/limits/limit-tables.ts';

/** What may be done how often by one key (an HMAC of the address: senderKey): `limit` hits per `windowS` seconds. */
export interface DurableLimit {
  /** Names the count in the table (checkout, thank-you, …): each scope counts on its own. */
  scope: string;
  limit: number;
  windowS: number;
}

/** A hit allowed, or refused with the seconds until the window ends (the Retry-After a 429 carries). */
export type LimitAnswer = { allowed: true } | { allowed: false; retryAfterS: number };

/**
 * Counts one hit for `key` in the current fixed window and says whether it was within the limit, in
 * one upsert (the count is the database's, so it holds across Worker isolates and restarts). A limit
 * of 0 is off. The refused hit is counted too: hammering does not open the window sooner.
 */
export async function takeHit(db: Db, limit: DurableLimit, key: string, nowS = nowSeconds()): Promise<LimitAnswer> {
  if (limit.limit <= 0) return { allowed: true };
  const window = nowS - (nowS % limit.windowS);
  const [row] = await db
    .insert(rateHits)
    .values({ scope: limit.scope, key, window, hits: 1 })
    .onConflictDoUpdate({ target: [rateHits.scope, rateHits.key, rateHits.window], set: { hits: sql`${rateHits.hits} + 1` } })
    .returning({ hits: rateHits.hits });
  return (row?.hits ?? 1) <= limit.limit ? { allowed: true } : { allowed: false, retryAfterS: window + limit.windowS - nowS };
}

/**
 * takeHit counted across the window and the one before it, so the limit holds over any span of one
 * window's length (fixed windows alone would let twice the limit through either side of a boundary).
 */
export async function takeHitAcross(db: Db, limit: DurableLimit, key: string, nowS = nowSeconds()): Promise<LimitAnswer> {
  if (limit.limit <= 0) return { allowed: true };
  const window = nowS - (nowS % limit.windowS);
  const [, [row]] = await db.batch([
    db
      .insert(rateHits)
      .values({ scope: limit.scope, key, window, hits: 1 })
      .onConflictDoUpdate({ target: [rateHits.scope, rateHits.key, rateHits.window], set: { hits: sql`${rateHits.hits} + 1` } }),
    db
      .select({ hits: sql<number>`coalesce(sum(${rateHits.hits}), 0)` })
      .from(rateHits)
      .where(and(eq(rateHits.scope, limit.scope), eq(rateHits.key, key), inArray(rateHits.window, [window, window - limit.windowS]))),
  ]);
  return Number(row?.hits ?? 1) <= limit.limit ? { allowed: true } : { allowed: false, retryAfterS: window + limit.windowS - nowS };
}

/** The longest window a limit counts (with the one before it): the rate_hits a run may prune are older than twice this. */
export const LONGEST_WINDOW_S = 48 * 3600;

/**
 * Whether this is the first use of `key` (a form token: one message each), counted under `window` (the
 * token's own time, so a use the next day still finds the first). Kept until the scheduled job prunes
 * that window (a day): a token older than that counts afresh, as it would have been taken for old anyway.
 */
export async function firstUse(db: Db, scope: string, key: string, window: number): Promise<boolean> {
  const [row] = await db
    .insert(rateHits)
    .values({ scope, key, window, hits: 1 })
    .onConflictDoUpdate({ target: [rateHits.scope, rateHits.key, rateHits.window], set: { hits: sql`${rateHits.hits} + 1` } })
    .returning({ hits: rateHits.hits });
  return (row?.hits ?? 1) === 1;
}

/** Deletes windows that ended before `beforeS` (the scheduled job): the table holds the current windows only. */
export async function pruneHits(db: Db, beforeS: number): Promise<number> {
  const gone = await db.delete(rateHits).where(lt(rateHits.window, beforeS)).returning({ key: rateHits.key });
  return gone.length;
}
