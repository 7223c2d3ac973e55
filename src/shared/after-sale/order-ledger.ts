import { percentDown } from '#shared/money.ts';
import { returnsPolicy } from '#shared/policy/figures.ts';
import { CREDIT_TENDER, type LedgerEntry, type LedgerKind } from './ledger-entry.ts';
import { creditCodes, isLive, lostOf, type CreditCodeAccount } from './tender-accounts.ts';

/**
 * One account per order of everything after the sale: the goods (bought, asked back, received,
 * exchanged) and the money (paid, refunds asked and confirmed, store credit issued and spent,
 * exchange differences, referral rewards). Every after-sale action reads it, decides with the pure
 * moves (ledger-moves.ts) and writes its entries in the batch of its effect, so what may be done is
 * one function of one account: refundable, returnable, creditable.
 */

/** What the ledger is kept against: the order as it was paid, and what Stripe has confirmed refunded. */
export interface OrderFacts {
  currency: string;
  total: number;
  shipping: number;
  subtotal: number;
  /** Confirmed by Stripe's webhooks: written from the refunds seen by id (refund_seen); before any was, the charge's amount_refunded. */
  refunded: number;
  /** Store credit the order was paid with besides its charge (a credit code's discount), minor units. */
  creditPaid: number;
  lines: ReadonlyArray<{ productId: number | null; quantity: number; unitAmount: number }>;
}

export interface ProductUnits {
  bought: number;
  /** Asked back by requests not refused (received or not yet). */
  asked: number;
  /** Received, with a request or without (the owner took them back directly). */
  received: number;
  /** Received without a request. */
  direct: number;
  fit: number;
}

export interface Ledger {
  facts: OrderFacts;
  entries: readonly LedgerEntry[];
  units: ReadonlyMap<number, ProductUnits>;
  /** Of the order's charge: refunds Stripe reports (each once, by its id), and the shop's refunds it has not reported yet. */
  confirmed: number;
  pending: number;
  /** Given back of the order's charge or on its way: confirmed and pending. */
  givenBack: number;
  /** Store credit the order was paid with, given back as credit (restored). */
  creditRestored: number;
  creditIssued: number;
  /** What of the payment the credit not switched off stands for. */
  creditBasis: number;
  creditSpent: number;
  /** Each store credit code of the order, with its own balance (tender-accounts.ts). */
  codes: ReadonlyMap<string, CreditCodeAccount>;
  /** What the bank took back of the order's charge through lost disputes (counted in givenBack). */
  lost: number;
  exchangeBasis: number;
  differenceDue: number;
  differencePaid: number;
  /** Each exchange difference's own charge (its payment intent): its request, what it took and what of it went back. */
  differences: ReadonlyMap<string, { request: string | null; paid: number; givenBack: number }>;
  rewardsGiven: readonly string[];
  rewardsWithdrawn: readonly string[];
}

/** An exchange's request refused: the exchange no longer stands for any of the payment, and nothing is owed for it. */
const cancelled = (entries: readonly LedgerEntry[], request: string | null) =>
  entries.some((e) => e.kind === 'exchange_cancelled' && e.request === request);

/** A request's exchange, unless cancelled, with what it stands for now (its latest re-pricing). */
export const exchangeOf = (l: Pick<Ledger, 'entries'>, request: string) => exchangeIn(l.entries, request);

function exchangeIn(entries: readonly LedgerEntry[], request: string | null): LedgerEntry | undefined {
  const exchange = entries.find((e) => e.kind === 'exchange' && e.request === request && !cancelled(entries, request));
  const repriced = exchange && entries.findLast((e) => e.kind === 'exchange_repriced' && e.request === request);
  return exchange && repriced ? { ...exchange, basis: repriced.basis } : exchange;
}

const sum = (entries: readonly LedgerEntry[], kind: LedgerKind, field: 'amount' | 'basis' | 'quantity' = 'amount') =>
  entries.reduce((total, e) => total + (e.kind === kind ? e[field] : 0), 0);

