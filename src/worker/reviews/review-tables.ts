import { index, integer, primaryKey, sqliteTable, text, uniqueIndex } from 'drizzle-orm/sqlite-core';
import { now } from '#worker/db/table-parts.ts';
import { orders } from '#worker/orders/order-tables.ts';

/**
 * A review by a buyer, through the signed link of its order's invitation: one per order and product.
 * It waits for the owner (`pending`), who approves or hides it and may reply; only approved ones show.
 */
export const reviews = sqliteTable(
  'reviews',
  {
    id: integer('id').primaryKey({ autoIncrement: true }),
    productId: integer('product_id').notNull(),
    orderId: integer('order_id')
      .notNull()
      .references(() => orders.id),
    stars: integer('stars').notNull(),
    title: text('title').notNull(),
    body: text('body').notNull(),
    name: text('name').notNull(),
    state: text('state', { enum: ['pending', 'approved', 'hidden'] })
      .notNull()
      .default('pending'),
    reply: text('reply'),
    /** Shoppers who found it helpful (one vote per network: review_votes). */
    helpful: integer('helpful').notNull().default(0),
    createdAt: text('created_at').notNull().default(now),
    decidedAt: text('decided_at'),
  },
  (t) => [
    uniqueIndex('reviews_order_product_idx').on(t.orderId, t.productId),
    // A product page's approved reviews, newest first; the back office's waiting ones.
    index('reviews_product_state_idx').on(t.productId, t.state, t.createdAt),
    // The same, most helpful first.
    index('reviews_product_helpful_idx').on(t.productId, t.state, t.helpful, t.createdAt),
    index('reviews_state_idx').on(t.state, t.createdAt),
  ],
);

/**
 * Each product's approved reviews counted (and their stars summed) as moderation changes them, so a
 * product page reads its summary by key, not by counting every review.
 */
export const reviewStats = sqliteTable('review_stats', {
  productId: integer('product_id').primaryKey(),
  count: integer('count').notNull().default(0),
  stars: integer('stars').notNull().default(0),
});

/** A "helpful" vote on a review: one per review and network (an HMAC key, never the address). */
export const reviewVotes = sqliteTable(
  'review_votes',
  {
    reviewId: integer('review_id')
      .notNull()
      .references(() => reviews.id),
    voter: text('voter').notNull(),
    at: text('at').notNull().default(now),
  },
  (t) => [primaryKey({ columns: [t.reviewId, t.voter] })],
);
