import { sql } from 'drizzle-orm';
import type { Db } from '#worker/db/client.ts';
import { purgeSlots } from '#worker/changes/change-tables.ts';

/**
 * How a change feed spaces its purges out, where purging has a rate limit (Cloudflare's purge by tag:
 * 5 requests a minute on the Free plan, a bucket of 25). One purge per window, for every isolate at
 * once: the slot is a database row. A change whose purge finds the slot taken waits for the next
 * window, when one purge takes every pending change's tags together.
 */
export interface PurgePacing {
  /** True when this caller may purge now (and the window starts again); false while the last purge is under a window old. */
  claim(): Promise<boolean>;
  windowMs: number;
  /** Runs work after the answer without holding it (the request's ctx.waitUntil). */
  defer(work: Promise<unknown>): void;
}

/** A window per purge for `perMinute` purges a minute. */
export const purgeWindowMs = (perMinute: number) => Math.ceil(60_000 / perMinute);

/**
 * The slot `name` in the database: taken in one statement (insert, or update only when the last
 * purge is a window old), so two isolates asking at once cannot both take it.
 */
export function databasePurgeSlot(db: Db, name: string, windowMs: number): PurgePacing['claim'] {
  return async () => {
    const now = Date.now();
    const taken = await db
      .insert(purgeSlots)
      .values({ name, lastAt: now })
      .onConflictDoUpdate({ target: purgeSlots.name, set: { lastAt: now }, setWhere: sql`${purgeSlots.lastAt} <= ${now - windowMs}` })
      .returning({ lastAt: purgeSlots.lastAt });
    return taken.length > 0;
  };
}