/** The account of an order from its entries. */
export function ledgerOf(facts: OrderFacts, entries: readonly LedgerEntry[]): Ledger {
  const units = new Map<number, ProductUnits>();
  const of = (productId: number) => {
    let u = units.get(productId);
    if (!u) units.set(productId, (u = { bought: 0, asked: 0, received: 0, direct: 0, fit: 0 }));
    return u;
  };
  for (const line of facts.lines) if (line.productId !== null) of(line.productId).bought += line.quantity;
  for (const e of entries) {
    if (e.productId === null || !units.has(e.productId)) continue;
    const u = of(e.productId);
    if (e.kind === 'asked') u.asked += e.quantity;
    if (e.kind === 'released') u.asked -= e.quantity;
    if (e.kind === 'received') {
      u.received += e.quantity;
      u.fit += e.fit;
      if (e.request === null) u.direct += e.quantity;
    }
  }
  const exchanges = entries.flatMap((e) => (e.kind === 'exchange' ? (exchangeIn(entries, e.request) ?? []) : []));
  const card = refundsOf(entries, null);
  const anySeen = entries.some((e) => e.kind === 'refund_seen' && e.tender === null);
  // Before Stripe's refunds were kept by id (an order from before issue 64), the charge's total was all the shop knew.
  const { confirmed, pending } =
    anySeen || facts.refunded === 0 ? card : { confirmed: facts.refunded, pending: Math.max(0, card.pending - facts.refunded) };
  const lost = lostOf(entries, null);
  const differences = new Map<string, { request: string | null; paid: number; givenBack: number }>();
  for (const e of entries)
    if (e.kind === 'difference_paid' && e.tender !== null) {
      const back = refundsOf(entries, e.tender);
      differences.set(e.tender, {
        request: e.request,
        paid: e.amount,
        givenBack: back.confirmed + back.pending + lostOf(entries, e.tender),
      });
    }
  return {
    facts,
    entries,
    units,
    confirmed,
    pending,
    givenBack: confirmed + pending + lost,
    lost,
    creditRestored: entries.reduce((t, e) => t + (e.kind === 'credit' && e.tender === CREDIT_TENDER ? e.basis : 0), 0),
    // What the shopper was given as credit: switched-off codes leave it (their fair part comes back as a new credit entry).
    creditIssued: sum(entries, 'credit') - sum(entries, 'credit_withdrawn'),
    creditBasis: sum(entries, 'credit', 'basis') - sum(entries, 'credit_withdrawn', 'basis'),
    creditSpent: sum(entries, 'credit_spent'),
    codes: creditCodes(entries),
    exchangeBasis: exchanges.reduce((t, e) => t + e.basis, 0),
    differenceDue: exchanges.reduce((t, e) => t + Math.max(0, e.amount - e.basis), 0),
    differencePaid: sum(entries, 'difference_paid'),
    differences,
    rewardsGiven: entries.filter((e) => e.kind === 'reward').map((e) => e.code ?? ''),
    rewardsWithdrawn: entries.filter((e) => e.kind === 'reward_withdrawn').map((e) => e.code ?? ''),
  };
}

/**
 * What went back of one tender's charge: refunds Stripe reports (by id, less those that failed after),
 * and the shop's own refunds of it (reserved, not voided) that Stripe has not reported yet. Every
 * refund counts once, whichever side heard of it first.
 */
function refundsOf(entries: readonly LedgerEntry[], tender: string | null): { confirmed: number; pending: number } {
  const failed = new Set<string | null>();
  const seen = new Set<string | null>();
  const settled = new Map<string, string | null>();
  for (const e of entries) {
    if (e.kind === 'refund_failed') failed.add(e.code);
    if (e.kind === 'refund_seen') seen.add(e.code);
    if (e.kind === 'refund_made' || e.kind === 'refund_void')
      settled.set(e.ref.slice(e.ref.indexOf(':') + 1), e.kind === 'refund_made' ? e.code : null);
  }
  let confirmed = 0;
  let pending = 0;
  for (const e of entries) {
    if (e.tender !== tender) continue;
    if (e.kind === 'refund_seen' && !failed.has(e.code)) confirmed += e.amount;
    if (e.kind !== 'refund') continue;
    const made = settled.get(e.ref);
    // Voided: Stripe made none. Made and reported (or reported failed): counted as Stripe said.
    if (settled.has(e.ref) && (made === null || seen.has(made!))) continue;
    pending += e.amount;
  }
  return { confirmed, pending };
}

/** What the order was paid with: its charge and any store credit applied (minor units). */
export const paidOf = (l: Ledger): number => l.facts.total + l.facts.creditPaid;

/** What is left of the payment (minor units): not refunded, not turned into credit or an exchange. The one figure money checks against. */
export const moneyLeft = (l: Ledger): number => Math.max(0, paidOf(l) - l.givenBack - l.creditBasis - l.exchangeBasis);

/** Of what is left, what the order's store credit paid for (it goes back as credit): the credit not yet restored, never more than is left. */
export const creditTenderLeft = (l: Ledger): number => Math.min(moneyLeft(l), Math.max(0, l.facts.creditPaid - l.creditRestored));

/** What may still be refunded to the card: what is left of the payment less what credit paid for, and never more than the charge keeps. */
export const refundable = (l: Ledger): number => Math.max(0, Math.min(l.facts.total - l.givenBack, moneyLeft(l) - creditTenderLeft(l)));

/**
 * `amount` of what is left, by where it came from: each tender gives back its share of what is left
 * (the card its part, the store credit the rest), so a return cannot turn credit into cash.
 */
export function byTender(l: Ledger, amount: number): { card: number; credit: number } {
  const left = moneyLeft(l);
  const fromCredit = creditTenderLeft(l);
  if (left <= 0 || fromCredit <= 0) return { card: Math.min(amount, refundable(l)), credit: 0 };
  const credit = Math.min(fromCredit, Math.round((amount * fromCredit) / left));
  const card = Math.min(amount - credit, refundable(l));
  return { card, credit: Math.min(fromCredit, amount - card) };
}

