import type { StripeEventHandler } from '#worker/payments/stripe-event-handlers.ts';
import { and, eq, sql } from 'drizzle-orm';
import { nowIso } from '#worker/base/clock.ts';
import { randomToken } from '#worker/base/hashing.ts';
import { orders } from '#worker/db/schema.ts';
import { refundedStatus } from '#shared/orders/order-status.ts';
import type { PaymentEventType } from '#worker/payments/stripe-events.ts';
import { stepStatements } from '#worker/orders/order-steps.ts';
import { sendOrderStepMails } from '#worker/orders/order-step-mail.ts';
import { recordSession, type RecordDeps } from '#worker/orders/record-session.ts';

/** What a refund or dispute event did: the order it concerns, and the step it added (null: nothing new). */
export interface PaymentStep {
  number: string;
  step: string | null;
}

const orderColumns = { id: orders.id, number: orders.number, total: orders.total, refunded: orders.refunded };

/**
 * The order that took this payment intent. A refund or dispute may come before the session's
 * completed event (Stripe does not promise their order): then the session is found by its payment
 * intent and recorded first, as completed would have. Null when no session of the shop took it.
 */
async function orderFor(deps: RecordDeps, paymentIntent: string) {
  const find = async () => (await deps.db.select(orderColumns).from(orders).where(eq(orders.paymentIntent, paymentIntent)).limit(1))[0];
  const known = await find();
  if (known) return known;
  const sessionId = await deps.gateway.findSessionByPaymentIntent(paymentIntent);
  if (!sessionId) return undefined;
  await recordSession(deps, sessionId, 'checkout.session.completed');
  return find();
}

/**
 * A refund (charge.refunded or refund.updated): the charge is read from Stripe, and the order takes
 * its amount_refunded, the running total, so events in any order, replayed or at once, land on the
 * same figure. Only the delivery whose compare-and-set moved the total records the step (refunded or
 * partially_refunded, with what this step gave back) and owes the shopper "Refund issued". Stock is
 * not touched: returns go back on the shelf by the operator's `orders return`.
 */
async function recordRefund(deps: RecordDeps, chargeId: string): Promise<PaymentStep | null> {
  const charge = await deps.gateway.readCharge(chargeId);
  if (!charge?.paymentIntent) return null;
  const order = await orderFor(deps, charge.paymentIntent);
  if (!order) return null;
  const total = charge.amountRefunded;
  for (let before = order.refunded; total > before;) {
    const at = nowIso();
    const kind = refundedStatus(total, order.total);
    const step = `refund:${total}`;
    const [moved] = await deps.db.batch([
      deps.db
        .update(orders)
        // A new ledger stamp: an after-sale action decided on the figure before this refund decides again (ledger-store.ts).
        .set({ refunded: total, status: kind, statusChangedAt: at, ledgerStamp: randomToken(12) })
        .where(and(eq(orders.id, order.id), eq(orders.refunded, before)))
        .returning({ id: orders.id }),
      ...stepStatements(deps.db, {
        orderId: order.id,
        step,
        kind,
        detail: { amount: total - before, refunded: total },
        mail: 'refund_issued',
        when: sql`${orders.refunded} = ${total} and ${orders.statusChangedAt} = ${at}`,
        at,
      }),
    ]);
    if (moved.length > 0) {
      deps.background(sendOrderStepMails(deps, deps.log, order.id));
      return { number: order.number, step };
    }
    // Another delivery moved it meanwhile: look again (it may already be at this total).
    const [current] = await deps.db.select({ refunded: orders.refunded }).from(orders).where(eq(orders.id, order.id));
    before = current?.refunded ?? total;
  }
  return { number: order.number, step: null };
}

/**
 * A dispute opened or closed: recorded on the order's timeline once per dispute and phase, and the
 * shop (ORDERS_TO_EMAIL) is told, with the reason, the amount and the dashboard link; the shopper is
 * not. The order's status stays: the money is the dispute's to decide.
 */
async function recordDispute(deps: RecordDeps, disputeId: string, opened: boolean): Promise<PaymentStep | null> {
  const dispute = await deps.gateway.readDispute(disputeId);
  if (!dispute?.paymentIntent) return null;
  const order = await orderFor(deps, dispute.paymentIntent);
  if (!order) return null;
  const step = `dispute:${dispute.id}:${opened ? 'opened' : 'closed'}`;
  const at = nowIso();
  const [added] = await deps.db.batch(
    stepStatements(deps.db, {
      orderId: order.id,
      step,
      kind: opened ? 'dispute_opened' : 'dispute_closed',
      detail: {
        dispute: dispute.id,
        amount: dispute.amount,
        reason: dispute.reason,
        ...(opened ? {} : { outcome: dispute.status }),
        ...(opened && dispute.dueBy ? { dueBy: new Date(dispute.dueBy * 1000).toISOString() } : {}),
      },
      mail: opened ? 'dispute_opened' : 'dispute_closed',
      when: sql`1`,
      at,
    }),
  );
  const recorded = (added as { rowsAffected: number }).rowsAffected > 0;
  if (recorded) deps.background(sendOrderStepMails(deps, deps.log, order.id));
  return { number: order.number, step: recorded ? step : null };
}

/** A refund or dispute event, its object read from Stripe by the id the (verified) event names. */
export function recordPaymentEvent(
  deps: RecordDeps,
  type: PaymentEventType,
  object: { id: string; charge?: unknown },
): Promise<PaymentStep | null> {
  switch (type) {
    case 'charge.refunded':
      return recordRefund(deps, object.id);
    case 'refund.updated':
      return deps.gateway.readRefundCharge(object.id).then((charge) => (charge ? recordRefund(deps, charge) : null));
    case 'charge.dispute.created':
      return recordDispute(deps, object.id, true);
    case 'charge.dispute.closed':
      return recordDispute(deps, object.id, false);
  }
}

/** Refunds and disputes: recorded on the order whose payment they name (read from Stripe by the object's id), with what the order owes. */
export const paymentEventHandler: StripeEventHandler<RecordDeps> = async (deps, { event, objectId }) => {
  const recorded = await recordPaymentEvent(deps, event.type as PaymentEventType, { id: objectId });
  deps.log('info', recorded ? 'payment event recorded' : 'payment event for no order of the shop', {
    eventId: event.id,
    type: event.type,
    ...recorded,
  });
  return { order: recorded?.number ?? null, step: recorded?.step ?? null };
};
