import { index, integer, primaryKey, sqliteTable, text } from 'drizzle-orm/sqlite-core';
import { now } from '#worker/db/table-parts.ts';

/**
 * What the shop has of each product: `on_hand` is the sum of the product's stock_moves, kept beside
 * them (every move updates it in the same transaction). A product without a row has none.
 */
export const stock = sqliteTable('stock', {
  productId: integer('product_id').primaryKey(),
  onHand: integer('on_hand').notNull().default(0),
  /** Whether the product's payment links were last left active (switched off at 0 available, on again after). */
  linksActive: integer('links_active', { mode: 'boolean' }).notNull().default(true),
  /** The stock label pages were last told of (In Stock, Low Stock, Out of Stock); null until first told. A change of it purges the product's pages. */
  shownLabel: text('shown_label'),
  updatedAt: text('updated_at').notNull().default(now),
});

export const STOCK_REASONS = ['sale', 'restock', 'adjust', 'release', 'return'] as const;

export type StockReason = (typeof STOCK_REASONS)[number];

/** Every change to a product's quantity on hand, with why: a sale's order number, or the operator's note. */
export const stockMoves = sqliteTable(
  'stock_moves',
  {
    id: integer('id').primaryKey({ autoIncrement: true }),
    productId: integer('product_id').notNull(),
    change: integer('change').notNull(),
    reason: text('reason', { enum: STOCK_REASONS }).notNull(),
    orderNumber: text('order_number'),
    note: text('note'),
    /** Who made the move by hand: the back office's signed-in address, or `terminal` (npm run stock); null for sales and holds. */
    actor: text('actor'),
    at: text('at').notNull().default(now),
  },
  (t) => [index('stock_moves_product_idx').on(t.productId, t.id)],
);

/**
 * Units held for an open Checkout Session (its metadata carries `reservation`): they are not
 * available to anyone else until the session completes (a sale move) or expires (the rows go).
 * Past `expires_at` (epoch seconds) they count as available again, expiry event or not.
 */
export const stockReservations = sqliteTable(
  'stock_reservations',
  {
    reservation: text('reservation').notNull(),
    productId: integer('product_id').notNull(),
    quantity: integer('quantity').notNull(),
    expiresAt: integer('expires_at').notNull(),
    /** Who holds it: the hashed address (sender key) of the checkout, so one address holds a bounded number of units. */
    holder: text('holder'),
    /** The holder's network (its IPv4 /24 or IPv6 /48, keyed the same way): one network holds a bounded share of a product. */
    network: text('network'),
    /**
     * The Idempotency-Key its session is asked for under: made when the hold is, so a double submit
     * (which finds the hold) asks Stripe alike and gets the same session, and a try after a failure
     * (whose hold was let go) gets a new key and reaches Stripe.
     */
    idempotencyKey: text('idempotency_key'),
    /** The Checkout Session the hold is for, once made: a hold past its time is let go only once Stripe says it was not paid. */
    sessionId: text('session_id'),
  },
  (t) => [
    primaryKey({ columns: [t.reservation, t.productId] }),
    index('stock_reservations_product_idx').on(t.productId, t.expiresAt),
    index('stock_reservations_holder_idx').on(t.holder),
    index('stock_reservations_network_idx').on(t.network, t.productId),
    index('stock_reservations_expires_idx').on(t.expiresAt),
  ],
);
