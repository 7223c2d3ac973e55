import { and, eq, type SQL } from 'drizzle-orm';
import type { BatchItem } from 'drizzle-orm/batch';
import { issueCredit, receive, releaseAsk, restoreCredit, returnRefund } from '#shared/after-sale/ledger-moves.ts';
import {
  byTender,
  differenceExcess,
  differenceOwed,
  exchangeState,
  ledgerOf,
  openOfRequest,
  type Ledger,
} from '#shared/after-sale/order-ledger.ts';
import { formatMinor } from '#shared/money.ts';
import { unitsByProduct, type ReturnState } from '#shared/after-sale/return-rules.ts';
import type { OrderStepDetail } from '#shared/timeline/order-timeline.ts';
import type { OrderMailKind } from '#shared/timeline/order-timeline.ts';
import { Refusal } from '#worker/base/refusal.ts';
import type { OrderActionDeps } from '#worker/orders/order-deps.ts';
import { lineWords, orderById, type StoredOrder } from '#worker/orders/order-queries.ts';
import { returnRequests } from './after-sale-tables.ts';
import type { AfterSaleDeps } from './after-sale-listeners.ts';
import { closeDifferencePage, refundDifferenceExcess } from './exchanges.ts';
import { goodsCameBack, onShelf } from './goods-back.ts';
import { mailOwedSteps, onLedger, type LedgerStep } from './accounts/ledger-store.ts';
import { refundOnLedger, settleUnanswered } from './accounts/charge-refunds.ts';
import { requestIn, returnByNumber, type ReturnRequest } from './return-queries.ts';
import { creditRestored, drawCreditCode, makeCreditCode } from './accounts/store-credit.ts';

/** The request by its number, or a Refusal (404). */
async function requestNamed(deps: OrderActionDeps, number: string) {
  const request = await returnByNumber(deps.db, number);
  if (!request) throw new Refusal(`There is no return request ${number.slice(0, 24)}.`, 'unknown');
  const order = await orderById(deps.db, request.orderId);
  if (!order) throw new Refusal(`Return ${number} has no order.`, 'unknown');
  return { request, order };
}

interface Settled {
  state: ReturnState;
  answer: string | null;
  detail: OrderStepDetail;
  mail: OrderMailKind | undefined;
}

/** A request moved from `from` to the next state: its row (only while still in `from`), its step and the shopper's mail, where the write lands. */
function requestMoved(deps: OrderActionDeps, request: ReturnRequest, from: ReturnState, to: Settled, by: string) {
  const steps: LedgerStep[] = [
    {
      step: `return:${request.number}:${to.state}`,
      kind: `return_${to.state}` as 'return_accepted' | 'return_refused' | 'return_received',
      detail: { request: request.number, lines: request.lines, wants: request.outcome, reason: request.reason, by, ...to.detail },
      mail: to.mail,
    },
  ];
  const effects = (landed: SQL, at: string): BatchItem<'sqlite'>[] => [
    deps.db
      .update(returnRequests)
      .set({ state: to.state, answer: to.answer, decidedBy: by, decidedAt: at })
      .where(and(eq(returnRequests.id, request.id), eq(returnRequests.state, from), landed)),
  ];
  return { steps, effects };
}

/** The shop accepts a request: the shopper is mailed once that it is accepted and where to send the parcel. */
export async function acceptReturn(deps: OrderActionDeps, number: string, by: string): Promise<string> {
  const { request } = await requestNamed(deps, number);
  await onLedger(deps.db, request.orderId, by, async () => {
    const now = await requestIn(deps.db, number, 'requested');
    const to = { state: 'accepted' as const, answer: null, detail: {}, mail: 'return_accepted' as const };
    return { move: { entries: [] }, ...requestMoved(deps, now, 'requested', to, by), value: null };
  });
  await mailOwedSteps(deps, request.orderId);
  return `${request.number}: accepted; the shopper is told where to send it.`;
}

/**
 * The shop refuses a request, saying why (the shopper is mailed the reason once); what it asked may
 * be asked again, and an exchange's difference paid goes back to its charge in the same step (the
 * mail says how much). Refused again, it only gives back what of the difference is still kept.
 */
