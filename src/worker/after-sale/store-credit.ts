import { issueCredit, spendCredit } from '#shared/after-sale/ledger-moves.ts';
import { ledgerOf, type Ledger } from '#shared/after-sale/order-ledger.ts';
import { STORE_CREDIT_PREFIX } from '#shared/offers/offer.ts';
import { randomToken } from '#worker/base/hashing.ts';
import { Refusal } from '#worker/base/refusal.ts';
import type { OrderActionDeps } from '#worker/orders/order-deps.ts';
import { orderById, orderByNumber, type StoredOrder } from '#worker/orders/order-queries.ts';
import type { RecordDeps } from '#worker/orders/record-session.ts';
import { CheckoutUnavailableError } from '#worker/payments/checkout-gateway.ts';
import type { StripeEventHandler } from '#worker/payments/stripe-event-handlers.ts';
import { mailOwedSteps, onLedger, orderOfCode, readLedger } from './ledger-store.ts';
import { settleUnanswered } from './refund-order.ts';
import { requestIn, type ReturnRequest } from './return-queries.ts';

/* Store credit, issued here only: for a return settled with credit, for the credit a refunded return had been paid with, and for the rest of a code a new order did not use. Each is a single-use Stripe promotion code, on the ledger before Stripe is asked. */

/** A fresh store credit code: random (64 bits drawn, about 55 kept once upper-cased), since a code anyone could guess would be anyone's credit. */
export const drawCreditCode = () =>
  `${STORE_CREDIT_PREFIX}${randomToken(8)
    .toUpperCase()
    .replace(/[^A-Z0-9]/g, '7')}`;

/** Makes a credit entry's code at Stripe (once: its idempotency key), or a Refusal saying nothing was issued. */
async function makeCreditCode(
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

/** A request's credit entries (the part the card paid, and the part credit paid, restored), as one code and sum; null before they are written. */
function creditEntriesOf(l: Ledger, ref: string) {
  const mine = l.entries.filter((e) => e.kind === 'credit' && (e.ref === ref || e.ref === `${ref}:restored`));
  if (mine.length === 0) return null;
  return { code: mine[0]!.code!, amount: mine.reduce((t, e) => t + e.amount, 0), basis: mine.reduce((t, e) => t + e.basis, 0) };
}

/**
 * Store credit for a request, on the ledger before Stripe is asked (creditable: 110% of what the card
 * paid of the goods, what credit paid as it was; its code drawn once): a second try finds the entries
 * and asks Stripe for the same code with the same idempotency key, so one return never makes two codes.
 */
export async function creditForReturn(deps: OrderActionDeps, request: ReturnRequest, order: StoredOrder, by: string) {
  if (!deps.gateway) throw new Refusal('Store credit needs Stripe, which is not set up on this shop.');
  await settleUnanswered(deps, order, by);
  const ref = `credit:${request.number}`;
  const { value: credit } = await onLedger(deps.db, order.id, by, async (l) => {
    await requestIn(deps.db, request.number, 'accepted');
    const kept = creditEntriesOf(l, ref);
    if (kept) return { move: { entries: [] }, value: kept };
    const move = issueCredit(l, ref, request.value, drawCreditCode(), request.number);
    if ('refusal' in move) throw new Refusal(`Return ${request.number} cannot be settled with credit: ${move.refusal}.`);
    return { move, value: creditEntriesOf(ledgerOf(l.facts, move.entries), ref)! };
  });
  await makeCreditCode(deps, order, credit, `Store credit ${request.number}`, `credit-${request.number}`);
  return credit;
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

/** After an order is recorded paid: what of a store credit code it did not use comes back as a new code (idempotent). */
export const creditOnPaidHandler: StripeEventHandler<RecordDeps> = async (deps, _input, sofar) => {
  if (sofar.status === 'paid' && typeof sofar.order === 'string') await creditSpentOnPaid(deps, sofar.order);
  return {};
};
