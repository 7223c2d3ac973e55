import { and, asc, inArray, isNull, lt, sql } from 'drizzle-orm';
import type { ChangeFeed, ChangeOutcome } from '#worker/base/change-feed-contract.ts';
import { nowIso } from '#worker/base/clock.ts';
import { errorFields, type Logger } from '#worker/base/log.ts';
import type { Db } from '#worker/db/client.ts';
import { pageChanges } from '#worker/changes/change-tables.ts';
import type { PurgePacing } from './purge-pacing.ts';

/** Drops the page cache's entries carrying any of the tags; true once the cache took it. */
export type PurgePages = (tags: readonly string[]) => Promise<boolean>;

export interface ChangeFeedDeps {
  db: Db;
  purge: PurgePages;
  log: Logger;
  /** The read cache's kept reads are checked again (this process sees the change at once; others by the change's id). */
  readsChanged?: () => Promise<void>;
  /** Where purges are rate-limited (the edge): one per window, a burst's changes purged together. */
  pacing?: PurgePacing;
}

/** A change that finds the purge slot taken tries again this many windows later, at most (then the scheduled job has it). */
const DEFERRED_TRIES = 2;

/** Pending changes purged per scheduled run, at most (a backlog drains over runs). */
const PENDING_BATCH = 200;
/** Purged changes are kept this long (what changed, when: for the operator), then deleted. */
const KEEP_DAYS = 7;

/**
 * The shop's change feed: a change is written first (a row: its tags), then the reads and the page
 * cache drop what carries its tags, then the row is marked purged. A purge that fails leaves the row
 * pending for `purgePending` (the scheduled job, or the command line's call to the shop). With
 * pacing, a change whose purge slot is taken waits for the next window, when one purge takes every
 * pending change (the request's waitUntil; the scheduled job after that).
 */
export function createChangeFeed(deps: ChangeFeedDeps): ChangeFeed & { purgePending(): Promise<number> } {
  const { db, log, pacing } = deps;
  const purge = (tags: readonly string[]) =>
    deps.purge(tags).catch((err: unknown) => {
      log('error', 'page cache purge failed', { tags, ...errorFields(err) });
      return false;
    });

  /** Purges every change still pending (oldest first, bounded) in one purge and marks them; how many were purged. */
  async function purgeBatch(claimed: boolean): Promise<number> {
    const rows = await db
      .select({ id: pageChanges.id, tags: pageChanges.tags })
      .from(pageChanges)
      .where(isNull(pageChanges.purgedAt))
      .orderBy(asc(pageChanges.id))
      .limit(PENDING_BATCH);
    if (rows.length === 0) return 0;
    if (pacing && !claimed && !(await pacing.claim())) return 0;
    const tags = [...new Set(rows.flatMap((r) => JSON.parse(r.tags) as string[]))];
    await deps.readsChanged?.().catch(() => undefined);
    if (!(await purge(tags))) return 0;
    await db
      .update(pageChanges)
      .set({ purgedAt: nowIso() })
      .where(
        inArray(
          pageChanges.id,
          rows.map((r) => r.id),
        ),
      );
    log('info', 'pending page changes purged', { changes: rows.length, tags: tags.length });
    return rows.length;
  }

  /** A change that found the slot taken: a window later, purged with whatever else waits, unless a purge took it meanwhile. */
  async function purgeLater(p: PurgePacing, id: number): Promise<void> {
    for (let tries = 0; tries < DEFERRED_TRIES; tries++) {
      await new Promise((resolve) => setTimeout(resolve, p.windowMs));
      const [row] = await db
        .select({ purgedAt: pageChanges.purgedAt })
        .from(pageChanges)
        .where(sql`${pageChanges.id} = ${id}`);
      if (!row || row.purgedAt !== null) return;
      if (await p.claim()) {
        await purgeBatch(true);
        return;
      }
    }
  }

  return {
    async publish(tags): Promise<ChangeOutcome> {
      const unique = [...new Set(tags)];
      if (unique.length === 0) return 'nothing';
      let id: number | undefined;
      try {
        [{ id } = { id: undefined }] = await db
          .insert(pageChanges)
          .values({ tags: JSON.stringify(unique) })
          .returning({ id: pageChanges.id });
      } catch (err) {
        // The purge still runs: the change is real whether or not its record was kept.
        log('error', 'page change not recorded', { tags: unique, ...errorFields(err) });
      }
      await deps.readsChanged?.().catch((err: unknown) => log('warn', 'reads not told of a change', errorFields(err)));
      if (pacing && id !== undefined) {
        if (await pacing.claim().catch(() => false)) return (await purgeBatch(true)) > 0 ? 'purged' : 'pending';
        pacing.defer(purgeLater(pacing, id).catch((err: unknown) => log('warn', 'deferred purge failed', errorFields(err))));
        log('debug', 'page change waits for the next purge window', { tags: unique });
        return 'pending';
      }
      const purged = await purge(unique);
      if (purged && id !== undefined) {
        await db
          .update(pageChanges)
          .set({ purgedAt: nowIso() })
          .where(sql`${pageChanges.id} = ${id}`)
          .catch((err: unknown) => log('warn', 'page change not marked purged', errorFields(err)));
      }
      log('debug', 'page change', { tags: unique, purged });
      return purged ? 'purged' : 'pending';
    },
    /** Purges every change still pending (oldest first, bounded) and marks them; how many were purged (0 while the slot is taken). */
    purgePending: () => purgeBatch(false),
  };
}

/** Deletes purged changes older than KEEP_DAYS (the scheduled job). */
export async function pruneChanges(db: Db, now = Date.now()): Promise<void> {
  const before = new Date(now - KEEP_DAYS * 86_400_000).toISOString();
  await db.delete(pageChanges).where(and(lt(pageChanges.createdAt, before), sql`${pageChanges.purgedAt} is not null`));
}
