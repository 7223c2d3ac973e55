import type { OrderActionDeps } from '#worker/orders/order-deps.ts';
import { and, eq, inArray, sql } from 'drizzle-orm';
import { disputeHold } from '#shared/orders/dispute-hold.ts';
import { SHIPPABLE, shipRefusal } from '#shared/orders/order-status.ts';
import { nowIso } from '#worker/base/clock.ts';
import { Refusal } from '#worker/base/refusal.ts';
import { orders } from '#worker/orders/order-tables.ts';
import { findOrder } from '#worker/orders/order-queries.ts';
import { parcelOf, type ParcelTyped } from '#shared/orders/carriers.ts';
import { dueDelivery } from '#shared/orders/delivery-due.ts';
import { sendOrderStepMails } from '#worker/orders/order-mail.ts';
import { heldByDispute, stepStatements } from '#worker/orders/order-steps.ts';

export interface Shipment extends ParcelTyped {
  number: string;
}

/**
 * Shipped: the fulfilment status moves (the payment's stays: paid, or partly refunded), the step keeps
 * carrier and tracking, and the shopper is owed "Your order is on its way", all in one batch; only
 * once per order.
 */
export async function shipOrder(deps: OrderActionDeps, shipment: Shipment, by: string): Promise<string> {
  const parcel = parcelOf(shipment);
  if ('refusal' in parcel) throw new Refusal(parcel.refusal, 'invalid');
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
      detail: { ...parcel, expected: new Date(dueDelivery(at, order.region, order.shippingOption)).toISOString(), by },
      mail: 'shipped',
      // (order, 'shipped') is unique: the step lands with the move above, never twice.
      when: sql`${orders.fulfilment} = 'shipped'`,
      at,
    }),
  ]);
  if (moved.length === 0) throw new Refusal(`order ${order.number} cannot be shipped: it changed meanwhile (look at it again)`);
  const told = await sendOrderStepMails(deps, deps.log, order.id);

  const mail = told
    ? 'the shopper is told'
    : order.email
      ? 'the mail telling the shopper could not go yet and is tried again shortly (see Mail)'
      : 'the order has no e-mail address to tell the shopper';
  return `${order.number}: shipped with ${parcel.carrier}, tracking ${parcel.tracking}; ${mail}.`;
}
