import { and, desc, eq, sql } from 'drizzle-orm';
import { REVIEWS_SHOWN, type ReviewInput, type ReviewOrder } from '#shared/reviews/review-rules.ts';
import { productTag, REVIEWS_TAG } from '#shared/caching/cache-tags.ts';
import type { ChangeFeed } from '#worker/base/change-feed-contract.ts';
import { nowIso } from '#worker/base/clock.ts';
import { Refusal } from '#worker/base/refusal.ts';
import type { Db } from '#worker/db/client.ts';
import { read } from '#worker/db/read-cache/read.ts';
import type { RequestReads } from '#worker/db/read-cache/request-reads.ts';
import { CacheShort } from '#worker/db/read-cache/strategy.ts';
import { orders } from '#worker/orders/order-tables.ts';
import { products } from '#worker/products/product-tables.ts';
import { reviews, reviewStats, reviewVotes } from '#worker/reviews/review-tables.ts';
import { ORDER_NUMBER, sameToken } from '#worker/orders/order-number.ts';
import { orderByNumber } from '#worker/orders/order-queries.ts';
import { COUNT_CAP } from '#shared/admin/admin-rules.ts';
import { reviewKey } from './review-invites.ts';

/** What a review link names: the order, the product, and the key only that order's invitation carries. */
export interface ReviewLink {
  order: string;
  product: number;
  key: string;
}

/**
 * The order and product a review link is for, when its key is that order's for that product (compared
 * in constant time) and the order bought it; else a Refusal (404: a wrong link tells nothing). An
 * order refunded in full, or whose goods all came back, is no longer a purchase to review (409).
 */
export async function linkedPurchase(db: Db, link: ReviewLink) {
  const order = ORDER_NUMBER.test(link.order) ? await orderByNumber(db, link.order) : null;
  const expected = order ? await reviewKey(order.token, link.product) : 'x'.repeat(32);
  const line = order?.lines.find((l) => l.productId === link.product);
  if (!order || !sameToken(link.key, expected) || !line)
    throw new Refusal('This review link does not work: it may have been cut short.', 'unknown');
  if (order.status === 'refunded' || order.fulfilment === 'returned')
    throw new Refusal('This order was refunded or sent back, so it can no longer be reviewed.', 'conflict');
  const [done] = await db
    .select({ id: reviews.id })
    .from(reviews)
    .where(and(eq(reviews.orderId, order.id), eq(reviews.productId, link.product)));
  return { order, productName: line.name, reviewed: done !== undefined };
}

/**
 * Keeps a buyer's review of a product of `orderId` (from linkedPurchase), waiting for the owner; one per
 * order and product: a second, even one racing the first, is refused (409).
 */
export async function writeReview(db: Db, orderId: number, productId: number, review: ReviewInput): Promise<void> {
  const kept = await db
    .insert(reviews)
    .values({ productId, orderId, ...review, createdAt: nowIso() })
    .onConflictDoNothing()
    .returning({ id: reviews.id });
  if (kept.length === 0) throw new Refusal('You have reviewed this already: thank you.');
}

const shownColumns = {
  id: reviews.id,
  stars: reviews.stars,
  title: reviews.title,
  body: reviews.body,
  name: reviews.name,
  reply: reviews.reply,
  helpful: reviews.helpful,
  createdAt: reviews.createdAt,
};

/**
 * A product's approved reviews as its page shows them, through the read cache (an approval or a vote
 * publishes the product's change, so pages re-read): REVIEWS_SHOWN of them, most helpful or newest
 * first, read along their index (reviews_product_helpful_idx, reviews_product_state_idx), and the
 * count and star total of all by key (review_stats): the cost does not grow with the reviews.
 */
export function approvedReviewsRead(db: Db, productId: number, order: ReviewOrder = 'helpful') {
  return read({
    name: 'reviews',
    args: [productId, order],
    strategy: CacheShort,
    query: db
      .select({
        ...shownColumns,
        count: sql<number>`(select ${reviewStats.count} from ${reviewStats} where ${reviewStats.productId} = ${productId})`,
        total: sql<number>`(select ${reviewStats.stars} from ${reviewStats} where ${reviewStats.productId} = ${productId})`,
      })
      .from(reviews)
      .where(and(eq(reviews.productId, productId), eq(reviews.state, 'approved')))
      .orderBy(...(order === 'helpful' ? [desc(reviews.helpful), desc(reviews.createdAt)] : [desc(reviews.createdAt)]))
      .limit(REVIEWS_SHOWN),
    map: (rows) => ({
      shown: rows.map(({ count: _c, total: _t, ...r }) => r),
      count: Number(rows[0]?.count ?? 0),
      total: Number(rows[0]?.total ?? 0),
    }),
    fallback: { shown: [], count: 0, total: 0 },
  });
}

export type ProductReviews = Awaited<ReturnType<typeof readApprovedReviews>>;

/** The shop's approved reviews (all from verified buyers: a review comes only through an order's link): how many, and their stars. */
export interface ReviewSummary {
  count: number;
  stars: number;
}

/**
 * Every approved review counted, from the per-product summary (review_stats, one row a product): the
 * cost grows with the catalogue, not with the reviews. Through the read cache; an approval or a hiding
 * publishes REVIEWS_TAG.
 */
