import { sql } from 'drizzle-orm';
import { index, integer, sqliteTable, text } from 'drizzle-orm/sqlite-core';
import { now, emailFold, mailColumns } from '#worker/db/table-parts.ts';

/**
 * A checkout left behind (issue 49): a cart's Checkout Session that expired unpaid, whose shopper
 * agreed to promotional mail at Stripe. It owes one mail (the owed-mail queue: exactly once) that
 * brings the cart back; `token` opens the cart again and unsubscribes. One per session.
 */
export const checkoutRecoveries = sqliteTable(
  'checkout_recoveries',
  {
    id: integer('id').primaryKey({ autoIncrement: true }),
    sessionId: text('session_id').notNull().unique(),
    email: text('email').notNull(),
    market: text('market'),
    /** The cart's lines as its cookie holds them (serializeCart). */
    cart: text('cart').notNull(),
    token: text('token').notNull().unique(),
    ...mailColumns(),
    emailFold: emailFold(),
    createdAt: text('created_at').notNull().default(now),
  },
  (t) => [
    index('checkout_recoveries_owed_idx').on(t.notifiedAt, t.id),
    // Rows still owing a wanted confirmation (few): claimOwedMail's and the scheduled probe's second term, without a scan.
    index('checkout_recoveries_confirmation_owed_idx')
      .on(t.emailAttempts)
      .where(sql`confirmation_wanted = 1 and confirmed_at is null`),
    // How many reminders an address was sent lately (at most one a day, three a month).
    index('checkout_recoveries_email_idx').on(t.email, t.createdAt),
    index('checkout_recoveries_fold_idx').on(t.emailFold),
    index('checkout_recoveries_created_idx').on(t.createdAt),
  ],
);
