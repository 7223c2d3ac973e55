import { sql } from 'drizzle-orm';
import { index, integer, sqliteTable, text, uniqueIndex } from 'drizzle-orm/sqlite-core';
import { LEDGER_KINDS } from '#shared/after-sale/ledger-entry.ts';
import { now } from '#worker/db/table-parts.ts';
import { orders } from '#worker/orders/order-tables.ts';

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
