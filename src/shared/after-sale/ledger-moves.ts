import { formatMinor } from '#shared/money.ts';
import type { Currency } from '#shared/region/region.ts';
import {
  creditable,
  creditTenderLeft,
  differenceLeft,
  exchangeOf,
  exchangeState,
  moneyLeft,
  openOfRequest,
  paidOf,
  refundable,
  returnable,
  type Ledger,
} from './order-ledger.ts';
import { CREDIT_TENDER, type LedgerEntry, type LedgerKind } from './ledger-entry.ts';
import { disputeOpen } from './tender-accounts.ts';

/**
 * The after-sale actions as moves on one order's ledger: each checks the account as it stands and
 * answers the entries to write, or why it may not be done. The same action twice (its `ref`) is
 * done once: a move whose entry is there already writes nothing. Pure: the worker writes the entries
 * in the batch of the action's effect, and only if the ledger did not change since it was read.
 */
export type Move = { entries: LedgerEntry[]; done?: true } | { refusal: string };

export function entry(kind: LedgerKind, ref: string, fields: Partial<Omit<LedgerEntry, 'kind' | 'ref'>> = {}): LedgerEntry {
  return { kind, ref, productId: null, quantity: 0, fit: 0, amount: 0, basis: 0, code: null, request: null, tender: null, ...fields };
}

const money = (l: Ledger, minor: number) => formatMinor(minor, l.facts.currency as Currency);

/** Why nothing moves on a charge the bank is deciding (Stripe refuses its refunds; credit or goods now could be given twice). */
export const DISPUTED = 'its payment is disputed: the bank decides first';
const has = (l: Ledger, ref: string) => l.entries.some((e) => e.ref === ref);
const already: Move = { entries: [], done: true };

export interface Units {
  productId: number;
  quantity: number;
}

/** The first product asked for more than `open` has of it, in words, or null. */
function overOpen(open: ReadonlyMap<number, number>, lines: readonly Units[], what: string): string | null {
  const asked = new Map<number, number>();
  for (const l of lines) asked.set(l.productId, (asked.get(l.productId) ?? 0) + l.quantity);
  for (const [productId, units] of asked) {
    const left = open.get(productId);
    if (left === undefined) return `product ${productId} is not part of this ${what}`;
    if (units > left) return `only ${left} of product ${productId} can come back, not ${units}`;
  }
  return null;
}

/** A return request asks these units back: no more of a product than is bought and not yet asked or back. */
export function askBack(l: Ledger, request: string, lines: readonly Units[]): Move {
  if (has(l, `asked:${request}`)) return already;
  const wanted = lines.filter((x) => x.quantity > 0);
  if (wanted.length === 0) return { refusal: 'choose how many of at least one item' };
  const over = overOpen(returnable(l), wanted, 'order');
  if (over) return { refusal: over };
  return {
    entries: wanted.map((x, i) =>
      entry('asked', i === 0 ? `asked:${request}` : `asked:${request}:${i}`, { productId: x.productId, quantity: x.quantity, request }),
    ),
  };
}

/** A request refused: what it asked and has not received may be asked again, and its exchange (not sent) is cancelled. */
export function releaseAsk(l: Ledger, request: string): Move {
  if (has(l, `released:${request}`) || has(l, `cancelled:${request}`)) return already;
  const open = [...openOfRequest(l, request)].filter(([, n]) => n > 0);
  const exchange = exchangeState(l, request);
  return {
    entries: [
      ...open.map(([productId, quantity], i) =>
        entry('released', i === 0 ? `released:${request}` : `released:${request}:${i}`, { productId, quantity, request }),
      ),
      ...(exchange && exchange !== 'shipped' ? [entry('exchange_cancelled', `cancelled:${request}`, { request })] : []),
    ],
  };
}

/**
 * Goods arrived: a request's parcel (no more than it asked and has not delivered) or goods the owner
 * takes back without one (no more than is not yet asked or back). `fit`: of each, how many can be sold again.
 */
export function receive(l: Ledger, ref: string, request: string | null, lines: ReadonlyArray<Units & { fit: number }>): Move {
  if (has(l, `received:${ref}`)) return already;
  const wanted = lines.filter((x) => x.quantity > 0);
  if (wanted.length === 0) return { refusal: 'nothing is coming back' };
  if (wanted.some((x) => x.fit < 0 || x.fit > x.quantity)) return { refusal: 'more units are fit to sell than came back' };
  const over = overOpen(request ? openOfRequest(l, request) : returnable(l), wanted, request ? `request ${request}` : 'order');
  if (over) return { refusal: over };
  return {
    entries: wanted.map((x, i) =>
      entry('received', i === 0 ? `received:${ref}` : `received:${ref}:${i}`, {
        productId: x.productId,
        quantity: x.quantity,
        fit: x.fit,
        request,
      }),
    ),
  };
}

