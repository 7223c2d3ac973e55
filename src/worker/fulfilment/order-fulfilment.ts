import type { OrderMailDeps } from '#worker/orders/order-mail-parts.ts';
import { and, eq, inArray, sql } from 'drizzle-orm';
import { disputeHold } from '#shared/orders/dispute-hold.ts';
import { returnRefusal, SHIPPABLE, shipRefusal } from '#shared/orders/order-status.ts';
import { overLimit } from '#shared/orders/return-rules.ts';
import { nowIso } from '#worker/base/clock.ts';
import type { Logger } from '#worker/base/log.ts';
import { Refusal } from '#worker/base/refusal.ts';
import { orderEvents, orders } from '#worker/db/schema.ts';
import type { CheckoutGateway } from '#worker/payments/checkout-gateway.ts';
import { stockChanged } from '#worker/stock/stock-changed.ts';
import type { ChangeFeed } from '#worker/base/change-feed-contract.ts';
import { moveStatements } from '#worker/stock/stock-moves.ts';
import { tellWaiting } from '#worker/stock-alerts/tell-waiting.ts';
import { findOrder, type StoredOrder } from '#worker/orders/order-queries.ts';
import { sendOrderStepMails } from '#worker/orders/order-step-mail.ts';
import { heldByDispute, stepStatements, type OrderStep } from '#worker/orders/order-steps.ts';

/**
 * What the owner does to an order, from the back office or the command line: the same action, the
 * same rule, the same words. Each takes plain values, writes in one batch, and answers what it did or
 * throws a Refusal having written nothing.
 */
export interface OrderActionDeps extends OrderMailDeps {
  changes: ChangeFeed;
  gateway: CheckoutGateway | null;
  log: Logger;
  /** False where this machine must not mail shoppers (a remote database without Postmark): the scheduled job tells them. */
  mailWaiting?: boolean;
}

export interface Shipment {
  number: string;
  carrier: string | null;
  tracking: string | null;
  url: string | null;
}

export interface GoodsBack {
  number: string;
  /** What came back; null: everything not yet returned. */
  lines: Array<{ productId: number; quantity: number }> | null;
}

const TRACKING = /^[A-Za-z0-9 -]{4,64}$/;

/** Why these shipping details cannot be kept, or null. */
export function shipmentRefusal(s: Pick<Shipment, 'tracking' | 'url'>): string | null {
  if (s.tracking !== null && !TRACKING.test(s.tracking)) return `${s.tracking} is not a tracking number (letters, digits, 4-64)`;
  if (s.url !== null && (!URL.canParse(s.url) || new URL(s.url).protocol !== 'https:')) return `${s.url} is not an https address`;
  return null;
}

/**
 * Shipped: the fulfilment status moves (the payment's stays: paid, or partly refunded), the step keeps
 * carrier and tracking, and the shopper is owed "Your order is on its way", all in one batch; only
 * once per order.
 */
export async function shipOrder(deps: OrderActionDeps, shipment: Shipment, by: string): Promise<string> {
  const invalid = shipmentRefusal(shipment);
  if (invalid) throw new Refusal(invalid, 'invalid');
  const { order, steps } = await findOrder(deps.db, shipment.number);
  const refusal = shipRefusal(order.status, order.fulfilment, disputeHold(steps));
  if (refusal) throw new Refusal(`order ${order.number} cannot be shipped: ${refusal}`);
  const at = nowIso();
  const [moved] = await deps.db.batch([
    deps.db
      .update(orders)
      .set({ fulfilment: 'shipped' })
      // A dispute opened since the read above holds it too: checked in the same statement.
      .where(
        and(
          eq(orders.id, order.id),
          inArray(orders.status, [...SHIPPABLE]),
          eq(orders.fulfilment, 'unfulfilled'),
          sql`not ${heldByDispute(orders.id)}`,
        ),
      )
      .returning({ id: orders.id }),
    ...stepStatements(deps.db, {
      orderId: order.id,
      step: 'shipped',
      kind: 'shipped',
      detail: {
        ...(shipment.carrier && { carrier: shipment.carrier.slice(0, 64) }),
        ...(shipment.tracking && { tracking: shipment.tracking }),
        ...(shipment.url && { url: shipment.url }),
        by,
      },
      mail: 'shipped',
      // (order, 'shipped') is unique: the step lands with the move above, never twice.
      when: sql`${orders.fulfilment} = 'shipped'`,
      at,
    }),
  ]);
  if (moved.length === 0) throw new Refusal(`order ${order.number} cannot be shipped: it changed meanwhile (look at it again)`);
  const told = await sendOrderStepMails(deps, deps.log, order.id);
  const carrier = shipment.carrier ? ` with ${shipment.carrier.slice(0, 64)}` : '';
  const mail = told
    ? 'the shopper is told'
    : order.email
      ? 'the mail telling the shopper could not go yet and is tried again shortly (see Mail)'
      : 'the order has no e-mail address to tell the shopper';
  return `${order.number}: shipped${carrier}${shipment.tracking ? `, tracking ${shipment.tracking}` : ''}; ${mail}.`;
}