/**
 * What a request's exchange differences took beyond what the exchange owes (all of it once the
 * exchange is cancelled), less what of them went back: the shop keeps no more than the difference.
 * Newest charge first, each with what of it may go back.
 */
export function differenceExcess(l: Ledger, request: string): { excess: number; charges: Array<{ tender: string; left: number }> } {
  const exchange = exchangeOf(l, request);
  const owes = exchange ? Math.max(0, exchange.amount - exchange.basis) : 0;
  let kept = 0;
  const charges: Array<{ tender: string; left: number }> = [];
  for (const e of l.entries) {
    if (e.kind !== 'difference_paid' || e.request !== request) continue;
    const left = e.tender === null ? e.amount : differenceLeft(l, e.tender);
    kept += left;
    if (e.tender !== null && left > 0) charges.unshift({ tender: e.tender, left });
  }
  return { excess: Math.max(0, kept - owes), charges };
}

/** What of an exchange difference's charge may still go back. */
export const differenceLeft = (l: Ledger, tender: string): number => {
  const charge = l.differences.get(tender);
  return charge ? Math.max(0, charge.paid - charge.givenBack) : 0;
};

/** What of each product may still be asked or taken back: bought, less what requests not refused ask and what came back without one. */
export function returnable(l: Ledger): Map<number, number> {
  const open = new Map<number, number>();
  for (const [productId, u] of l.units) open.set(productId, Math.max(0, u.bought - u.asked - u.direct));
  return open;
}

/**
 * Store credit for goods worth `value`: of what of it is left of the payment (its basis), the part
 * the card paid earns 110% (rounded down: never more), the part store credit paid comes back as it was.
 */
export function creditable(l: Ledger, value: number): { basis: number; amount: number; restored: number } {
  const basis = Math.min(value, moneyLeft(l));
  const { credit: restored } = byTender(l, basis);
  return { basis, restored, amount: restored + percentDown(basis - restored, returnsPolicy.storeCreditPercent) };
}

/** The codes the shopper holds now (issued, not drawn or switched off), oldest first. */
export const liveCodes = (l: Ledger): CreditCodeAccount[] => [...l.codes.values()].filter((a) => isLive(a, l.entries));

/** Store credit not yet spent: what the live codes hold. */
export const creditLeft = (l: Ledger): number => liveCodes(l).reduce((t, a) => t + a.balance, 0);

/** Units bought, and units back (received, with a request or without). */
export function unitsBack(l: Ledger): { bought: number; back: number } {
  let bought = 0;
  let back = 0;
  for (const u of l.units.values()) {
    bought += u.bought;
    back += u.received;
  }
  return { bought, back };
}

/** A request's units of each product asked and not yet received (what its parcel may hold). */
export function openOfRequest(l: Ledger, request: string): Map<number, number> {
  const open = new Map<number, number>();
  for (const e of l.entries) {
    if (e.request !== request || e.productId === null) continue;
    const sign = e.kind === 'asked' ? 1 : e.kind === 'released' || e.kind === 'received' ? -1 : 0;
    if (sign) open.set(e.productId, (open.get(e.productId) ?? 0) + sign * e.quantity);
  }
  return open;
}

/** Where an exchange stands: asked (waiting for the parcel and/or the difference), ready to ship, shipped; null when there is none. */
export function exchangeState(l: Ledger, request: string): 'waiting' | 'ready' | 'shipped' | null {
  if (!exchangeOf(l, request)) return null;
  if (l.entries.some((e) => e.kind === 'exchange_shipped' && e.request === request)) return 'shipped';
  const received = l.entries.some((e) => e.kind === 'received' && e.request === request);
  const paid = differenceOwed(l, request) === 0 && differenceProcessing(l, request) === 0;
  return received && paid ? 'ready' : 'waiting';
}

/** What a request's difference charges hold now: each paid, less what of it went back (refunds, a lost dispute). */
export function differenceKept(l: Ledger, request: string): number {
  let kept = 0;
  for (const e of l.entries)
    if (e.kind === 'difference_paid' && e.request === request) kept += e.tender === null ? e.amount : differenceLeft(l, e.tender);
  return kept;
}

/** A request's difference payments by a delayed method (a debit, a transfer) on their way: neither paid nor failed yet. */
export function differenceProcessing(l: Ledger, request: string): number {
  let processing = 0;
  for (const e of l.entries) {
    if (e.kind !== 'difference_pending' || e.request !== request) continue;
    const session = e.ref.slice('pending:'.length);
    const settled = l.entries.some((x) => x.ref === `difference:${session}` || x.ref === `payment_failed:${session}`);
    if (!settled) processing += e.amount;
  }
  return processing;
}

/**
 * What is still to be paid for an exchange's difference (minor units): its price less what the goods
 * stand for and what its charges still hold, so a difference refunded or taken back by the bank is owed
 * again. A payment on its way counts as paid until it fails.
 */
export function differenceOwed(l: Ledger, request: string): number {
  const exchange = exchangeOf(l, request);
  if (!exchange) return 0;
  return Math.max(0, exchange.amount - exchange.basis - differenceKept(l, request) - differenceProcessing(l, request));
}
