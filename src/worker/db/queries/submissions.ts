import { and, asc, eq, inArray, lt, sql } from 'drizzle-orm';
import type { Db } from '../client';
import { formSubmissions, type EmailStatus } from '../schema';

export const MAX_EMAIL_ATTEMPTS = 5;

export async function insertSubmission(
  db: Db,
  fields: { name: string; email: string; phone: string | null; subject: string; message: string },
) {
  const [row] = await db.insert(formSubmissions).values(fields).returning();
  if (!row) throw new Error('insert returned no row');
  return row;
}

/** Records one send attempt and its outcome. */
export async function recordEmailAttempt(db: Db, id: number, status: EmailStatus, error: string | null) {
  await db
    .update(formSubmissions)
    .set({ emailStatus: status, emailLastError: error, emailAttempts: sql`${formSubmissions.emailAttempts} + 1` })
    .where(eq(formSubmissions.id, id));
}

/** Messages whose e-mail failed (or never finished) and may be tried again, oldest first. */
export function submissionsToRetry(db: Db, limit = 20) {
  return db
    .select()
    .from(formSubmissions)
    .where(and(inArray(formSubmissions.emailStatus, ['failed', 'pending']), lt(formSubmissions.emailAttempts, MAX_EMAIL_ATTEMPTS)))
    .orderBy(asc(formSubmissions.id))
    .limit(limit);
}
