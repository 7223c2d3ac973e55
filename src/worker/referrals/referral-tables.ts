import { index, integer, sqliteTable, text } from 'drizzle-orm/sqlite-core';
import { now } from '#worker/db/table-parts.ts';

/**
 * Refer a Friend (issue 49): each buyer's personal code, by address (lower case), made on their first
 * paid order; `made` once Stripe has the promotion code (a scheduled run makes any it could not).
 */
export const referralCodes = sqliteTable(
  'referral_codes',
  {
    id: integer('id').primaryKey({ autoIncrement: true }),
    /** The address folded as the recipient limit folds it (one code per mailbox). */
    email: text('email').notNull().unique(),
    /** As the buyer's orders hold it, in lower case: where a reward's step goes. */
    orderEmail: text('order_email').notNull(),
    code: text('code').notNull().unique(),
    made: integer('made', { mode: 'boolean' }).notNull().default(false),
    createdAt: text('created_at').notNull().default(now),
  },
  (t) => [index('referral_codes_made_idx').on(t.made)],
);
