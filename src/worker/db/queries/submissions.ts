import { and, asc, count, eq, gt, isNull, lt, sql } from 'drizzle-orm';
import type { Db } from '../client';
import { formSubmissions, type EmailStatus } from '../schema';

export const MAX_EMAIL_ATTEMPTS = 5;

const timestamp = (at: Date) => at.toISOString();

export async function insertSubmission(
  db: Db,
  fields: { name: string; email: string; phone: string | null; subject: string; message: string; senderKey?: string | null },
) {
  const [row] = await db.insert(formSubmissions).values(fields).returning();
  if (!row) throw new Error('insert returned no row');
  return row;
}

/** How many messages one sender saved since `since` (the contact rate limit). */
export async function countRecentBySender(db: Db, senderKey: string, since: Date): Promise<number> {
  const [row] = await db
    .select({ n: count() })
    .from(formSubmissions)
    .where(and(eq(formSubmissions.senderKey, senderKey), gt(formSubmissions.createdAt, timestamp(since))));
  return row?.n ?? 0;
}

/**
 * Records one attempt at notifying the shop, and the visitor's confirmation when it was sent
 * alongside (`confirmed` left out: not tried this time, its record stays).
 */
export async function recordDelivery(
  db: Db,
  id: number,
  delivery: { notified: boolean; confirmed?: boolean; status: EmailStatus; error: string | null },
  at = new Date(),
) {
  const { notified, confirmed, status, error } = delivery;
  await db
    .update(formSubmissions)
    .set({
      emailStatus: status,
      emailAttempts: sql`${formSubmissions.emailAttempts} + 1`,
      emailLastError: error,
      notifiedAt: notified ? timestamp(at) : null,
      ...(confirmed === undefined ? {} : { confirmedAt: confirmed ? timestamp(at) : null }),
    })
    .where(eq(formSubmissions.id, id));
}

/** Messages the shop has not been notified of yet and that may be tried again, oldest first. */
export function submissionsToRetry(db: Db, limit = 20) {
  return db
    .select()
    .from(formSubmissions)
    .where(and(isNull(formSubmissions.notifiedAt), lt(formSubmissions.emailAttempts, MAX_EMAIL_ATTEMPTS)))
    .orderBy(asc(formSubmissions.id))
    .limit(limit);
}
