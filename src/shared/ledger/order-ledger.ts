import { percentDown } from '#shared/money.ts';
import { returnsPolicy } from '#shared/policy/figures.ts';

/**
 * One account per order of everything after the sale: the goods (bought, asked back, received,
 * exchanged) and the money (paid, refunds asked and confirmed, store credit issued and spent,
 * exchange differences, referral rewards). Every after-sale action reads it, decides with the pure
 * moves (ledger-moves.ts) and writes its entries in the batch of its effect, so what may be done is
 * one function of one account: refundable, returnable, creditable.
 */

export const LEDGER_KINDS = [
  // Goods, per product: asked back by a return request, released when it is refused, received (fit to sell or not).
  'asked',
  'released',
  'received',
  // Money: a refund asked of Stripe (reserved before it is asked), made (Stripe's id), or voided when Stripe made none.
  'refund',
  'refund_made',
  'refund_void',
  // Store credit: issued for goods back (its basis: what of the payment it stands for), spent on a later order, its rest re-issued as a new code.
  'credit',
  'credit_spent',
  'credit_code',
  // An exchange: the product going out (its price), what came back stands for its basis; cancelled with its
  // request's refusal; the difference paid; shipped.
  'exchange',
  'exchange_cancelled',
  'difference_paid',
  'exchange_shipped',
  // The reward this order (a friend's first) earned its referrer, and its withdrawal.
  'reward',
  'reward_withdrawn',
] as const;
export type LedgerKind = (typeof LEDGER_KINDS)[number];

export interface LedgerEntry {
  kind: LedgerKind;
  /** Names the action that wrote it, unique per order: the same action twice is one entry. */
  ref: string;
  productId: number | null;
  /** Units (goods entries). */
  quantity: number;
  /** Of a received entry's units, how many can be sold again. */
  fit: number;
  /** Minor units of the order's currency (money entries). */
  amount: number;
  /** Of the order's payment, what a credit or an exchange stands for (minor units). */
  basis: number;
  /** A store credit or reward code; a refund Stripe made: its id. */
  code: string | null;
  /** The return request it belongs to. */
  request: string | null;
}

/** What the ledger is kept against: the order as it was paid, and what Stripe has confirmed refunded. */
export interface OrderFacts {
  currency: string;
  total: number;
  shipping: number;
  subtotal: number;
  /** Confirmed by Stripe's webhooks (refunds made here and in Stripe's Dashboard). */
  refunded: number;
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
  /** Refunds asked of Stripe from the shop, less those Stripe did not make. */
  refundAsked: number;
  /** Given back or on its way: the confirmed refunds, or all asked when more. */
  givenBack: number;
  creditIssued: number;
  creditBasis: number;
  creditSpent: number;
  exchangeBasis: number;
  differenceDue: number;
  differencePaid: number;
  rewardsGiven: readonly string[];
  rewardsWithdrawn: readonly string[];
}

/** An exchange's request refused: the exchange no longer stands for any of the payment, and nothing is owed for it. */
const cancelled = (entries: readonly LedgerEntry[], request: string | null) =>
  entries.some((e) => e.kind === 'exchange_cancelled' && e.request === request);

/** A request's exchange, unless cancelled. */
export const exchangeOf = (l: Ledger, request: string) =>
  l.entries.find((e) => e.kind === 'exchange' && e.request === request && !cancelled(l.entries, request));

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
  const refundAsked = sum(entries, 'refund') - sum(entries, 'refund_void');
  const exchanges = entries.filter((e) => e.kind === 'exchange' && !cancelled(entries, e.request));
  return {
    facts,
    entries,
    units,
    refundAsked,
    givenBack: Math.max(facts.refunded, refundAsked),
    creditIssued: sum(entries, 'credit'),
    creditBasis: sum(entries, 'credit', 'basis'),
    creditSpent: sum(entries, 'credit_spent'),
    exchangeBasis: exchanges.reduce((t, e) => t + e.basis, 0),
    differenceDue: exchanges.reduce((t, e) => t + Math.max(0, e.amount - e.basis), 0),
    differencePaid: sum(entries, 'difference_paid'),
    rewardsGiven: entries.filter((e) => e.kind === 'reward').map((e) => e.code ?? ''),
    rewardsWithdrawn: entries.filter((e) => e.kind === 'reward_withdrawn').map((e) => e.code ?? ''),
  };
}

/** What is left of the payment (minor units): not refunded, not turned into credit or an exchange. The one figure money checks against. */
export const moneyLeft = (l: Ledger): number => Math.max(0, l.facts.total - l.givenBack - l.creditBasis - l.exchangeBasis);

/** What may still be refunded: all that is left of the payment. */
export const refundable = moneyLeft;

/** What of each product may still be asked or taken back: bought, less what requests not refused ask and what came back without one. */
export function returnable(l: Ledger): Map<number, number> {
  const open = new Map<number, number>();
  for (const [productId, u] of l.units) open.set(productId, Math.max(0, u.bought - u.asked - u.direct));
  return open;
}

/** Store credit for goods worth `value`: 110% of what of it is left of the payment (rounded down: never more than 110%). */
export function creditable(l: Ledger, value: number): { basis: number; amount: number } {
  const basis = Math.min(value, moneyLeft(l));
  return { basis, amount: percentDown(basis, returnsPolicy.storeCreditPercent) };
}

/** Store credit not yet spent. */
export const creditLeft = (l: Ledger): number => l.creditIssued - l.creditSpent;

/** The code that holds the credit left now (the newest issued), or null. */
export function liveCreditCode(l: Ledger): string | null {
  const codes = l.entries.filter((e) => e.kind === 'credit' || e.kind === 'credit_code');
  return codes.at(-1)?.code ?? null;
}

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
  const paid = differenceOwed(l, request) === 0;
  return received && paid ? 'ready' : 'waiting';
}

/** What is still to be paid for an exchange's difference (minor units). */
export function differenceOwed(l: Ledger, request: string): number {
  const exchange = exchangeOf(l, request);
  if (!exchange) return 0;
  const paid = l.entries.reduce((t, e) => t + (e.kind === 'difference_paid' && e.request === request ? e.amount : 0), 0);
  return Math.max(0, exchange.amount - exchange.basis - paid);
}
