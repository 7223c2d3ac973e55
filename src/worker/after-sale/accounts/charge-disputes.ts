import { disputeMoved } from '#shared/after-sale/ledger-moves.ts';
import { formatMinor } from '#shared/money.ts';
import type { Currency } from '#shared/region/region.ts';
import type { StripeEventHandler } from '#worker/payments/stripe-event-handlers.ts';
import type { RecordDeps } from '#worker/orders/record-session.ts';
import { rebalanceAccount } from './account-rebalance.ts';
import { mailOwedSteps, onLedger } from './ledger-store.ts';
import { tenderOf } from './refund-events.ts';

/**
 * A dispute opened or closed on one of an order's charges (its own, or an exchange difference's):
 * written on that charge's account once per dispute and phase (an open one holds every refund, credit
 * and exchange that rests on the charge; a lost one is money the bank took back), with a step on the
 * order's timeline and the shop's mail (ORDERS_TO_EMAIL): the reason, the amount, the dashboard link.
 * The shopper is not mailed. A lost dispute leaves less of the payment, so the accounts are rebalanced.
 * Null: no order of the shop took it.
 */
async function recordDispute(
  deps: RecordDeps,
  disputeId: string,
  opened: boolean,
): Promise<{ number: string; step: string | null } | null> {
  const dispute = await deps.gateway.readDispute(disputeId);
  if (!dispute?.paymentIntent) return null;
  const found = await tenderOf(deps, dispute.paymentIntent);
  if (!found) return null;
  const { order, tender, request } = found;
  const outcome = opened ? 'opened' : dispute.status === 'lost' ? 'lost' : 'won';
  const step = `dispute:${dispute.id}:${opened ? 'opened' : 'closed'}`;
  const { value: wrote } = await onLedger(deps.db, order.id, 'stripe', (l) => {
    const move = disputeMoved(l, tender, { id: dispute.id, amount: dispute.amount, outcome });
    const fresh = 'entries' in move && move.entries.length > 0;
    return {
      move,
      value: fresh,
      // Written with the entry, once: a replayed event adds nothing.
      steps: fresh
        ? [
            {
              step,
              kind: opened ? 'dispute_opened' : 'dispute_closed',
              detail: {
                dispute: dispute.id,
                amount: dispute.amount,
                reason: dispute.reason,
                // A difference's charge: the exchange it paid for (its hold is the exchange's, not the order's).
                ...(request && { request }),
                ...(opened ? {} : { outcome: dispute.status }),
                ...(opened && dispute.dueBy ? { dueBy: new Date(dispute.dueBy * 1000).toISOString() } : {}),
              },
              mail: opened ? 'dispute_opened' : 'dispute_closed',
            },
          ]
        : [],
    };
  });
  if (wrote) deps.background(mailOwedSteps(deps, order.id));
  if (outcome === 'lost')
    await rebalanceAccount(
      deps,
      order.id,
      `the bank took back ${formatMinor(dispute.amount, order.currency as Currency)} through a lost dispute`,
    );
  return { number: order.number, step: wrote ? step : null };
}

/** A dispute event (charge.dispute.created or closed): recorded on the charge's account, read from Stripe by its id. */
export const disputeEventHandler: StripeEventHandler<RecordDeps> = async (deps, { event, objectId }) => {
  const recorded = await recordDispute(deps, objectId, event.type === 'charge.dispute.created');
  deps.log('info', recorded ? 'payment event recorded' : 'payment event for no order of the shop', {
    eventId: event.id,
    type: event.type,
    ...recorded,
  });
  return { order: recorded?.number ?? null, step: recorded?.step ?? null };
};
