import type { StripeEventHandler } from '#worker/payments/stripe-event-handlers.ts';
import { and, eq, sql } from 'drizzle-orm';
import { seeRefunds } from '#shared/after-sale/ledger-moves.ts';
import { ledgerOf } from '#shared/after-sale/order-ledger.ts';
import { nowIso } from '#worker/base/clock.ts';
import { orders } from '#worker/orders/order-tables.ts';
import { onLedger, orderOfDifference } from './ledger-store.ts';
import { refundedStatus } from '#shared/orders/order-status.ts';
import type { PaymentEventType } from '#worker/payments/stripe-events.ts';
import type { CheckoutGateway } from '#worker/payments/checkout-gateway.ts';
import type { OrderActionDeps } from '#worker/fulfilment/order-fulfilment.ts';
import { stepStatements } from '#worker/orders/order-steps.ts';
import { sendOrderStepMails } from '#worker/orders/order-step-mail.ts';
import { recordSession, type RecordDeps } from '#worker/orders/record-session.ts';

/** What a refund or dispute event did: the order it concerns, and the step it added (null: nothing new). */
export interface PaymentStep {
  number: string;
  step: string | null;
}

const orderColumns = { id: orders.id, number: orders.number, total: orders.total };
type OrderOfPayment = { id: number; number: string; total: number };

/**
 * The order that took this payment intent. A refund or dispute may come before the session's
 * completed event (Stripe does not promise their order): then the session is found by its payment
 * intent and recorded first, as completed would have. Null when no session of the shop took it.
 */
async function orderFor(deps: RecordDeps, paymentIntent: string): Promise<OrderOfPayment | undefined> {
  const find = async () => (await deps.db.select(orderColumns).from(orders).where(eq(orders.paymentIntent, paymentIntent)).limit(1))[0];
  const known = await find();
  if (known) return known;
  const sessionId = await deps.gateway.findSessionByPaymentIntent(paymentIntent);
  if (!sessionId) return undefined;
  await recordSession(deps, sessionId, 'checkout.session.completed');
  return find();
}

/** The order a payment intent's money belongs to, and which of its tenders it is: its own charge (null), or an exchange difference's. */
async function tenderOf(deps: RecordDeps, paymentIntent: string): Promise<{ order: OrderOfPayment; tender: string | null } | null> {
  const difference = await orderOfDifference(deps.db, paymentIntent);
  if (difference !== null) {
    const [order] = await deps.db.select(orderColumns).from(orders).where(eq(orders.id, difference));
    return order ? { order, tender: paymentIntent } : null;
  }
  const order = await orderFor(deps, paymentIntent);
  return order ? { order, tender: null } : null;
}

/**
 * The refunds of one of an order's tenders as Stripe lists them, written on its ledger each once by
 * its id (seeRefunds), so a refund made here or in Stripe's Dashboard, its webhook early, late,
 * replayed or at once with another, counts once. Each new one is a step of the timeline and owes the
 * shopper "Refund issued"; the order's own charge also moves its status (refunded or partially).
 * Also run when a difference is recorded paid, for a refund of it that came first.
 */
export async function syncRefunds(
  deps: OrderActionDeps & { gateway: CheckoutGateway; background?: RecordDeps['background'] },
  order: OrderOfPayment,
  tender: string | null,
  paymentIntent: string,
) {
  const refunds = await deps.gateway.listRefunds(paymentIntent);
  const { value: seen } = await onLedger(deps.db, order.id, 'stripe', (l) => {
    const move = seeRefunds(l, tender, refunds);
    const after = ledgerOf(l.facts, [...l.entries, ...move.entries]);
    const card = tender === null && after.confirmed !== l.confirmed;
    const kind = after.confirmed === 0 ? ('paid' as const) : refundedStatus(after.confirmed, order.total);
    return {
      move,
      value: move.entries.map((e) => ({ kind: e.kind, refund: e.code! })),
      effects: (landed, at) => [
        ...(card
          ? [
              deps.db
                .update(orders)
                .set({ status: kind, statusChangedAt: at })
                .where(and(eq(orders.id, order.id), landed)),
            ]
          : []),
        ...move.entries.flatMap((e) =>
          stepStatements(deps.db, {
            orderId: order.id,
            step: e.kind === 'refund_seen' ? `refund:${e.code}` : `refund:${e.code}:failed`,
            kind: e.kind === 'refund_failed' ? 'refund_failed' : tender === null ? kind : 'difference_refunded',
            detail: { amount: e.amount, refund: e.code!, ...(tender === null ? { refunded: after.confirmed } : {}) },
            mail: e.kind === 'refund_seen' ? 'refund_issued' : 'refund_failed',
            when: landed,
            at,
          }),
        ),
      ],
    };
  });
  if (seen.length > 0) {
    const mails = sendOrderStepMails(deps, deps.log, order.id);
    if (deps.background) deps.background(mails);
    else await mails;
  }
  return seen.filter((e) => e.kind === 'refund_seen').map((e) => e.refund);
}

/** A refund event (charge.refunded or refund.updated): the charge's payment intent found, its refunds written as Stripe lists them. */
async function recordRefund(deps: RecordDeps, chargeId: string): Promise<PaymentStep | null> {
  const charge = await deps.gateway.readCharge(chargeId);
  if (!charge?.paymentIntent) return null;
  const found = await tenderOf(deps, charge.paymentIntent);
  if (!found) return null;
  const added = await syncRefunds(deps, found.order, found.tender, charge.paymentIntent);
  return { number: found.order.number, step: added.length > 0 ? `refund:${added.join(',')}` : null };
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
