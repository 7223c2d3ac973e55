import { sql } from 'drizzle-orm';
import { index, integer, sqliteTable, text, uniqueIndex } from 'drizzle-orm/sqlite-core';
import { now, mailColumns } from '#worker/db/table-parts.ts';

/**
 * The Training Gun Digest by e-mail (issue 68): one row per sign-up. Double opt-in: `pending` until
 * its link is confirmed, then `confirmed` until it ends (left, bounced, complained, unconfirmed,
 * erased); an ended row forgets its address and keeps its keyed hash, dates and consent record. The
 * welcome code is drawn at confirmation and made at Stripe once (`code_made`).
 */
export const SUBSCRIBER_ENDS = ['unsubscribed', 'bounced', 'complained', 'unconfirmed', 'erased'] as const;

export const subscribers = sqliteTable(
  'subscribers',
  {
    id: integer('id').primaryKey({ autoIncrement: true }),
    /** HMAC of the folded address (recipientKey's folding): one live sign-up per mailbox. */
    emailKey: text('email_key').notNull(),
    email: text('email'),
    /** The market whose page it came from (gb, eu, us; null: the unprefixed site): its mails link there. */
    market: text('market'),
    /** Random, unguessable: the confirm and leave links carry it (it outlives the address). */
    token: text('token').notNull().unique(),
    /** What was shown and where: the consent given (PECR: what, when, how). */
    consent: text('consent', { mode: 'json' }).notNull().$type<{ text: string; page: string; network: string }>(),
    createdAt: text('created_at').notNull().default(now),
    confirmedAt: text('confirmed_at'),
    endedAt: text('ended_at'),
    endReason: text('end_reason', { enum: SUBSCRIBER_ENDS }),
    welcomeCode: text('welcome_code'),
    codeMade: integer('code_made', { mode: 'boolean' }).notNull().default(false),
  },
  (t) => [
    uniqueIndex('subscribers_live_idx')
      .on(t.emailKey)
      .where(sql`ended_at is null`),
    // Who gets a post (the confirmed, in id order); the pending ones past their link; the codes still to make.
    index('subscribers_confirmed_idx')
      .on(t.id)
      .where(sql`ended_at is null and confirmed_at is not null`),
    index('subscribers_pending_idx')
      .on(t.createdAt)
      .where(sql`ended_at is null and confirmed_at is null`),
    index('subscribers_code_idx')
      .on(t.id)
      .where(sql`code_made = 0 and welcome_code is not null`),
    // One mailbox's sign-ups, ended ones too (export, erasure).
    index('subscribers_key_idx').on(t.emailKey),
    index('subscribers_created_idx').on(t.createdAt),
    index('subscribers_ended_idx').on(t.endedAt),
  ],
);

/**
 * The mailboxes a welcome code was drawn for, ever: their keyed hash (subscriberKey) only, kept as the
 * proof that one mailbox gets one code however often it leaves and comes back (issue 81). No address.
 */
export const newsletterWelcomes = sqliteTable('newsletter_welcomes', {
  emailKey: text('email_key').primaryKey(),
  at: text('at').notNull().default(now),
});

export const SUBSCRIBER_MAIL_KINDS = ['confirm', 'welcome'] as const;

/** A sign-up's mails (its confirmation link; the welcome with its code), each sent once through the owed-mail queue. */
export const subscriberMails = sqliteTable(
  'subscriber_mails',
  {
    id: integer('id').primaryKey({ autoIncrement: true }),
    subscriberId: integer('subscriber_id')
      .notNull()
      .references(() => subscribers.id),
    kind: text('kind', { enum: SUBSCRIBER_MAIL_KINDS }).notNull(),
    ...mailColumns(),
    createdAt: text('created_at').notNull().default(now),
  },
  (t) => [
    uniqueIndex('subscriber_mails_kind_idx').on(t.subscriberId, t.kind),
    index('subscriber_mails_owed_idx').on(t.notifiedAt, t.id),
    index('subscriber_mails_confirmation_owed_idx')
      .on(t.emailAttempts)
      .where(sql`confirmation_wanted = 1 and confirmed_at is null`),
  ],
);

/** Each post's mailing to subscribers: queued once (or skipped: published before the list, or long ago when first seen). */
export const newsletterPosts = sqliteTable('newsletter_posts', {
  postId: integer('post_id').primaryKey(),
  state: text('state', { enum: ['queued', 'skipped'] }).notNull(),
  /** Confirmed subscribers when it was queued (and added by each send-again). */
  recipients: integer('recipients').notNull().default(0),
  queuedAt: text('queued_at').notNull().default(now),
});

/**
 * One post to one subscriber: written for every confirmed subscriber when the post is queued, then sent
 * through the owed-mail queue (leases, back-off, the provider asked before a resend), so a run that
 * stops resumes without sending anyone a post twice. Gone when its subscriber leaves before it went.
 */
export const newsletterSends = sqliteTable(
  'newsletter_sends',
  {
    id: integer('id').primaryKey({ autoIncrement: true }),
    postId: integer('post_id').notNull(),
    subscriberId: integer('subscriber_id')
      .notNull()
      .references(() => subscribers.id),
    ...mailColumns(),
    createdAt: text('created_at').notNull().default(now),
  },
  (t) => [
    uniqueIndex('newsletter_sends_post_idx').on(t.postId, t.subscriberId),
    // A mailing's progress (gone, still owed), counted on the index.
    index('newsletter_sends_progress_idx').on(t.postId, t.notifiedAt),
    index('newsletter_sends_owed_idx').on(t.notifiedAt, t.id),
    // Rows still owing a wanted confirmation (few): claimOwedMail's and the scheduled probe's second term, without a scan.
    index('newsletter_sends_confirmation_owed_idx')
      .on(t.emailAttempts)
      .where(sql`confirmation_wanted = 1 and confirmed_at is null`),
    index('newsletter_sends_subscriber_idx').on(t.subscriberId),
  ],
);
