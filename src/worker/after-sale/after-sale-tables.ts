import { index, integer, sqliteTable, text } from 'drizzle-orm/sqlite-core';
import { RETURN_OUTCOMES, RETURN_REASONS, RETURN_STATES } from '#shared/after-sale/return-rules.ts';
import { now } from '#worker/db/table-parts.ts';
import { orders } from '#worker/orders/order-tables.ts';

/**
 * A shopper's return or warranty claim for some of an order's lines (shared/after-sale/return-rules.ts):
 * asked from the order's page, accepted or refused by the shop, then the goods received and the
 * request settled (a refund through Stripe, store credit as a Stripe promotion code, a replacement).
 * Its steps and mails ride on the order's timeline; this row keeps what was asked and where it stands.
 */
export const returnRequests = sqliteTable(
  'return_requests',
  {
    id: integer('id').primaryKey({ autoIncrement: true }),
    /** The order's number and R1, R2…: what the shopper and the shop quote. */
    number: text('number').notNull().unique(),
    orderId: integer('order_id')
      .notNull()
      .references(() => orders.id),
    reason: text('reason', { enum: RETURN_REASONS }).notNull(),
    outcome: text('outcome', { enum: RETURN_OUTCOMES }).notNull(),
    lines: text('lines', { mode: 'json' }).notNull().$type<Array<{ productId: number; quantity: number }>>(),
    note: text('note'),
    state: text('state', { enum: RETURN_STATES }).notNull().default('requested'),
    /** The shop's answer: why it was refused, or how it was settled, in words. */
    answer: text('answer'),
    /** The store credit or exchange code drawn for it (kept before Stripe is asked, so a retry asks for the same code). */
    code: text('code'),
    /** What the lines were worth when asked (minor units of the order's currency). */
    value: integer('value').notNull(),
    /** An exchange's product (one unit, of equal or greater value), else null. */
    exchangeFor: integer('exchange_for'),
    /** The Checkout Session its difference is paid through, while one is open: the link opens it again, a new one expires it first. */
    differenceSession: text('difference_session'),
    /** How many times opening its payment page failed at Stripe: each try after one is asked under a key of its own. */
    differenceTries: integer('difference_tries').notNull().default(0),
    decidedBy: text('decided_by'),
    createdAt: text('created_at').notNull().default(now),
    decidedAt: text('decided_at'),
  },
  // The back office's list by state, newest first; an order's own requests.
  (t) => [index('return_requests_state_idx').on(t.state, t.createdAt), index('return_requests_order_idx').on(t.orderId)],
);
