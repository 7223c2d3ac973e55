import { index, integer, sqliteTable, text } from 'drizzle-orm/sqlite-core';
import { now } from '#worker/db/table-parts.ts';
import { orders } from '#worker/orders/order-tables.ts';

/**
 * The owner's notes on an order (a call, a promise, a parcel's state): read in the back office only,
 * never on the shopper's page or in a mail. Kept as written, newest first.
 */
export const orderNotes = sqliteTable(
  'order_notes',
  {
    id: integer('id').primaryKey({ autoIncrement: true }),
    orderId: integer('order_id')
      .notNull()
      .references(() => orders.id),
    body: text('body').notNull(),
    by: text('by').notNull(),
    at: text('at').notNull().default(now),
  },
  (t) => [index('order_notes_order_idx').on(t.orderId, t.at)],
);
