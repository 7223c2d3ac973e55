import { eq } from 'drizzle-orm';
import type { Db } from '#worker/db/client.ts';
import { mailOptOuts } from '#worker/limits/limit-tables.ts';
import { recipientKey } from './sender-key.ts';

/**
 * Addresses that asked for no more mail beyond their orders' own (reminders, review invitations,
 * referral rewards): kept only as the recipient HMAC key, folded as the limits fold addresses.
 */
export async function optedOut(db: Db, secret: string | undefined, email: string): Promise<boolean> {
  const key = await recipientKey(secret, email);
  const [row] = await db.select({ key: mailOptOuts.emailKey }).from(mailOptOuts).where(eq(mailOptOuts.emailKey, key));
  return row !== undefined;
}

/** The address asks for no more such mail (once; again changes nothing). */
export async function optOut(db: Db, secret: string | undefined, email: string): Promise<void> {
  await db
    .insert(mailOptOuts)
    .values({ emailKey: await recipientKey(secret, email) })
    .onConflictDoNothing();
}
