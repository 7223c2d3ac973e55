import { sql } from 'drizzle-orm';
import { index, integer, sqliteTable, text, uniqueIndex } from 'drizzle-orm/sqlite-core';
import { LEDGER_KINDS } from '#shared/after-sale/order-ledger.ts';
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
    decidedBy: text('decided_by'),
    createdAt: text('created_at').notNull().default(now),
    decidedAt: text('decided_at'),
  },
  // The back office's list by state, newest first; an order's own requests.
  (t) => [index('return_requests_state_idx').on(t.state, t.createdAt), index('return_requests_order_idx').on(t.orderId)],
);

/**
 * Every after-sale entry of an order (issue 55, shared/ledger/): goods asked back, received, refunds,
 * store credit, exchanges, rewards. An entry is named by the action that wrote it (`ref`, unique per
 * order), so the same action twice is one entry; entries are only ever added.
 */
export const ledgerEntries = sqliteTable(
  'ledger_entries',
  {
    id: integer('id').primaryKey({ autoIncrement: true }),
    orderId: integer('order_id')
      .notNull()
      .references(() => orders.id),
    kind: text('kind', { enum: LEDGER_KINDS }).notNull(),
    ref: text('ref').notNull(),
    productId: integer('product_id'),
    quantity: integer('quantity').notNull().default(0),
    fit: integer('fit').notNull().default(0),
    amount: integer('amount').notNull().default(0),
    basis: integer('basis').notNull().default(0),
    code: text('code'),
    request: text('request'),
    /** Whose money a money entry moves: null, the order's charge; a difference's payment intent; 'credit' (order-ledger.ts). */
    tender: text('tender'),
    /** Who did it (the owner's address, 'shopper', 'stripe'). */
    by: text('by'),
    at: text('at').notNull().default(now),
  },
  // An order's entries in order; a store credit or reward code's entry, found when a later order spends it.
  // An exchange difference's charge, found by its payment intent when Stripe reports a refund of it.
  (t) => [
    uniqueIndex('ledger_entries_order_ref_idx').on(t.orderId, t.ref),
    index('ledger_entries_code_idx').on(t.code),
    index('ledger_entries_tender_idx')
      .on(t.tender)
      .where(sql`${t.kind} = 'difference_paid'`),
  ],
);