/**
 * A refund the shop asks Stripe for, reserved before it is asked: of the order's charge (tender
 * null), no more than is left of it; of an exchange difference's charge (its payment intent), no
 * more than that charge took and has not given back.
 */
export function reserveRefund(l: Ledger, ref: string, amount: number, tender: string | null = null): Move {
  if (has(l, ref)) return already;
  if (!Number.isInteger(amount) || amount <= 0) return { refusal: 'the amount must be above zero' };
  if (disputeOpen(l.entries, tender)) return { refusal: DISPUTED };
  const left = tender === null ? refundable(l) : differenceLeft(l, tender);
  if (amount > left) return { refusal: `only ${money(l, left)} is left to refund, not ${money(l, amount)}` };
  return { entries: [entry('refund', ref, { amount, tender })] };
}

/** A refund as Stripe reports it of a charge: its id, amount and status (pending, succeeded, failed, canceled, requires_action). */
export interface StripeRefund {
  id: string;
  amount: number;
  status: string;
}

/**
 * The refunds Stripe lists for one tender's charge, each written once by its id, whoever made it (the
 * shop or Stripe's Dashboard) and in whatever order the webhooks come: a new one is seen, one seen
 * before that Stripe now says failed or was canceled is marked so (its money is the charge's again).
 */
export function seeRefunds(l: Ledger, tender: string | null, refunds: readonly StripeRefund[]): { entries: LedgerEntry[] } {
  const entries: LedgerEntry[] = [];
  for (const r of refunds) {
    const gone = r.status === 'failed' || r.status === 'canceled';
    if (!has(l, `seen:${r.id}`)) {
      if (!gone) entries.push(entry('refund_seen', `seen:${r.id}`, { amount: r.amount, code: r.id, tender }));
    } else if (gone && !has(l, `failed:${r.id}`))
      entries.push(entry('refund_failed', `failed:${r.id}`, { amount: r.amount, code: r.id, tender }));
  }
  return { entries };
}

/** Stripe made no refund for a reserved one (it refused, or failed before making it): its amount is free again. */
export function voidRefund(l: Ledger, ref: string): Move {
  const reserved = l.entries.find((e) => e.kind === 'refund' && e.ref === ref);
  if (!reserved) return { refusal: `there is no refund ${ref}` };
  if (has(l, `void:${ref}`)) return already;
  if (has(l, `made:${ref}`)) return { refusal: `Stripe made refund ${ref} already` };
  return { entries: [entry('refund_void', `void:${ref}`, { amount: reserved.amount, tender: reserved.tender })] };
}

/** Units of products in these lines (a line without a product is not sent back). */
const units = (lines: ReadonlyArray<{ productId: number | null; quantity: number }>) =>
  lines.reduce((sum, x) => sum + (x.productId === null ? 0 : x.quantity), 0);

/**
 * What a return request's refund gives: the goods' value, and the shipping too when the whole order
 * comes back within the return window (the policy), never more than is left of the payment.
 */
export function returnRefund(l: Ledger, request: { value: number; reason: string; lines: readonly Units[] }): number {
  const whole = request.reason !== 'warranty_fault' && units(request.lines) === units(l.facts.lines);
  return Math.min(request.value + (whole ? l.facts.shipping : 0), moneyLeft(l));
}

/** Stripe made a reserved refund (its id): it stays given back until Stripe's webhook confirms it. */
export function refundMade(l: Ledger, ref: string, refundId: string): Move {
  if (!l.entries.some((e) => e.kind === 'refund' && e.ref === ref)) return { refusal: `there is no refund ${ref}` };
  if (has(l, `made:${ref}`)) return already;
  if (has(l, `void:${ref}`)) return { refusal: `refund ${ref} was voided` };
  return { entries: [entry('refund_made', `made:${ref}`, { code: refundId })] };
}

/** Refunds reserved and neither made nor voided: asked of Stripe without an answer (their refs). */
export const unanswered = (l: Ledger): LedgerEntry[] =>
  l.entries.filter((e) => e.kind === 'refund' && !has(l, `made:${e.ref}`) && !has(l, `void:${e.ref}`));

/**
 * Store credit for goods worth `value` (creditable: 110% of what the card paid of it, what credit paid
 * as it was), one code; refused when nothing is left. The part credit paid is its own entry (its tender).
 */
