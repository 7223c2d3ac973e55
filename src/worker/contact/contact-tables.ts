import { sql } from 'drizzle-orm';
import { index, integer, sqliteTable, text, uniqueIndex } from 'drizzle-orm/sqlite-core';
import { now, emailFold, mailColumns } from '#worker/db/table-parts.ts';

export const formSubmissions = sqliteTable(
  'form_submissions',
  {
    id: integer('id').primaryKey({ autoIncrement: true }),
    name: text('name').notNull(),
    email: text('email').notNull(),
    phone: text('phone'),
    subject: text('subject').notNull(),
    message: text('message').notNull(),
    ...mailColumns(),
    /** An HMAC of the sender's address, for the per-sender rate limit (the address itself is not kept). */
    senderKey: text('sender_key'),
    /** An HMAC of the normalised recipient address, for the per-recipient confirmation limit. */
    recipientKey: text('recipient_key'),
    /** A message kept while the database was down (contact-spool.ts): its id, so it is saved once however often it is delivered. */
    spoolId: text('spool_id'),
    emailFold: emailFold(),
    createdAt: text('created_at').notNull().default(now),
  },
  (t) => [
    uniqueIndex('form_submissions_spool_idx').on(t.spoolId),
    // One person's messages (export, erasure, and "two years after our last exchange"); the oldest first for retention.
    index('form_submissions_fold_idx').on(t.emailFold, t.createdAt),
    index('form_submissions_created_idx').on(t.createdAt),
    index('form_submissions_email_status_idx').on(t.emailStatus, t.emailAttempts),
    index('form_submissions_sender_idx').on(t.senderKey, t.createdAt),
    index('form_submissions_recipient_idx').on(t.recipientKey, t.createdAt),
    index('form_submissions_owed_idx').on(t.notifiedAt, t.id),
    // Rows still owing a wanted confirmation (few): claimOwedMail's and the scheduled probe's second term, without a scan.
    index('form_submissions_confirmation_owed_idx')
      .on(t.emailAttempts)
      .where(sql`confirmation_wanted = 1 and confirmed_at is null`),
  ],
);

export type FormSubmission = typeof formSubmissions.$inferSelect;
