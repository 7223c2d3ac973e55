import { sql } from 'drizzle-orm';
import { integer, text } from 'drizzle-orm/sqlite-core';
import { foldedEmailColumn } from './address-fold.ts';

/** Timestamps are ISO 8601 strings (UTC), which sort and compare as text. */
export const now = sql`(strftime('%Y-%m-%dT%H:%M:%fZ', 'now'))`;

/** A table's `email` as one person's key (address-fold.ts): computed by the database, never written. */
export const emailFold = () => text('email_fold').generatedAlwaysAs(sql.raw(foldedEmailColumn), { mode: 'virtual' });

const emailStatuses = ['pending', 'failed', 'partial', 'success'] as const;
export type EmailStatus = (typeof emailStatuses)[number];

/**
 * The two e-mails a row owes (one to the shop, one to the person) and who is sending them: the same
 * columns on contact messages and orders, so one claim/lease/back-off code serves both
 * (src/worker/mail/owed-mail.ts).
 */
export function mailColumns() {
  return {
    /**
     * 'pending' until the first send finishes; then success (the shop was notified and the person
     * confirmed), partial (one of the two) or failed (neither).
     */
    emailStatus: text('email_status', { enum: emailStatuses }).notNull().default('pending'),
    /** Attempts at notifying the shop, the e-mail the retry job keeps sending until it goes. */
    emailAttempts: integer('email_attempts').notNull().default(0),
    emailLastError: text('email_last_error'),
    /** When the shop's inbox accepted its mail; null means it is still owed (never lost). Never cleared. */
    notifiedAt: text('notified_at'),
    /** When the person's confirmation was accepted. Never cleared. */
    confirmedAt: text('confirmed_at'),
    /** False when the person gets no confirmation (over the per-recipient limit, no address): none is owed. */
    confirmationWanted: integer('confirmation_wanted', { mode: 'boolean' }).notNull().default(true),
    /**
     * A sender (the request or one run of the retry job) holds the row until then; nobody else
     * mails it meanwhile. Taken atomically (claimOwedMail), cleared when the attempt is recorded.
     */
    emailLeaseUntil: text('email_lease_until'),
    /** The retry job leaves the row alone until then (back-off after a failed attempt). */
    emailNextAttemptAt: text('email_next_attempt_at'),
  };
}