export function issueCredit(l: Ledger, ref: string, value: number, code: string, request: string | null): Move {
  if (has(l, ref)) return already;
  if (disputeOpen(l.entries, null)) return { refusal: DISPUTED };
  const { basis, amount, restored } = creditable(l, value);
  if (amount <= 0) return { refusal: 'nothing is left of the payment to turn into credit' };
  return {
    entries: [
      ...(basis > restored ? [entry('credit', ref, { amount: amount - restored, basis: basis - restored, code, request })] : []),
      ...(restored > 0
        ? [
            entry('credit', basis > restored ? `${ref}:restored` : ref, {
              amount: restored,
              basis: restored,
              code,
              request,
              tender: CREDIT_TENDER,
            }),
          ]
        : []),
    ],
  };
}

/** Store credit the order was paid with, given back as credit (a return refunded): no more than credit paid of what is left. */
export function restoreCredit(l: Ledger, ref: string, amount: number, code: string, request: string | null): Move {
  if (has(l, ref)) return already;
  if (disputeOpen(l.entries, null)) return { refusal: DISPUTED };
  const left = creditTenderLeft(l);
  if (amount <= 0 || amount > left)
    return { refusal: `only ${money(l, left)} of store credit paid for this order, not ${money(l, amount)}` };
  return { entries: [entry('credit', ref, { amount, basis: amount, code, request, tender: CREDIT_TENDER })] };
}

/**
 * A code drawn by a later order (`amount`: what Stripe took off): the code's own balance pays, and
 * what stays of it moves on to `nextCode`. Stripe has taken it already, so it is written even when the
 * code held less (drawn twice, or switched off meanwhile): `overdrawn` says by how much, for the
 * owner, and no rest is issued. A code this order never issued is refused.
 */
export function spendCredit(
  l: Ledger,
  ref: string,
  code: string,
  amount: number,
  nextCode: string,
): { entries: LedgerEntry[]; overdrawn: number; done?: true } | { refusal: string } {
  if (has(l, ref)) return { ...already, overdrawn: 0 };
  const account = l.codes.get(code);
  if (!account) return { refusal: `${code} is not a store credit code of this order` };
  if (amount <= 0) return { refusal: 'nothing was drawn' };
  const drawnBefore = l.entries.some((e) => (e.kind === 'credit_spent' || e.kind === 'credit_withdrawn') && e.code === code);
  const held = drawnBefore ? 0 : Math.max(0, account.balance);
  const rest = held - amount;
  return {
    entries: [
      entry('credit_spent', ref, { amount, code }),
      ...(rest > 0 ? [entry('credit_code', `rest:${ref}`, { amount: rest, code: nextCode })] : []),
    ],
    overdrawn: Math.max(0, amount - held),
  };
}

/**
 * Unspent codes switched off at Stripe (its answer first: a code it says was used is not here),
 * because the money they stand for went back another way: each live code's balance leaves the account,
 * with its share of what the credit stands for (the order's ratio of basis to face).
 */
export function withdrawCredit(l: Ledger, codes: readonly string[]): { entries: LedgerEntry[]; basis: number; amount: number } {
  const entries: LedgerEntry[] = [];
  let basis = 0;
  let amount = 0;
  // Every code of the order stands for the payment in one ratio: what its credit was issued for, to its face.
  const issuedBasis = l.entries.reduce((t, e) => t + (e.kind === 'credit' ? e.basis : 0), 0);
  const issuedFace = l.entries.reduce((t, e) => t + (e.kind === 'credit' ? e.amount : 0), 0);
  for (const code of codes) {
    const account = l.codes.get(code);
    if (!account || account.balance <= 0 || has(l, `withdrawn:${code}`)) continue;
    const share = Math.min(l.creditBasis - basis, issuedFace > 0 ? Math.floor((account.balance * issuedBasis) / issuedFace) : 0);
    entries.push(entry('credit_withdrawn', `withdrawn:${code}`, { amount: account.balance, basis: share, code }));
    basis += share;
    amount += account.balance;
  }
  return { entries, basis, amount };
}

/** The store credit a later order was paid with, as its own ledger keeps it: what the code really held of what Stripe took off. */
export function creditPaidIn(l: Ledger, code: string, amount: number): Move {
  const ref = `credit_in:${code}`;
  if (has(l, ref)) return already;
  return { entries: [entry('credit_in', ref, { amount, code, tender: CREDIT_TENDER })] };
}

/** A dispute of one of the order's charges (`tender`), as Stripe opened or closed it: written once per dispute and phase. */
export function disputeMoved(
  l: Ledger,
  tender: string | null,
  dispute: { id: string; amount: number; outcome: 'opened' | 'won' | 'lost' },
): Move {
  const ref = dispute.outcome === 'opened' ? `dispute:${dispute.id}` : `dispute:${dispute.id}:closed`;
  if (has(l, ref)) return already;
  const kind = dispute.outcome === 'opened' ? 'dispute_opened' : dispute.outcome === 'won' ? 'dispute_won' : 'dispute_lost';
  return { entries: [entry(kind, ref, { amount: dispute.amount, code: dispute.id, tender })] };
}