export async function refuseReturn(deps: OrderActionDeps, number: string, why: string, by: string): Promise<string> {
  const answer = why.trim().slice(0, 500);
  const { request, order } = await requestNamed(deps, number);
  if (request.state === 'refused') {
    const again = await refundDifferenceExcess(deps, order, number, by);
    if (again > 0)
      return `${request.number}: refused already; ${formatMinor(again, order.currency)} of its difference sent back to Stripe.`;
  }
  if (!answer) throw new Refusal('Say why it is refused: the shopper is sent your words.', 'invalid');
  const { value: owedBack } = await onLedger(deps.db, request.orderId, by, async (l) => {
    const now = await requestIn(deps.db, number, 'requested');
    const move = releaseAsk(l, number);
    const { excess } = differenceExcess('entries' in move ? ledgerOf(l.facts, [...l.entries, ...move.entries]) : l, number);
    const to = {
      state: 'refused' as const,
      answer,
      detail: { answer, ...(excess > 0 && { amount: excess }) },
      mail: 'return_refused' as const,
    };
    return { move, ...requestMoved(deps, now, 'requested', to, by), value: excess };
  });
  if (request.outcome === 'exchange') await closeDifferencePage(deps, number);
  const said = [`${request.number}: refused; the shopper is told why.`];
  try {
    if (owedBack > 0)
      said.push(
        `${formatMinor(await refundDifferenceExcess(deps, order, number, by), order.currency)} of the exchange difference sent back to Stripe.`,
      );
  } finally {
    await mailOwedSteps(deps, request.orderId);
  }
  return said.join(' ');
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
export async function creditForReturn(
  deps: OrderActionDeps,
  request: ReturnRequest,
  order: StoredOrder,
  by: string,
  /** Where the request stands when its credit is issued: accepted (its parcel arriving now), or received (an exchange settled otherwise). */
  from: ReturnState = 'accepted',
) {
  if (!deps.gateway) throw new Refusal('Store credit needs Stripe, which is not set up on this shop.');
  await settleUnanswered(deps, order, by);
  const ref = `credit:${request.number}`;
  const { value: credit } = await onLedger(deps.db, order.id, by, async (l) => {
    await requestIn(deps.db, request.number, from);
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
 * A request's refund, each part to where it came from (byTender): the card's share to the order's
 * charge through the ledger (refundOnLedger: recorded, and the shopper mailed, when Stripe confirms
 * it); the share store credit paid back as a new credit code (its entry written with the card's
 * reservation, the code made at Stripe once and mailed).
 */
export async function refundReturn(deps: OrderActionDeps, request: ReturnRequest, order: StoredOrder, by: string) {
  const creditRef = `credit:${request.number}:restored`;
  const { amount: card } = await refundOnLedger(deps, order, {
    base: `refund:return-${request.number}`,
    amountOf: (l) => {
      const parts = byTender(l, returnRefund(l, request));
      // The bank took the payment back (a lost dispute): the goods come back, and nothing more is refunded.
      if (parts.card + parts.credit <= 0 && l.lost === 0) throw new Refusal(`Order ${order.number} has nothing left to refund.`);
      const restore = parts.credit > 0 ? restoreCredit(l, creditRef, parts.credit, drawCreditCode(), request.number) : { entries: [] };
      if ('refusal' in restore) throw new Refusal(`Return ${request.number}: ${restore.refusal}.`);
      return { card: parts.card, alongside: restore.entries };
    },
    by,
  });
  return { card, restored: await creditRestored(deps, order, request.number, creditRef) };
}

/**
 * The parcel arrived: received on the ledger (its units, and how many can be sold again) and the
 * request settled as the shopper asked, in one batch. A refund is given through the ledger first
 * (refundOnLedger: never more than is left of the payment; recorded, and the shopper mailed, when
 * Stripe confirms it); store credit is a single-use Stripe promotion code worth 110% of what is left
 * of the payment for the goods, mailed; an exchange ships once its difference is paid (said in the
 * mail, with the way to pay it); a replacement is the shop's to send. Only the units the owner marks
 * fit to sell go back in stock. Then the features that follow goods hear of it (deps.afterSale).
 */
export async function receiveReturn(
  deps: AfterSaleDeps,
  number: string,
  resaleable: Array<{ productId: number; quantity: number }>,
  by: string,
): Promise<string> {
  const { request, order } = await requestNamed(deps, number);
  if (request.state !== 'accepted') throw new Refusal(`Return ${request.number} is ${request.state}, not accepted: nothing was done.`);
  const money = (minor: number) => formatMinor(minor, order.currency);
  const asked = unitsByProduct(request.lines);
  const fit = unitsByProduct(resaleable);
  for (const [productId, n] of fit) {
    if (n > (asked.get(productId) ?? 0))
      throw new Refusal(`Return ${request.number} sends back ${asked.get(productId) ?? 0} of product ${productId}, not ${n}.`, 'invalid');
  }
  const said: string[] = [];
  let settled: Omit<Settled, 'state'>;
  if (request.outcome === 'refund') {
    const { card, restored } = await refundReturn(deps, request, order, by);
    if (card > 0)
      said.push(
        `${order.number}: ${money(card)} refund sent to Stripe. It shows here, and the shopper is mailed, once Stripe confirms it.`,
      );
    if (restored) said.push(`${money(restored.amount)} of the store credit it was paid with comes back as code ${restored.code}, mailed.`);
    // The refund's own mail (sent once Stripe confirms it) tells the shopper: nothing more here.
    const amount = card + (restored?.amount ?? 0);
    settled =
      amount > 0
        ? { answer: `refunded ${money(amount)}`, detail: { amount }, mail: undefined }
        : { answer: 'nothing refunded: the bank gave the payment back (a lost dispute)', detail: { amount: 0 }, mail: undefined };
    if (amount === 0) said.push(`${request.number}: nothing refunded: the bank already gave the payment back (a lost dispute).`);
  } else if (request.outcome === 'credit') {
    const credit = await creditForReturn(deps, request, order, by);
    settled = {
      answer: `store credit ${money(credit.amount)}, code ${credit.code}`,
      detail: { amount: credit.amount, code: credit.code!, basis: credit.basis },
      mail: 'return_received',
    };
    said.push(`${request.number}: store credit of ${money(credit.amount)} issued as code ${credit.code} and mailed to the shopper.`);
  } else if (request.outcome === 'exchange') {
    settled = { answer: 'exchange', detail: {}, mail: 'return_received' };
  } else {
    const answer = 'We are sending you a repair or a replacement and e-mail you when it is on its way.';
    settled = { answer: 'replacement to send', detail: { answer }, mail: 'return_received' };
    said.push(`${request.number}: received; send the replacement (the shopper is told it is coming).`);
  }
  const back = resaleable.filter((l) => l.quantity > 0);
  const { value: exchange } = await onLedger(deps.db, order.id, by, async (l) => {
    const now = await requestIn(deps.db, number, 'accepted');
    const lines = [...openOfRequest(l, number)]
      .filter(([, n]) => n > 0)
      .map(([productId, quantity]) => ({ productId, quantity, fit: fit.get(productId) ?? 0 }));
    const move = lines.length > 0 ? receive(l, number, number, lines) : { entries: [] };
    if ('refusal' in move) throw new Refusal(`Return ${number}: ${move.refusal}.`);
    const after = ledgerOf(l.facts, [...l.entries, ...move.entries]);
    const state = exchangeState(after, number);
    const to: Settled = {
      state: 'received',
      ...settled,
      ...(request.outcome === 'exchange' && {
        answer: state === 'ready' ? 'exchange to send' : 'exchange: difference to pay',
        detail: { answer: state ?? '', amount: differenceOwed(after, number) },
      }),
    };
    const moved = requestMoved(deps, now, 'accepted', to, by);
    const shelf = onShelf(deps.db, order, back, { step: `return:${number}:restock`, by });
    return {
      move,
      value: state,
      steps: [...moved.steps, ...shelf.steps],
      effects: (landed: SQL, at: string) => [...moved.effects(landed, at), ...shelf.effects(landed, at)],
    };
  });
  if (exchange === 'ready') said.push(`${request.number}: received; the exchange is paid for and ready to send (Ship the exchange).`);
  if (exchange === 'waiting')
    said.push(`${request.number}: received; the exchange ships once the shopper pays the difference (they have the link).`);
  await mailOwedSteps(deps, order.id);
  await goodsCameBack(deps, order, back);
  said.push(back.length > 0 ? `${lineWords(order, back)} back in stock.` : 'Nothing went back in stock.');
  const out = request.lines
    .map((l) => ({ ...l, quantity: l.quantity - (back.find((b) => b.productId === l.productId)?.quantity ?? 0) }))
    .filter((l) => l.quantity > 0);
  if (out.length > 0) said.push(`${lineWords(order, out)} stay out of stock: not fit to sell.`);
  return said.join(' ');
}
