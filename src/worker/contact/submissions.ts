import { and, count, eq, gt } from 'drizzle-orm';
import type { Db } from '#worker/db/client.ts';
import { formSubmissions } from '#worker/contact/contact-tables.ts';

const timestamp = (at: Date) => at.toISOString();
const t = formSubmissions;

export async function insertSubmission(
  db: Db,
  fields: {
    name: string;
    email: string;
    phone: string | null;
    subject: string;
    message: string;
    senderKey?: string | null;
    recipientKey?: string | null;
    confirmationWanted?: boolean;
    /** The request that saves the row sends it first; the retry job keeps off it until then. */
    leaseUntil?: Date;
  },
) {
  const { leaseUntil, ...values } = fields;
  const [row] = await db
    .insert(t)
    .values({ ...values, emailLeaseUntil: leaseUntil ? timestamp(leaseUntil) : null })
    .returning();
  if (!row) throw new Error('insert returned no row');
  return row;
}

/** How many messages one sender saved since `since` (the contact rate limit). */
export async function countRecentBySender(db: Db, senderKey: string, since: Date): Promise<number> {
  const [row] = await db
    .select({ n: count() })
    .from(t)
    .where(and(eq(t.senderKey, senderKey), gt(t.createdAt, timestamp(since))));
  return row?.n ?? 0;
}

/** How many confirmations went (or are owed) to one recipient since `since` (the per-recipient limit). */
export async function countRecentConfirmations(db: Db, recipientKey: string, since: Date): Promise<number> {
  const [row] = await db
    .select({ n: count() })
    .from(t)
    .where(and(eq(t.recipientKey, recipientKey), eq(t.confirmationWanted, true), gt(t.createdAt, timestamp(since))));
  return row?.n ?? 0;
}