/**
 * An exchange not yet sent stands for less of the payment once less of it is left (a refund in
 * Stripe's Dashboard, a lost dispute): what it stands for drops by `by`, and the difference owed
 * grows by as much. Null when there is no such exchange.
 */
export function repriceExchange(l: Ledger, request: string, by: number): LedgerEntry | null {
  const exchange = exchangeOf(l, request);
  if (!exchange || by <= 0 || exchangeState(l, request) === 'shipped') return null;
  const n = l.entries.filter((e) => e.kind === 'exchange_repriced' && e.request === request).length + 1;
  return entry('exchange_repriced', `repriced:${request}:${n}`, { request, basis: Math.max(0, exchange.basis - by) });
}

/**
 * An exchange of goods worth `value` for one unit of a product at `price`: the goods' value stands
 * for as much of the price as is left of the payment; the rest is the difference to pay. Never for
 * a product worth less than what goes back.
 */
export function askExchange(l: Ledger, request: string, productId: number, price: number, value: number): Move {
  if (has(l, `exchange:${request}`)) return already;
  if (price < value) return { refusal: 'an exchange is for a product worth at least what goes back' };
  const basis = Math.min(value, moneyLeft(l));
  if (basis <= 0) return { refusal: 'nothing is left of the payment to exchange' };
  return { entries: [entry('exchange', `exchange:${request}`, { productId, quantity: 1, amount: price, basis, request })] };
}

/** A difference paid by a delayed method (a debit, a transfer): on its way, so it is not asked again until it clears or fails. */
export function differencePending(l: Ledger, session: string, request: string, amount: number, paymentIntent: string | null): Move {
  if (has(l, `pending:${session}`) || has(l, `difference:${session}`)) return already;
  return { entries: [entry('difference_pending', `pending:${session}`, { amount, request, tender: paymentIntent })] };
}

/** A delayed payment of a difference failed: it is owed again. */
export function differenceFailed(l: Ledger, session: string, request: string): Move {
  if (!has(l, `pending:${session}`) || has(l, `payment_failed:${session}`) || has(l, `difference:${session}`)) return already;
  return { entries: [entry('difference_failed', `payment_failed:${session}`, { request })] };
}

/** The difference of an exchange paid (its Checkout Session: `ref`), through its own charge (`paymentIntent`: its tender). */
export function payDifference(l: Ledger, ref: string, request: string, amount: number, paymentIntent: string | null): Move {
  if (has(l, ref)) return already;
  // Paid after the request was refused too: written, so what it took is known and goes back.
  if (!l.entries.some((e) => e.kind === 'exchange' && e.request === request)) return { refusal: `there is no exchange ${request}` };
  return { entries: [entry('difference_paid', ref, { amount, request, tender: paymentIntent })] };
}

/** The exchange's product sent: only once its parcel has arrived and its difference is paid. */
export function shipExchange(l: Ledger, request: string): Move {
  const state = exchangeState(l, request);
  if (state === 'shipped') return already;
  if (state === null) return { refusal: `there is no exchange ${request}` };
  if (state === 'waiting') return { refusal: 'it ships once the goods have come back and the difference is paid' };
  const charges = [null, ...[...l.differences].filter(([, d]) => d.request === request).map(([tender]) => tender)];
  if (charges.some((tender) => disputeOpen(l.entries, tender))) return { refusal: DISPUTED };
  const exchange = l.entries.find((e) => e.kind === 'exchange' && e.request === request && !has(l, `cancelled:${request}`))!;
  return { entries: [entry('exchange_shipped', `shipped:${request}`, { productId: exchange.productId, quantity: 1, request })] };
}

/** What of the order its buyer keeps (minor units): what a referral reward stands on. */
export const keptOfPayment = (l: Ledger): number => Math.max(0, paidOf(l) - l.givenBack - l.creditBasis);

/** A referrer's reward stands while the friend keeps at least its worth of the order. */
export const rewardStands = (l: Ledger, reward: number): boolean => keptOfPayment(l) >= reward;

/** This order (a friend's first) earned its referrer `code`: once, and only while it qualifies. */
export function giveReward(l: Ledger, code: string, reward: number): Move {
  if (has(l, `reward:${code}`)) return already;
  if (!rewardStands(l, reward)) return { refusal: 'the order no longer earns a reward' };
  return { entries: [entry('reward', `reward:${code}`, { code, amount: reward })] };
}

/** The reward switched off (the order came back): once, and only for a reward given. */
export function withdrawReward(l: Ledger, code: string): Move {
  if (!l.rewardsGiven.includes(code)) return { refusal: `no reward ${code} was given` };
  if (has(l, `withdrawn:${code}`)) return already;
  return { entries: [entry('reward_withdrawn', `withdrawn:${code}`, { code })] };
}