/** What of each product the order bought is not yet back (returns so far are steps with their lines). */
export function returnable(order: StoredOrder, steps: readonly OrderStep[]): Map<number, number> {
  const left = new Map<number, number>();
  for (const line of order.lines) if (line.productId !== null) left.set(line.productId, (left.get(line.productId) ?? 0) + line.quantity);
  for (const step of steps)
    for (const back of step.kind === 'returned' ? (step.detail?.lines ?? []) : [])
      left.set(back.productId, (left.get(back.productId) ?? 0) - back.quantity);
  return left;
}

/** The lines coming back (all not yet returned when null), checked against what the order bought; throws a Refusal. */
export function goodsBackLines(order: StoredOrder, steps: readonly OrderStep[], asked: GoodsBack['lines']) {
  const refusal = returnRefusal(order.status);
  if (refusal) throw new Refusal(`order ${order.number} cannot take a return: ${refusal}`);
  const left = returnable(order, steps);
  const lines = asked ?? [...left].filter(([, n]) => n > 0).map(([productId, quantity]) => ({ productId, quantity }));
  if (lines.length === 0) throw new Refusal(`order ${order.number} has nothing left to return`);
  const over = overLimit(left, lines);
  if (over) {
    if (over.open === undefined) throw new Refusal(`order ${order.number} has no product ${over.productId}`);
    throw new Refusal(`order ${order.number}: only ${over.open} of product ${over.productId} can come back, not ${over.units}`);
  }
  return { lines, left };
}

/**
 * Returned goods back on the shelf: one `return` move per line, with the step that names them, in one
 * batch whose moves land only with that step (two at once cannot both put the goods back). Without
 * lines, everything not yet returned. Payment links follow the stock; those waiting for it are told.
 */
export async function returnGoods(deps: OrderActionDeps, back: GoodsBack, by: string): Promise<string> {
  const { order, steps } = await findOrder(deps.db, back.number);
  const { lines, left } = goodsBackLines(order, steps, back.lines);
  const at = nowIso();
  const step = `return:${steps.filter((s) => s.kind === 'returned').length + 1}`;
  const here = sql`exists (select 1 from ${orderEvents} where ${orderEvents.orderId} = ${order.id} and ${orderEvents.step} = ${step} and ${orderEvents.at} = ${at})`;
  // Every unit back: the goods' status says so (with the step, so only the return that landed says it).
  const allBack = lines.reduce((sum, l) => sum + l.quantity, 0) === [...left.values()].reduce((sum, n) => sum + n, 0);
  await deps.db.batch([
    ...stepStatements(deps.db, { orderId: order.id, step, kind: 'returned', detail: { lines, by }, when: sql`1`, at }),
    ...lines.flatMap((line) =>
      moveStatements(
        deps.db,
        { productId: line.productId, change: line.quantity, reason: 'return', orderNumber: order.number, actor: by },
        here,
        at,
      ),
    ),
    ...(allBack
      ? [
          deps.db
            .update(orders)
            .set({ fulfilment: 'returned' })
            .where(and(eq(orders.id, order.id), here)),
        ]
      : []),
  ]);
  const [landed] = await deps.db
    .select({ at: orderEvents.at })
    .from(orderEvents)
    .where(and(eq(orderEvents.orderId, order.id), eq(orderEvents.step, step)));
  if (landed?.at !== at)
    throw new Refusal(`order ${order.number}: another return was recorded meanwhile (look at it again, then try again)`);
  const products = lines.map((l) => l.productId);
  await stockChanged(deps, products);
  // A return can bring a sold-out product back: those waiting for it are told now.
  if (deps.mailWaiting !== false) await tellWaiting(deps, products);
  const nameOf = (id: number) => order.lines.find((l) => l.productId === id)?.name ?? `product ${id}`;
  return `${order.number}: ${lines.map((l) => `${l.quantity} × ${nameOf(l.productId)}`).join(', ')} back in stock.`;
}
