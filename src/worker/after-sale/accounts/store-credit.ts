import { creditPaidIn, entry, spendCredit } from '#shared/after-sale/ledger-moves.ts';
import { formatMinor } from '#shared/money.ts';
import type { Ledger } from '#shared/after-sale/order-ledger.ts';
import { STORE_CREDIT_PREFIX } from '#shared/offers/offer.ts';
import { randomToken } from '#worker/base/hashing.ts';
import { Refusal } from '#worker/base/refusal.ts';
import type { OrderActionDeps } from '#worker/orders/order-deps.ts';
import { orderById, orderByNumber, type StoredOrder } from '#worker/orders/order-queries.ts';
import type { RecordDeps } from '#worker/orders/record-session.ts';
import { CheckoutUnavailableError } from '#worker/payments/checkout-gateway.ts';
import type { StripeEventHandler } from '#worker/payments/stripe-event-handlers.ts';
import { mailOwedSteps, onLedger, orderOfCode, readLedger } from './ledger-store.ts';

/* Store credit, issued here only: for a return settled with credit, for the credit a refunded return had been paid with, and for the rest of a code a new order did not use. Each is a single-use Stripe promotion code, on the ledger before Stripe is asked. */

/** A fresh store credit code: random (64 bits drawn, about 55 kept once upper-cased), since a code anyone could guess would be anyone's credit. */
export const drawCreditCode = () =>
  `${STORE_CREDIT_PREFIX}${randomToken(8)
    .toUpperCase()
    .replace(/[^A-Z0-9]/g, '7')}`;

/** Makes a credit entry's code at Stripe (once: its idempotency key), or a Refusal saying nothing was issued. */
export async function makeCreditCode(
  deps: Pick<OrderActionDeps, 'gateway'>,
  order: StoredOrder,
  credit: { code: string; amount: number },
  name: string,
  key: string,
) {
  if (!deps.gateway) throw new Refusal('Store credit needs Stripe, which is not set up on this shop.');
  try {
    await deps.gateway.createCreditCode(
      { code: credit.code, amount: credit.amount, currency: order.currency, name: name.slice(0, 40) },
      key,
    );
  } catch (err) {
    const status = err instanceof CheckoutUnavailableError ? err.status : undefined;
    throw new Refusal(`Stripe did not make the code${status ? ` (error ${status})` : ''}: nothing was issued. Try again.`, 'unavailable');
  }
}

/**
 * The credit a refunded return had been paid with, back as a code of its own: its entry (`ref`) was
 * written with the refund's reservation; here its code is made at Stripe (once) and the shopper is
 * owed its mail. Null when the refund gave none back as credit.
 */
export async function creditRestored(deps: OrderActionDeps, order: StoredOrder, request: string, ref: string) {
  const read = await readLedger(deps.db, order.id);
  const restored = read?.ledger.entries.find((e) => e.ref === ref);
  if (!restored?.code) return null;
  await makeCreditCode(
    deps,
    order,
    { code: restored.code, amount: restored.amount },
    `Store credit ${request}`,
    `credit-restored-${request}`,
  );
  const detail = { request, amount: restored.amount, code: restored.code };
  await onLedger(deps.db, order.id, 'stripe', () => ({
    move: { entries: [] },
    value: null,
    steps: [{ step: `return:${request}:credit_restored`, kind: 'credit_restored', detail, mail: 'credit_restored' }],
  }));
  return { amount: restored.amount, code: restored.code };
}

/**
 * Store credit keeps its value, code by code: a paid order that used a credit code draws on that
 * code's own balance (on the ledger of the order the credit came from) only what Stripe took off, and
 * what stays of that code comes back to the shopper as a new single-use code, mailed as a step of the
 * new order. The new order's ledger keeps what the code really paid (credit_in), which a return of it
 * gives back. A code that held less than Stripe took (drawn twice) is written as it happened and the
 * owner is told; no rest is made of it. Once per order (its refs, Stripe's idempotency key); throws
 * when Stripe does not answer, so the event comes again.
 */
export async function creditSpentOnPaid(deps: RecordDeps, number: string): Promise<void> {
  const order = await orderByNumber(deps.db, number);
  const code = order?.discountCode?.toUpperCase();
  if (!order || order.status !== 'paid' || !code?.startsWith(STORE_CREDIT_PREFIX)) return;
  const origin = await orderOfCode(deps.db, code);
  if (!origin) return;
  const ref = `spent:${order.number}`;
  const { value: spent } = await onLedger(deps.db, origin.orderId, 'stripe', (l) => {
    if (l.entries.some((e) => e.ref === ref)) {
      const rest = l.entries.find((e) => e.ref === `rest:${ref}`) ?? null;
      return { move: { entries: [] }, value: { rest, paid: order.discount - overdrawnOf(l, ref) } };
    }
    const move = spendCredit(l, ref, code, order.discount, drawCreditCode());
    if ('refusal' in move) {
      deps.log('warn', 'store credit spent but not on its ledger', { order: order.number, reason: move.refusal });
      return { move: { entries: [] }, value: { rest: null, paid: order.discount } };
    }
    const over = move.overdrawn;
    const entries = over > 0 ? [...move.entries, entry('credit_overdrawn', `overdrawn:${ref}`, { amount: over, code })] : move.entries;
    const detail = {
      code,
      amount: over,
      answer: `Order ${order.number} was paid with store credit code ${code}, which held ${formatMinor(order.discount - over, order.currency)} of the ${formatMinor(order.discount, order.currency)} Stripe took off: the code was used before, or switched off meanwhile. No rest code was made.`,
    };
    return {
      move: { entries },
      value: { rest: move.entries.find((e) => e.kind === 'credit_code') ?? null, paid: order.discount - over },
      steps: over > 0 ? [{ step: `account:overdrawn:${order.number}`, kind: 'account_changed', detail, mail: 'account_changed' }] : [],
    };
  });
  // The new order's own account: what store credit really paid of it.
  await onLedger(deps.db, order.id, 'stripe', (l) => ({ move: creditPaidIn(l, code, Math.max(0, spent.paid)), value: null }));
  const rest = spent.rest;
  if (!rest?.code) return;
  const from = await orderById(deps.db, origin.orderId);
  await makeCreditCode(
    deps,
    order,
    { code: rest.code, amount: rest.amount },
    `Store credit ${from?.number ?? ''} (rest)`,
    `credit-rest-${order.number}`,
  );
  const detail = { code: rest.code, amount: rest.amount, answer: code };
  await onLedger(deps.db, order.id, 'stripe', () => ({
    move: { entries: [] },
    value: null,
    steps: [{ step: `credit:${code}:kept`, kind: 'credit_kept', detail, mail: 'credit_kept' }],
  }));
  await mailOwedSteps(deps, order.id);
}

/** What a spending drew beyond the code's balance (its overdrawn entry), or 0. */
const overdrawnOf = (l: Ledger, ref: string) => l.entries.find((e) => e.ref === `overdrawn:${ref}`)?.amount ?? 0;

/** After an order is recorded paid: what of a store credit code it did not use comes back as a new code (idempotent). */
export const creditOnPaidHandler: StripeEventHandler<RecordDeps> = async (deps, _input, sofar) => {
  if (sofar.status === 'paid' && typeof sofar.order === 'string') await creditSpentOnPaid(deps, sofar.order);
  return {};
};
