import { integer, sqliteTable, text } from 'drizzle-orm/sqlite-core';
import { now } from '#worker/db/table-parts.ts';
import { orders } from '#worker/orders/order-tables.ts';

/**
 * Invoices, numbered in the order they are issued (the number is the row's, never reused): one per
 * paid order, issued the first time it is asked for (routes/orders/invoice-page.tsx).
 */
export const invoices = sqliteTable('invoices', {
  number: integer('number').primaryKey({ autoIncrement: true }),
  orderId: integer('order_id')
    .notNull()
    .unique()
    .references(() => orders.id),
  issuedAt: text('issued_at').notNull().default(now),
});
