import { sql } from 'drizzle-orm';
import { index, integer, sqliteTable, text, uniqueIndex } from 'drizzle-orm/sqlite-core';
import { now, mailColumns } from '#worker/db/table-parts.ts';

/**
 * "E-mail me when it's back": one request per address and product while it lives (ended_at null).
 * Double opt-in: nobody is told until the link mailed to the address confirmed it. The address is
 * kept (with the token its links carry) only while the request lives and its last mail is owed;
 * `email_key` (SHA-256 of the normalised address) finds a live request without reading addresses.
 */
export const STOCK_ALERT_ENDS = ['told', 'unsubscribed', 'unconfirmed', 'expired'] as const;

export const stockAlerts = sqliteTable(
  'stock_alerts',
  {
    id: integer('id').primaryKey({ autoIncrement: true }),
    productId: integer('product_id').notNull(),
    emailKey: text('email_key').notNull(),
    email: text('email'),
    /** The market whose page asked (gb, eu, us; null: the unprefixed site): the mail links there. */
    market: text('market'),
    /** Random, unguessable: the confirm and unsubscribe links carry it (it outlives the address). */
    token: text('token'),
    createdAt: text('created_at').notNull().default(now),
    confirmedAt: text('confirmed_at'),
    endedAt: text('ended_at'),
    endReason: text('end_reason', { enum: STOCK_ALERT_ENDS }),
  },
  (t) => [
    uniqueIndex('stock_alerts_live_idx')
      .on(t.productId, t.emailKey)
      .where(sql`ended_at is null`),
    index('stock_alerts_waiting_idx')
      .on(t.productId, t.confirmedAt, t.id)
      .where(sql`ended_at is null`),
    uniqueIndex('stock_alerts_token_idx').on(t.token),
    index('stock_alerts_created_idx')
      .on(t.createdAt)
      .where(sql`ended_at is null`),
    index('stock_alerts_kept_idx')
      .on(t.endedAt)
      .where(sql`email is not null`),
    // An address's requests for a product, ended ones too (an unsubscribe is remembered), and the ended ones' tidy-up.
    index('stock_alerts_key_idx').on(t.emailKey, t.productId),
    index('stock_alerts_ended_idx').on(t.endedAt),
  ],
);

export const STOCK_ALERT_MAIL_KINDS = ['confirm', 'back'] as const;

/** The mails a request owes (its confirmation link; the back-in-stock notice), each sent once through the owed-mail queue. */
export const stockAlertMails = sqliteTable(
  'stock_alert_mails',
  {
    id: integer('id').primaryKey({ autoIncrement: true }),
    alertId: integer('alert_id')
      .notNull()
      .references(() => stockAlerts.id),
    kind: text('kind', { enum: STOCK_ALERT_MAIL_KINDS }).notNull(),
    ...mailColumns(),
    createdAt: text('created_at').notNull().default(now),
  },
  (t) => [
    uniqueIndex('stock_alert_mails_kind_idx').on(t.alertId, t.kind),
    index('stock_alert_mails_owed_idx').on(t.notifiedAt, t.id),
    index('stock_alert_mails_confirmation_owed_idx')
      .on(t.emailAttempts)
      .where(sql`confirmation_wanted = 1 and confirmed_at is null`),
  ],
);
