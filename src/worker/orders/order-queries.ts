import type { OrderAmounts } from '#shared/orders/order-totals.ts';
import { and, desc, eq, gte, inArray, type SQL } from 'drizzle-orm';
import { isPaymentStatus, type FulfilmentStatus, type PaymentStatus } from '#shared/orders/order-status.ts';
import type { Db } from '#worker/db/client.ts';
import { orderLines, orders } from '#worker/orders/order-tables.ts';
import { ORDER_NUMBER } from '#shared/orders/order-number-pattern.ts';
import { Refusal } from '#worker/base/refusal.ts';
import { orderSteps, type OrderStep } from './order-steps.ts';

// Orders are written, not published: never read through the read cache.

export function orderLinesOf(db: Db, orderId: number) {
  return db.select().from(orderLines).where(eq(orderLines.orderId, orderId)).orderBy(orderLines.position);
}

async function withLines(db: Db, order: typeof orders.$inferSelect | undefined) {
  return order ? { ...order, lines: await orderLinesOf(db, order.id) } : null;
}

/** An order with its lines, by its Checkout Session id. */
export async function orderBySession(db: Db, sessionId: string) {
  const [order] = await db.select().from(orders).where(eq(orders.sessionId, sessionId)).limit(1);
  return withLines(db, order);
}

/** An order with its lines, by its row id (a step's mail). */
export async function orderById(db: Db, id: number) {
  const [order] = await db.select().from(orders).where(eq(orders.id, id)).limit(1);
  return withLines(db, order);
}

/** An order with its lines, by its number (the order page; the caller checks the token). */
export async function orderByNumber(db: Db, number: string) {
  const [order] = await db.select().from(orders).where(eq(orders.number, number)).limit(1);
  return withLines(db, order);
}

export type StoredOrder = NonNullable<Awaited<ReturnType<typeof orderBySession>>>;

/** A product of the order by the name it was bought under (`product <id>` for one the order never had). */
export const lineName = (order: Pick<StoredOrder, 'lines'>, productId: number) =>
  order.lines.find((l) => l.productId === productId)?.name ?? `product ${productId}`;

/** Lines of the order in words: `2 × G-Series Laser Training Pistol, 1 × …`. */
export const lineWords = (order: Pick<StoredOrder, 'lines'>, lines: ReadonlyArray<{ productId: number; quantity: number }>) =>
  lines.map((l) => `${l.quantity} × ${lineName(order, l.productId)}`).join(', ');

/** The amounts of a stored order, as every page and mail shows them (orderTotalRows). */
export function orderAmounts(order: StoredOrder): OrderAmounts {
  const { currency, subtotal, shipping, total, discount, discountCode, tax, taxLabel, taxInclusive } = order;
  return { currency, subtotal, shipping, total, discount, discountCode, tax, taxLabel, taxInclusive };
}

/**
 * Orders newest first, at most `limit`, from `since` on and of one status when asked (the operator's
 * `npm run orders`). Bounded, and served by the created_at index.
 */
export async function listOrders(db: Db, opts: { since?: string; status?: PaymentStatus | FulfilmentStatus; limit: number }) {
  const where: SQL[] = [];
  if (opts.since) where.push(gte(orders.createdAt, opts.since));
  if (opts.status) where.push(isPaymentStatus(opts.status) ? eq(orders.status, opts.status) : eq(orders.fulfilment, opts.status));
  const rows = await db
    .select()
    .from(orders)
    .where(and(...where))
    .orderBy(desc(orders.createdAt), desc(orders.id))
    .limit(opts.limit);
  const lines =
    rows.length === 0
      ? []
      : await db
          .select()
          .from(orderLines)
          .where(
            inArray(
              orderLines.orderId,
              rows.map((r) => r.id),
            ),
          )
          .orderBy(orderLines.orderId, orderLines.position);
  return rows.map((r) => ({ ...r, lines: lines.filter((l) => l.orderId === r.id) }));
}

/** The order with this number and its timeline, read once for an action on it; a Refusal (404) for none. */
export async function findOrder(db: Db, number: string): Promise<{ order: StoredOrder; steps: OrderStep[] }> {
  const order = ORDER_NUMBER.test(number) ? await orderByNumber(db, number) : null;
  if (!order) throw new Refusal(`no order ${number.slice(0, 40)}`, 'unknown');
  return { order, steps: await orderSteps(db, order.id) };
}
