import { sql } from 'drizzle-orm';
import { nowIso } from '#worker/base/clock.ts';
import type { StripeEventHandler } from '#worker/payments/stripe-event-handlers.ts';
import { sendOrderStepMails } from './order-mail.ts';
import { stepStatements } from './order-steps.ts';
import { orderOfPayment, type RecordDeps } from './record-session.ts';

/**
 * A dispute opened or closed: recorded on the order's timeline once per dispute and phase, and the
 * shop (ORDERS_TO_EMAIL) is told, with the reason, the amount and the dashboard link; the shopper is
 * not. The order's status stays: the money is the dispute's to decide. Null: no order of the shop took it.
 */
async function recordDispute(
  deps: RecordDeps,
  disputeId: string,
  opened: boolean,
): Promise<{ number: string; step: string | null } | null> {
  const dispute = await deps.gateway.readDispute(disputeId);
  if (!dispute?.paymentIntent) return null;
  const order = await orderOfPayment(deps, dispute.paymentIntent);
  if (!order) return null;
  const step = `dispute:${dispute.id}:${opened ? 'opened' : 'closed'}`;
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
      at: nowIso(),
    }),
  );
  const recorded = (added as { rowsAffected: number }).rowsAffected > 0;
  if (recorded) deps.background(sendOrderStepMails(deps, deps.log, order.id));
  return { number: order.number, step: recorded ? step : null };
}

/** A dispute event (charge.dispute.created or closed): recorded on the order whose payment it names, read from Stripe by its id. */
export const disputeEventHandler: StripeEventHandler<RecordDeps> = async (deps, { event, objectId }) => {
  const recorded = await recordDispute(deps, objectId, event.type === 'charge.dispute.created');
  deps.log('info', recorded ? 'payment event recorded' : 'payment event for no order of the shop', {
    eventId: event.id,
    type: event.type,
    ...recorded,
  });
  return { order: recorded?.number ?? null, step: recorded?.step ?? null };
};
