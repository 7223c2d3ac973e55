import { sql } from 'drizzle-orm';
import { spendCredit } from '#shared/after-sale/ledger-moves.ts';
import { STORE_CREDIT_PREFIX } from '#shared/offers/offer.ts';
import { nowIso } from '#worker/base/clock.ts';
import { onLedger, orderOfCode } from './ledger-store.ts';
import { orderById, orderByNumber } from '#worker/orders/order-queries.ts';
import { sendOrderStepMails } from '#worker/orders/order-step-mail.ts';
import { stepStatements } from '#worker/orders/order-steps.ts';
import type { RecordDeps } from '#worker/orders/record-session.ts';
import type { StripeEventHandler } from '#worker/payments/stripe-event-handlers.ts';
import { drawCreditCode } from './return-decisions.ts';

/**
 * Store credit keeps its value: a paid order that used a credit code (worth more than the order took)
 * spends on the ledger of the order the credit came from only what Stripe took off, and the rest comes
 * back to the shopper as a new single-use code, mailed as a step of the new order. Once per order
 * (its ref on the ledger, Stripe's idempotency key); throws when Stripe does not answer, so the event
 * comes again.
 */
export async function creditSpentOnPaid(deps: RecordDeps, number: string): Promise<void> {
  const order = await orderByNumber(deps.db, number);
  const code = order?.discountCode?.toUpperCase();
  if (!order || order.status !== 'paid' || !code?.startsWith(STORE_CREDIT_PREFIX)) return;
  const origin = await orderOfCode(deps.db, code);
  if (!origin) return;
  const ref = `spent:${order.number}`;
  const { value: rest } = await onLedger(deps.db, origin.orderId, 'stripe', (l) => {
    const done = l.entries.find((e) => e.ref === ref);
    if (done) return { move: { entries: [] }, value: l.entries.find((e) => e.ref === `rest:${ref}`) ?? null };
    const move = spendCredit(l, ref, code, order.discount, drawCreditCode());
    if ('refusal' in move) {
      deps.log('warn', 'store credit spent but not on its ledger', { order: order.number, reason: move.refusal });
      return { move: { entries: [] }, value: null };
    }
    return { move, value: move.entries.find((e) => e.kind === 'credit_code') ?? null };
  });
  if (!rest?.code) return;
  const from = await orderById(deps.db, origin.orderId);
  await deps.gateway.createCreditCode(
    { code: rest.code, amount: rest.amount, currency: order.currency, name: `Store credit ${from?.number ?? ''} (rest)`.slice(0, 40) },
    `credit-rest-${order.number}`,
  );
  await deps.db.batch(
    stepStatements(deps.db, {
      orderId: order.id,
      step: `credit:${code}:kept`,
      kind: 'credit_kept',
      detail: { code: rest.code, amount: rest.amount, answer: code },
      mail: 'credit_kept',
      when: sql`1`,
      at: nowIso(),
    }),
  );
  await sendOrderStepMails(deps, deps.log, order.id);
}

/** After an order is recorded paid: what of a store credit code it did not use comes back as a new code (idempotent). */
export const creditOnPaidHandler: StripeEventHandler<RecordDeps> = async (deps, _input, sofar) => {
  if (sofar.status === 'paid' && typeof sofar.order === 'string') await creditSpentOnPaid(deps, sofar.order);
  return {};
};
