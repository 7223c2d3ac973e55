import { and, asc, count, eq, gt, inArray, isNull, lt, lte, min, or, sql, type SQL } from 'drizzle-orm';
import { MAX_EMAIL_ATTEMPTS } from './retry-schedule.ts';
import { integer, sqliteTable, text, type SQLiteColumn, type SQLiteTable } from 'drizzle-orm/sqlite-core';
import type { Db } from '#worker/db/client.ts';
import { mailColumns, type EmailStatus } from '#worker/db/table-parts.ts';

/** The columns every table whose rows owe mail has (mailColumns, an id, a creation time), as one table the queries below are typed against; no such table is made. */
const owing = sqliteTable('owed_mail', { id: integer('id').primaryKey(), createdAt: text('created_at').notNull(), ...mailColumns() });

/** A table whose rows owe mail: contact messages, orders and their steps' mails, stock alerts', reminders', the Digest's. */
export type MailTable = SQLiteTable & Record<keyof (typeof owing)['_']['columns'], SQLiteColumn>;

const timestamp = (at: Date) => at.toISOString();

/**
 * How long one sender holds a row: longer than a send can take. Its two mails run side by side, and
 * each may first ask Postmark whether it went (a search) and then send, each request given up after
 * MAIL_TIMEOUT_MS; then the write that records it, given up after DB_TIMEOUT_MS; and a margin. A
 * sender that died (a crashed process) loses the row when the lease runs out; then the retry job takes it.
 */
export function emailLeaseMs(mailTimeoutMs: number, dbTimeoutMs = 5000): number {
  return 2 * mailTimeoutMs + dbTimeoutMs + 5000;
}

/**
 * Takes up to `limit` rows that owe mail and are due, oldest first, holding each until `leaseUntil`.
 * Owed: the shop's mail (always, until it goes), or a wanted confirmation (for the first
 * MAX_EMAIL_ATTEMPTS attempts: a bouncing address is not mailed for ever). Due: no other sender holds
 * it (lease over at `leaseNow`, the real time) and its back-off is over at `now`; only ids above
 * `afterId` (a run walks forward, so it tries each row at most once) and matching `only` (one order's
 * rows). One UPDATE … RETURNING: SQLite
 * runs it as a single write, so two retry runs (or a run and a request) never take the same row.
 */
export async function claimOwedMail<T extends MailTable>(
  db: Db,
  table: T,
  opts: { now: Date; leaseNow: Date; leaseUntil: Date; limit: number; afterId?: number; only?: SQL },
): Promise<Array<T['$inferSelect']>> {
  const t = table as unknown as typeof owing;
  const now = timestamp(opts.now);
  const owed = or(
    isNull(t.notifiedAt),
    and(eq(t.confirmationWanted, true), isNull(t.confirmedAt), lt(t.emailAttempts, MAX_EMAIL_ATTEMPTS)),
  );
  const free = and(owed, or(isNull(t.emailLeaseUntil), lt(t.emailLeaseUntil, timestamp(opts.leaseNow))), opts.only);
  const due = db
    .select({ id: t.id })
    .from(t)
    .where(and(free, gt(t.id, opts.afterId ?? 0), or(isNull(t.emailNextAttemptAt), lte(t.emailNextAttemptAt, now))))
    .orderBy(asc(t.id))
    .limit(opts.limit);
  const rows = (await db
    .update(t)
    .set({ emailLeaseUntil: timestamp(opts.leaseUntil) })
    .where(and(inArray(t.id, due), free))
    .returning()) as Array<T['$inferSelect']>;
  return rows.toSorted((a, b) => a.id - b.id);
}

/**
 * Records one attempt (what went now: the shop's mail, the confirmation) and lets go of the row, with
 * when to try again if anything is still owed (null: nothing is). A recorded delivery is never undone:
 * notified_at and confirmed_at are only ever set, and an attempt that sent nothing does not change the
 * status of a row someone else delivered meanwhile.
 */
export async function recordMailDelivery(
  db: Db,
  table: MailTable,
  id: number,
  delivery: { notified: boolean; confirmed: boolean; status: EmailStatus; error: string | null; nextAttemptAt: Date | null },
  at = new Date(),
) {
  const t = table as unknown as typeof owing;
  const { notified, confirmed, status, error, nextAttemptAt } = delivery;
  const when = timestamp(at);
  await db
    .update(t)
    .set({
      emailStatus: notified || confirmed ? status : sql`case when ${t.notifiedAt} is null then ${status} else ${t.emailStatus} end`,
      emailAttempts: sql`${t.emailAttempts} + 1`,
      emailLastError: error,
      emailLeaseUntil: null,
      emailNextAttemptAt: nextAttemptAt && timestamp(nextAttemptAt),
      ...(notified ? { notifiedAt: sql`coalesce(${t.notifiedAt}, ${when})` } : {}),
      ...(confirmed ? { confirmedAt: sql`coalesce(${t.confirmedAt}, ${when})` } : {}),
    })
    .where(eq(t.id, id));
}

/** Rows whose shop mail has not gone: how many, the oldest's creation, and how many are past `maxAttempts`. */
export async function owedMail(db: Db, table: MailTable, maxAttempts: number) {
  const t = table as unknown as typeof owing;
  const [row] = await db
    .select({
      owed: count(),
      oldest: min(t.createdAt),
      overdue: sql<number>`coalesce(sum(case when ${t.emailAttempts} >= ${maxAttempts} then 1 else 0 end), 0)`,
    })
    .from(t)
    .where(isNull(t.notifiedAt));
  return { owed: row?.owed ?? 0, oldestCreatedAt: row?.oldest ?? null, overdue: Number(row?.overdue ?? 0) };
}
