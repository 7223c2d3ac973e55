import { COUNT_CAP } from '#shared/admin/admin-rules.ts';
import { and, asc, desc, eq, gte, inArray, ne, sql, type SQL } from 'drizzle-orm';
import { ORDERS_PAGE_SIZE, type OrderQuery } from '#shared/admin/admin-rules.ts';
import type { Db } from '#worker/db/client.ts';
import { orderEvents, orderLines, orders } from '#worker/orders/order-tables.ts';
import { SHIPPABLE } from '#shared/orders/order-status.ts';
import { heldByDispute } from '#worker/orders/order-steps.ts';

// The back office's lists of orders, read from the database itself (never the read cache), each bounded and indexed.

/** Paid orders not yet shipped and not held by a dispute (those are listed under disputes). */
const toShip = () =>
  and(eq(orders.fulfilment, 'unfulfilled'), inArray(orders.status, [...SHIPPABLE]), sql`not ${heldByDispute(orders.id)}`);

/** Orders to ship, oldest first (the next to pack), at most `limit`. */
function oldestToShip(db: Db, limit: number) {
  return db
    .select({
      number: orders.number,
      createdAt: orders.createdAt,
      total: orders.total,
      currency: orders.currency,
      email: orders.email,
      name: orders.name,
    })
    .from(orders)
    .where(toShip())
    .orderBy(asc(orders.createdAt))
    .limit(limit);
}

/** Orders to ship, oldest first, and how many there are (up to COUNT_CAP). */
export async function ordersToShip(db: Db, limit = 20) {
  const [rows, [total]] = await Promise.all([
    oldestToShip(db, limit),
    db
      .select({ n: sql<number>`count(*)` })
      .from(db.select({ id: orders.id }).from(orders).where(toShip()).limit(COUNT_CAP).as('shippable')),
  ]);
  return { rows, count: Number(total?.n ?? 0) };
}

/** The next order to pack (the oldest to ship), or null: what the owner goes on to after shipping one. */
export async function nextToShip(db: Db) {
  return (await oldestToShip(db, 1))[0] ?? null;
}

/** Disputes opened and not closed, with the order and Stripe's deadline for evidence, newest first. */
export function openDisputes(db: Db, limit = 20) {
  const closed = sql`exists (select 1 from ${orderEvents} c where c.order_id = ${orderEvents.orderId} and c.step = replace(${orderEvents.step}, ':opened', ':closed'))`;
  return db
    .select({ number: orders.number, currency: orders.currency, detail: orderEvents.detail, at: orderEvents.at })
    .from(orderEvents)
    .innerJoin(orders, eq(orders.id, orderEvents.orderId))
    .where(and(eq(orderEvents.status, 'dispute_opened'), sql`not ${closed}`))
    .orderBy(desc(orderEvents.at))
    .limit(limit);
}

/**
 * Sales of this week and of today per region and currency (the shop's day and week: shopPeriods):
 * orders paid, refunds taken off, their count and net amount. One pass over the week's orders, on
 * the created_at index.
 */
export async function salesOf(db: Db, from: { week: string; today: string }) {
  const today = sql`${orders.createdAt} >= ${from.today}`;
  const rows = await db
    .select({
      region: orders.region,
      currency: orders.currency,
      weekOrders: sql<number>`count(*)`,
      weekNet: sql<number>`coalesce(sum(${orders.total} - ${orders.refunded}), 0)`,
      todayOrders: sql<number>`coalesce(sum(case when ${today} then 1 else 0 end), 0)`,
      todayNet: sql<number>`coalesce(sum(case when ${today} then ${orders.total} - ${orders.refunded} else 0 end), 0)`,
    })
    .from(orders)
    .where(and(gte(orders.createdAt, from.week), inArray(orders.status, ['paid', 'partially_refunded', 'refunded'])))
    .groupBy(orders.region, orders.currency)
    .orderBy(orders.region, orders.currency);
  return rows.map((r) => ({
    region: r.region,
    currency: r.currency,
    today: { orders: Number(r.todayOrders), net: Number(r.todayNet) },
    week: { orders: Number(r.weekOrders), net: Number(r.weekNet) },
  }));
}

/** One page of /admin/orders, newest first: filters, a number or an address, after the cursor; one more row says there is a next page. */
export async function orderPage(db: Db, query: OrderQuery) {
  if (query.search && 'tooShort' in query.search) return { rows: [], more: false };
  const where: SQL[] = [];
  if (query.status) where.push(eq(orders.status, query.status));
  if (query.fulfilment) where.push(eq(orders.fulfilment, query.fulfilment));
  if (query.search && 'number' in query.search) where.push(eq(orders.number, query.search.number));
  if (query.search && 'email' in query.search) where.push(sql`lower(${orders.email}) = ${query.search.email}`);
  // Any part of a number, name or address: the trigram index (migration 0020) matches it as a phrase, in any case.
  if (query.search && 'text' in query.search)
    where.push(
      sql`${orders.id} in (select rowid from order_search where order_search match ${`"${query.search.text.replaceAll('"', '""')}"`})`,
    );
  // A row value: SQLite reads the created_at index from the cursor on, not from the newest order.
  if (query.before) where.push(sql`(${orders.createdAt}, ${orders.id}) < (${query.before.createdAt}, ${query.before.id})`);
  const rows = await db
    .select({
      id: orders.id,
      number: orders.number,
      createdAt: orders.createdAt,
      status: orders.status,
      fulfilment: orders.fulfilment,
      email: orders.email,
      name: orders.name,
      total: orders.total,
      refunded: orders.refunded,
      afterSale: orders.afterSale,
      currency: orders.currency,
      region: orders.region,
    })
    .from(orders)
    .where(and(...where))
    .orderBy(desc(orders.createdAt), desc(orders.id))
    .limit(ORDERS_PAGE_SIZE + 1);
  return { rows: rows.slice(0, ORDERS_PAGE_SIZE), more: rows.length > ORDERS_PAGE_SIZE };
}

/**
 * Lines sold beyond what was there to sell, newest order first: a payment link's sale of units a cart
 * held, or two buyers in the same seconds (restock, or tell the customer). Reads the short lines only.
 */
export function oversoldLines(db: Db, limit = 20) {
  return db
    .select({
      number: orders.number,
      createdAt: orders.createdAt,
      name: orderLines.name,
      short: orderLines.short,
      fulfilment: orders.fulfilment,
    })
    .from(orderLines)
    .innerJoin(orders, eq(orders.id, orderLines.orderId))
    .where(sql`${orderLines.short} > 0`)
    .orderBy(desc(orders.createdAt))
    .limit(limit);
}

/** The same shopper's other orders (by address, in any case: the `lower(email)` index), newest first, at most `limit`. */
export function otherOrdersOf(db: Db, order: { id: number; email: string | null }, limit = 10) {
  if (!order.email) return Promise.resolve([]);
  return db
    .select({
      number: orders.number,
      createdAt: orders.createdAt,
      status: orders.status,
      fulfilment: orders.fulfilment,
      total: orders.total,
      currency: orders.currency,
    })
    .from(orders)
    .where(and(sql`lower(${orders.email}) = ${order.email.toLowerCase()}`, ne(orders.id, order.id)))
    .orderBy(desc(orders.createdAt))
    .limit(limit);
}