export async function readReviewSummary(reads: RequestReads, db: Db): Promise<ReviewSummary> {
  const [summary] = await reads.all([
    read({
      name: 'review-summary',
      args: [],
      strategy: CacheShort,
      query: db
        .select({ count: sql<number>`coalesce(sum(${reviewStats.count}), 0)`, stars: sql<number>`coalesce(sum(${reviewStats.stars}), 0)` })
        .from(reviewStats),
      map: (rows) => ({ count: Number(rows[0]?.count ?? 0), stars: Number(rows[0]?.stars ?? 0) }),
      fallback: { count: 0, stars: 0 },
    }),
  ] as const);
  return summary;
}

export async function readApprovedReviews(reads: RequestReads, db: Db, productId: number, order: ReviewOrder) {
  const [found] = await reads.all([approvedReviewsRead(db, productId, order)] as const);
  return { ...found, order };
}

/**
 * A shopper found an approved review helpful: one vote per review and network (`voter`, an HMAC
 * key); the review's count is recounted from its votes in the same batch, and the product's pages
 * are told. 'counted', 'already' (this network voted), or a Refusal (404) for no such shown review.
 */
export async function voteHelpful(deps: { db: Db; changes: ChangeFeed }, reviewId: number, voter: string) {
  const [review] = await deps.db
    .select({ productId: reviews.productId })
    .from(reviews)
    .where(and(eq(reviews.id, reviewId), eq(reviews.state, 'approved')));
  if (!review) throw new Refusal('There is no such review.', 'unknown');
  const [added] = await deps.db.batch([
    deps.db.insert(reviewVotes).values({ reviewId, voter, at: nowIso() }).onConflictDoNothing().returning({ at: reviewVotes.at }),
    deps.db
      .update(reviews)
      .set({ helpful: sql`(select count(*) from ${reviewVotes} where ${reviewVotes.reviewId} = ${reviewId})` })
      .where(eq(reviews.id, reviewId)),
  ]);
  if (added.length === 0) return { productId: review.productId, outcome: 'already' as const };
  await deps.changes.publish([productTag(review.productId)]);
  return { productId: review.productId, outcome: 'counted' as const };
}

/** Reviews waiting for the owner, counted up to COUNT_CAP (reviews_state_idx): what Today shows. */
export async function reviewsWaiting(db: Db): Promise<number> {
  const [row] = await db
    .select({ n: sql<number>`count(*)` })
    .from(db.select({ id: reviews.id }).from(reviews).where(eq(reviews.state, 'pending')).limit(COUNT_CAP).as('waiting'));
  return Number(row?.n ?? 0);
}

/** The back office's list: reviews in a state, newest first, with their product's name and their order's number. */
export function reviewList(db: Db, state: 'pending' | 'approved' | 'hidden') {
  return db
    .select({ ...shownColumns, productId: reviews.productId, productName: products.name, state: reviews.state, orderNumber: orders.number })
    .from(reviews)
    .innerJoin(orders, eq(orders.id, reviews.orderId))
    .leftJoin(products, eq(products.id, reviews.productId))
    .where(eq(reviews.state, state))
    .orderBy(desc(reviews.createdAt))
    .limit(50);
}

/**
 * The owner approves, hides or replies to a review (a reply keeps its state); the product's pages
 * are told (its cache tag), so an approved review shows, and a hidden one goes, at once.
 */
export async function moderateReview(
  deps: { db: Db; changes: ChangeFeed },
  id: number,
  action: { state: 'approved' | 'hidden' } | { reply: string },
): Promise<string> {
  let row: { productId: number; state: string } | undefined;
  if ('state' in action) {
    // The product's summary moves with the review, in one batch: +1 when it becomes approved, -1 when
    // it stops being (read from its state before the change, so a repeated post moves nothing).
    const approved = action.state === 'approved';
    const [, changed] = await deps.db.batch([
      deps.db.run(sql`insert into ${reviewStats} (product_id, count, stars)
        select product_id, ${approved ? 1 : -1}, ${approved ? sql`stars` : sql`-stars`} from ${reviews}
        where id = ${id} and (state = 'approved') = ${approved ? 0 : 1}
        on conflict (product_id) do update set count = count + excluded.count, stars = stars + excluded.stars`),
      deps.db
        .update(reviews)
        .set({ state: action.state, decidedAt: nowIso() })
        .where(eq(reviews.id, id))
        .returning({ productId: reviews.productId, state: reviews.state }),
    ]);
    row = changed[0];
  } else {
    [row] = await deps.db
      .update(reviews)
      .set({ reply: action.reply.trim().slice(0, 1000) || null })
      .where(eq(reviews.id, id))
      .returning({ productId: reviews.productId, state: reviews.state });
  }
  if (!row) throw new Refusal(`There is no review ${id}.`, 'unknown');
  await deps.changes.publish('state' in action ? [productTag(row.productId), REVIEWS_TAG] : [productTag(row.productId)]);
  if ('reply' in action) return action.reply.trim() ? 'Reply saved: it shows under the review once approved.' : 'Reply removed.';
  return row.state === 'approved' ? 'Approved: it shows on the product page now.' : 'Hidden: it no longer shows.';
}
