import type { StripeEventHandler } from '#worker/payments/stripe-event-handlers.ts';
import { and, eq } from 'drizzle-orm';
import { seeRefunds } from '#shared/after-sale/ledger-moves.ts';
import { ledgerOf } from '#shared/after-sale/order-ledger.ts';
import { orders } from '#worker/orders/order-tables.ts';
import { mailOwedSteps, onLedger, orderOfDifference } from './ledger-store.ts';
import { rebalanceAccount } from './account-rebalance.ts';
import { formatMinor } from '#shared/money.ts';
import type { Currency } from '#shared/region/region.ts';
import { refundedStatus } from '#shared/orders/order-status.ts';
import type { CheckoutGateway } from '#worker/payments/checkout-gateway.ts';
import type { OrderActionDeps } from '#worker/orders/order-deps.ts';
import { orderOfPayment, type OrderOfPayment, type RecordDeps } from '#worker/orders/record-session.ts';

/**
 * The order a payment intent's money belongs to, and which of its tenders it is: its own charge
 * (null), or an exchange difference's (its request named).
 */
export async function tenderOf(
  deps: RecordDeps,
  paymentIntent: string,
): Promise<{ order: OrderOfPayment; tender: string | null; request: string | null } | null> {
  const difference = await orderOfDifference(deps.db, paymentIntent);
  if (difference !== null) {
    const [order] = await deps.db
      .select({ id: orders.id, number: orders.number, total: orders.total, currency: orders.currency })
      .from(orders)
      .where(eq(orders.id, difference.orderId));
    return order ? { order, tender: paymentIntent, request: difference.request } : null;
  }
  const order = await orderOfPayment(deps, paymentIntent);
  return order ? { order, tender: null, request: null } : null;
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
      value: move.entries.map((e) => ({ kind: e.kind, refund: e.code!, amount: e.amount })),
      effects: card
        ? (landed, at) => [
            deps.db
              .update(orders)
              .set({ status: kind, statusChangedAt: at })
              .where(and(eq(orders.id, order.id), landed)),
          ]
        : undefined,
      steps: move.entries.map((e) => ({
        step: e.kind === 'refund_seen' ? `refund:${e.code}` : `refund:${e.code}:failed`,
        kind: e.kind === 'refund_failed' ? ('refund_failed' as const) : tender === null ? kind : ('difference_refunded' as const),
        detail: { amount: e.amount, refund: e.code!, ...(tender === null ? { refunded: after.confirmed } : {}) },
        mail: e.kind === 'refund_seen' ? ('refund_issued' as const) : ('refund_failed' as const),
      })),
    };
  });
  if (seen.length > 0) {
    const mails = mailOwedSteps(deps, order.id);
    if (deps.background) deps.background(mails);
    else await mails;
  }
  // A refund the shop did not decide (Stripe's Dashboard) may leave its credit and exchanges promising more than is left.
  const back = seen.filter((e) => e.kind === 'refund_seen').reduce((t, e) => t + e.amount, 0);
  if (tender === null && back > 0)
    await rebalanceAccount(
      deps,
      order.id,
      `Stripe reports ${formatMinor(back, order.currency as Currency)} refunded that the shop did not ask for (Stripe’s Dashboard)`,
    );
  return seen.filter((e) => e.kind === 'refund_seen').map((e) => e.refund);
}

/** A refund event (charge.refunded or refund.updated): the charge's payment intent found, its refunds written as Stripe lists them. */
async function recordRefund(deps: RecordDeps, chargeId: string): Promise<{ number: string; step: string | null } | null> {
  const charge = await deps.gateway.readCharge(chargeId);
  if (!charge?.paymentIntent) return null;
  const found = await tenderOf(deps, charge.paymentIntent);
  if (!found) return null;
  const added = await syncRefunds(deps, found.order, found.tender, charge.paymentIntent);
  return { number: found.order.number, step: added.length > 0 ? `refund:${added.join(',')}` : null };
}

/** Refunds (made here or in Stripe's Dashboard): recorded on the order whose payment they name (read from Stripe by the object's id). */
export const refundEventHandler: StripeEventHandler<RecordDeps> = async (deps, { event, objectId }) => {
  const charge = event.type === 'refund.updated' ? await deps.gateway.readRefundCharge(objectId) : objectId;
  const recorded = charge ? await recordRefund(deps, charge) : null;
  deps.log('info', recorded ? 'payment event recorded' : 'payment event for no order of the shop', {
    eventId: event.id,
    type: event.type,
    ...recorded,
  });
  return { order: recorded?.number ?? null, step: recorded?.step ?? null };
};
