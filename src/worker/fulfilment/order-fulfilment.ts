import type { OrderMailDeps } from '#worker/orders/order-mail-parts.ts';
import { and, eq, inArray, sql, type SQL } from 'drizzle-orm';
import { receive } from '#shared/ledger/ledger-moves.ts';
import { returnable } from '#shared/ledger/order-ledger.ts';
import { onLedger } from '#worker/ledger/ledger-store.ts';
import { disputeHold } from '#shared/orders/dispute-hold.ts';
import { returnRefusal, SHIPPABLE, shipRefusal } from '#shared/orders/order-status.ts';
import { nowIso } from '#worker/base/clock.ts';
import type { Logger } from '#worker/base/log.ts';
import { Refusal } from '#worker/base/refusal.ts';
import { orders } from '#worker/db/schema.ts';
import type { CheckoutGateway } from '#worker/payments/checkout-gateway.ts';
import { stockChanged } from '#worker/stock/stock-changed.ts';
import type { ChangeFeed } from '#worker/base/change-feed-contract.ts';
import { moveStatements } from '#worker/stock/stock-moves.ts';
import { tellWaiting } from '#worker/stock-alerts/tell-waiting.ts';
import { findOrder, type StoredOrder } from '#worker/orders/order-queries.ts';
import { sendOrderStepMails } from '#worker/orders/order-step-mail.ts';
import { heldByDispute, stepStatements } from '#worker/orders/order-steps.ts';

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

/**
 * The statements that put goods back on the shelf for a batch, landing only where `when` holds: one
 * `return` move per line, with the step that names them (`step`, unique per order).
 */
export function restockStatements(
  deps: Pick<OrderActionDeps, 'db'>,
  order: StoredOrder,
  lines: ReadonlyArray<{ productId: number; quantity: number }>,
  s: { step: string; by: string; when: SQL; at: string },
) {
  const back = lines.filter((l) => l.quantity > 0);
  if (back.length === 0) return [];
  return [
    ...stepStatements(deps.db, {
      orderId: order.id,
      step: s.step,
      kind: 'returned',
      detail: { lines: back, by: s.by },
      when: s.when,
      at: s.at,
    }),
    ...back.flatMap((line) =>
      moveStatements(
        deps.db,
        { productId: line.productId, change: line.quantity, reason: 'return', orderNumber: order.number, actor: s.by },
        s.when,
        s.at,
      ),
    ),
  ];
}

/** After goods went back on the shelf: payment links follow the stock, and those waiting for a product are told. */
export async function afterRestock(deps: OrderActionDeps, productIds: number[]) {
  await stockChanged(deps, productIds);
  // A return can bring a sold-out product back: those waiting for it are told now.
  if (deps.mailWaiting !== false) await tellWaiting(deps, productIds);
}

/**
 * Goods the owner takes back without a return request (the back office, `orders return`, a refund
 * with goods): received on the order's ledger (no more of a product than is not yet asked or back;
 * without lines, all of that) and put back on the shelf, in one batch that lands only on the ledger
 * it was checked against. Every unit back: the order says returned.
 */
export async function returnGoods(deps: OrderActionDeps, back: GoodsBack, by: string): Promise<string> {
  const { order } = await findOrder(deps.db, back.number);
  const refusal = returnRefusal(order.status);
  if (refusal) throw new Refusal(`order ${order.number} cannot take a return: ${refusal}`);
  const { value: lines } = await onLedger(deps.db, order.id, by, (l) => {
    const open = returnable(l);
    const asked = back.lines ?? [...open].filter(([, n]) => n > 0).map(([productId, quantity]) => ({ productId, quantity }));
    if (asked.length === 0) throw new Refusal(`order ${order.number} has nothing left to return`);
    const n = l.entries.filter((e) => e.kind === 'received' && e.request === null && /^received:direct-\d+$/.test(e.ref)).length + 1;
    const ref = `direct-${n}`;
    const move = receive(
      l,
      ref,
      null,
      asked.map((x) => ({ ...x, fit: x.quantity })),
    );
    if ('refusal' in move) throw new Refusal(`order ${order.number}: ${move.refusal}`);
    return {
      move,
      value: asked,
      effects: (landed, at) => restockStatements(deps, order, asked, { step: `return:${ref}`, by, when: landed, at }),
    };
  });
  await afterRestock(
    deps,
    lines.map((l) => l.productId),
  );
  const nameOf = (id: number) => order.lines.find((l) => l.productId === id)?.name ?? `product ${id}`;
  return `${order.number}: ${lines.map((l) => `${l.quantity} × ${nameOf(l.productId)}`).join(', ')} back in stock.`;
}
