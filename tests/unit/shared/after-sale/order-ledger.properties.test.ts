import * as fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import {
  askBack,
  askExchange,
  giveReward,
  issueCredit,
  payDifference,
  receive,
  refundMade,
  releaseAsk,
  reserveRefund,
  rewardStands,
  seeRefunds,
  shipExchange,
  spendCredit,
  voidRefund,
  withdrawReward,
  type Move,
} from '#shared/after-sale/ledger-moves.ts';
import {
  creditable,
  differenceExcess,
  ledgerOf,
  liveCodes,
  refundable,
  type Ledger,
  type OrderFacts,
} from '#shared/after-sale/order-ledger.ts';
import { type LedgerEntry } from '#shared/after-sale/ledger-entry.ts';
import { ledgerFaults } from '../../../support/ledger-faults';

/**
 * Issue 55's property: random sequences of every after-sale action, some posted two or three times
 * at once, never give back more than was paid (credit at most 110% of what is left), never take a
 * unit back twice, never leave a negative credit balance. Concurrent posts are decided as the worker
 * decides them: each against the ledger it read, written only if the ledger did not change since;
 * one that finds it changed reads it again and decides anew (ledger-store.ts).
 */
type Action =
  | { t: 'ask'; r: number; lines: Array<{ productId: number; quantity: number }> }
  | { t: 'release'; r: number }
  | { t: 'receive'; r: number; lines: Array<{ productId: number; quantity: number; fit: number }> }
  | { t: 'refund'; ref: number; amount: number }
  | { t: 'confirm'; ref: number }
  | { t: 'void'; ref: number }
  | { t: 'credit'; r: number; value: number }
  | { t: 'spend'; n: number; amount: number; stale: boolean }
  | { t: 'exchange'; r: number; price: number; value: number }
  | { t: 'pay'; r: number; n: number; amount: number }
  | { t: 'ship'; r: number }
  | { t: 'reward' }
  | { t: 'withdraw' }
  | { t: 'dashboard'; amount: number }
  | { t: 'fail'; n: number }
  | { t: 'excess'; r: number };

const product = fc.integer({ min: 1, max: 3 });
const lines = fc.array(fc.record({ productId: product, quantity: fc.integer({ min: 0, max: 3 }) }), { minLength: 1, maxLength: 3 });
const money = fc.integer({ min: 1, max: 60_000 });
const action: fc.Arbitrary<Action> = fc.oneof(
  fc.record({ t: fc.constant('ask' as const), r: fc.integer({ min: 1, max: 3 }), lines }),
  fc.record({ t: fc.constant('release' as const), r: fc.integer({ min: 1, max: 3 }) }),
  fc.record({
    t: fc.constant('receive' as const),
    r: fc.integer({ min: 0, max: 3 }),
    lines: lines.chain((ls) => fc.tuple(...ls.map((l) => fc.integer({ min: 0, max: l.quantity }).map((fit) => ({ ...l, fit }))))),
  }),
  fc.record({ t: fc.constant('refund' as const), ref: fc.integer({ min: 1, max: 4 }), amount: money }),
  fc.record({ t: fc.constant('confirm' as const), ref: fc.integer({ min: 1, max: 4 }) }),
  fc.record({ t: fc.constant('void' as const), ref: fc.integer({ min: 1, max: 4 }) }),
  fc.record({ t: fc.constant('credit' as const), r: fc.integer({ min: 1, max: 3 }), value: money }),
  fc.record({ t: fc.constant('spend' as const), n: fc.integer({ min: 1, max: 3 }), amount: money, stale: fc.boolean() }),
  fc.record({ t: fc.constant('exchange' as const), r: fc.integer({ min: 1, max: 3 }), price: money, value: money }),
  fc.record({ t: fc.constant('pay' as const), r: fc.integer({ min: 1, max: 3 }), n: fc.integer({ min: 1, max: 2 }), amount: money }),
  fc.record({ t: fc.constant('ship' as const), r: fc.integer({ min: 1, max: 3 }) }),
  fc.constant({ t: 'reward' as const }),
  fc.constant({ t: 'withdraw' as const }),
  fc.record({ t: fc.constant('dashboard' as const), amount: money }),
  fc.record({ t: fc.constant('fail' as const), n: fc.integer({ min: 0, max: 3 }) }),
  fc.record({ t: fc.constant('excess' as const), r: fc.integer({ min: 1, max: 3 }) }),
);
/** A round: one to three posts at once, often the same one twice. */
const round = fc.oneof(
  action.map((a) => [a]),
  fc.tuple(action, fc.integer({ min: 2, max: 3 })).map(([a, n]) => Array.from({ length: n }, () => a)),
  fc.array(action, { minLength: 2, maxLength: 3 }),
);
const facts = fc
  .record({
    q1: fc.integer({ min: 1, max: 3 }),
    q2: fc.integer({ min: 0, max: 2 }),
    discount: fc.integer({ min: 0, max: 3000 }),
    shipping: fc.constantFrom(0, 499, 1299),
    creditPaid: fc.constantFrom(0, 0, 5_000, 20_000),
  })
  .map(({ q1, q2, discount, shipping, creditPaid }): OrderFacts => {
    const orderLines = [
      { productId: 1, quantity: q1, unitAmount: 14_999 },
      ...(q2 > 0 ? [{ productId: 2, quantity: q2, unitAmount: 8_999 }] : []),
      { productId: null, quantity: 1, unitAmount: 500 },
    ];
    const subtotal = orderLines.reduce((t, l) => t + l.quantity * l.unitAmount, 0);
    // Store credit paid part of it: the charge is the rest.
    const paid = subtotal - discount + shipping;
    return {
      currency: 'GBP',
      total: paid - Math.min(creditPaid, paid),
      shipping,
      subtotal,
      refunded: 0,
      creditPaid: Math.min(creditPaid, paid),
      lines: orderLines,
    };
  });

const REWARD = 1700;

/** The move a post makes on the ledger it read (a Stripe confirmation is not a move: it changes what Stripe says was refunded). */
const request = (r: number) => `SP-R${r}`;

function decide(l: Ledger, a: Action): Move {
  switch (a.t) {
    case 'ask':
      return askBack(l, request(a.r), a.lines);
    case 'release':
      return releaseAsk(l, request(a.r));
    case 'receive':
      return receive(l, a.r === 0 ? `direct-${a.lines.length}` : request(a.r), a.r === 0 ? null : request(a.r), a.lines);
    case 'refund':
      return reserveRefund(l, `refund:${a.ref}`, a.amount);
    case 'void':
      return voidRefund(l, `refund:${a.ref}`);
    case 'credit':
      return issueCredit(l, `credit:${request(a.r)}`, a.value, `CREDIT-${a.r}`, request(a.r));
    case 'spend': {
      // A live code (Stripe takes at most its face off), or one drawn before: Stripe refuses a used single-use code.
      const live = liveCodes(l);
      const account = a.stale ? [...l.codes.values()].find((c) => !live.includes(c)) : live[(a.n - 1) % Math.max(1, live.length)];
      if (!account) return { entries: [] };
      const move = spendCredit(l, `spent:${a.n}`, account.code, Math.min(a.amount, Math.max(1, account.balance)), `CREDIT-REST-${a.n}`);
      return 'refusal' in move || move.overdrawn === 0 ? move : { entries: [] };
    }
    case 'exchange':
      return askExchange(l, request(a.r), 3, a.price, a.value);
    case 'pay':
      return payDifference(l, `cs_${a.r}_${a.n}`, request(a.r), a.amount, `pi_${a.r}_${a.n}`);
    case 'ship':
      return shipExchange(l, request(a.r));
    case 'reward':
      return giveReward(l, 'THANKS-1', REWARD);
    case 'withdraw':
      return rewardStands(l, REWARD) ? { entries: [] } : withdrawReward(l, 'THANKS-1');
    case 'excess': {
      // The newest difference charge gives back what the request's differences took beyond what it owes.
      const { excess, charges } = differenceExcess(l, request(a.r));
      const charge = charges[0];
      return charge && excess > 0
        ? reserveRefund(
            l,
            `refund:excess:${charge.tender}:${l.differences.get(charge.tender)!.givenBack}`,
            Math.min(excess, charge.left),
            charge.tender,
          )
        : { entries: [] };
    }
    case 'confirm':
    case 'dashboard':
    case 'fail':
      return { entries: [] };
  }
}

/** Stripe's side of the order's charge: every refund made of it (by the shop or in the Dashboard), as Stripe lists them. */
type StripeCharge = { amount: number; refunds: Array<{ id: string; amount: number; status: string }> };
const refundedAt = (charge: StripeCharge) => charge.refunds.reduce((t, r) => t + (r.status === 'succeeded' ? r.amount : 0), 0);

/**
 * What the shop decided to give, from its entries as written (not the ledger's figures): refunds it
 * asked (unless Stripe made none), what credit and exchanges stand for. With what the owner gave in
 * Stripe's Dashboard before (Stripe's list), it is never more than the order was paid; and Stripe
 * never refunds more than it took. (A Dashboard refund beyond what is left is the owner's own, at
 * Stripe: the shop only never adds to it.)
 */
function shopGave(entries: readonly LedgerEntry[], charge: StripeCharge) {
  const has = (ref: string) => entries.some((e) => e.ref === ref);
  const cancelled = (r: string | null) => entries.some((e) => e.kind === 'exchange_cancelled' && e.request === r);
  // A refund the bank sent back gave nothing: Stripe lists it failed.
  const failed = new Set(charge.refunds.filter((r) => r.status === 'failed').map((r) => r.id));
  const bounced = (ref: string) => entries.some((e) => e.kind === 'refund_made' && e.ref === `made:${ref}` && failed.has(e.code ?? ''));
  return entries.reduce((t, e) => {
    if (e.kind === 'credit') return t + e.basis;
    if (e.kind === 'exchange' && !cancelled(e.request)) return t + e.basis;
    if (e.kind === 'refund' && e.tender === null && !has(`void:${e.ref}`) && !bounced(e.ref)) return t + e.amount;
    return t;
  }, 0);
}

function play(start: OrderFacts, rounds: Action[][]) {
  const f = { ...start };
  const entries: LedgerEntry[] = [];
  const charge: StripeCharge = { amount: f.total, refunds: [] };
  const faults: string[] = [];
  const confirmed = new Set<number>();
  for (const posts of rounds) {
    // Stripe's own moves come between the shop's decisions: a Dashboard refund (Stripe refuses one over what is left), a refund the bank sent back.
    for (const a of posts) {
      if (a.t === 'dashboard' && a.amount <= charge.amount - refundedAt(charge))
        charge.refunds.push({ id: `re_d${charge.refunds.length}`, amount: a.amount, status: 'succeeded' });
      if (a.t === 'fail' && charge.refunds[a.n]) charge.refunds[a.n]!.status = 'failed';
    }
    // Every decision starts from what Stripe lists now (the worker reads the charge's refunds first).
    entries.push(...seeRefunds(ledgerOf(f, entries), null, charge.refunds).entries);
    const gaveBefore = shopGave(entries, charge);
    const byOwner =
      refundedAt(charge) - charge.refunds.reduce((t, r) => t + (r.status === 'succeeded' && !r.id.startsWith('re_d') ? r.amount : 0), 0);
    const read = ledgerOf(f, entries);
    const firstTry = posts.map((a) => decide(read, a));
    let changed = false;
    posts.forEach((a, i) => {
      if (a.t === 'confirm' || a.t === 'void') {
        // Stripe made the refund (confirmed: unless more than the charge has left) or made none (voided): never both.
        const reserved = entries.find((e) => e.ref === `refund:${a.ref}`);
        const voided = entries.some((e) => e.ref === `void:refund:${a.ref}`);
        if (!reserved || voided || confirmed.has(a.ref)) return;
        confirmed.add(a.ref);
        if (a.t === 'confirm' && reserved.amount <= charge.amount - refundedAt(charge)) {
          const made = refundMade(ledgerOf(f, entries), `refund:${a.ref}`, `re_${a.ref}`);
          if ('entries' in made) entries.push(...made.entries);
          charge.refunds.push({ id: `re_${a.ref}`, amount: reserved.amount, status: 'succeeded' });
          return;
        }
        const none = voidRefund(ledgerOf(f, entries), `refund:${a.ref}`);
        if ('entries' in none) entries.push(...none.entries);
        return;
      }
      // Written only if nothing changed since it was read; else read again and decided anew.
      const move = changed ? decide(ledgerOf(f, entries), a) : firstTry[i]!;
      if ('entries' in move && move.entries.length > 0) {
        entries.push(...move.entries);
        changed = true;
      }
    });
    const gave = shopGave(entries, charge);
    if (refundedAt(charge) > charge.amount) faults.push(`Stripe refunded ${refundedAt(charge)} of ${charge.amount}`);
    if (gave > gaveBefore && gave + byOwner > f.total + f.creditPaid)
      faults.push(`the shop gave ${gave} after the owner's ${byOwner} in the Dashboard: more than ${f.total + f.creditPaid} paid`);
  }
  entries.push(...seeRefunds(ledgerOf(f, entries), null, charge.refunds).entries);
  return { facts: f, entries, faults, charge };
}

describe('one ledger per order, over random sequences with concurrent posts', () => {
  it('never gives back more than was paid, takes no unit back twice, leaves no negative balance (1,000 sequences)', () => {
    fc.assert(
      fc.property(facts, fc.array(round, { minLength: 1, maxLength: 25 }), (start, rounds) => {
        const { facts: end, entries, faults, charge } = play(start, rounds);
        expect(ledgerFaults(end, entries)).toEqual([]);
        expect(faults).toEqual([]);
        // Each of Stripe's refunds counted once: the ledger's confirmed figure is Stripe's.
        expect(ledgerOf(end, entries).confirmed).toBe(refundedAt(charge));
      }),
      { numRuns: 1000 },
    );
  });

  it('a £50 refund, then credit for the same unit: 110% of what is left, after which nothing is left to refund', () => {
    const order: OrderFacts = {
      currency: 'GBP',
      total: 19_699,
      shipping: 0,
      subtotal: 19_699,
      refunded: 0,
      creditPaid: 0,
      lines: [{ productId: 1, quantity: 1, unitAmount: 19_699 }],
    };
    const entries: LedgerEntry[] = [];
    const apply = (m: Move) => {
      if ('refusal' in m) throw new Error(m.refusal);
      entries.push(...m.entries);
    };
    apply(reserveRefund(ledgerOf(order, entries), 'refund:a', 5_000));
    expect(creditable(ledgerOf(order, entries), 19_699)).toEqual({ basis: 14_699, amount: 16_168, restored: 0 });
    apply(issueCredit(ledgerOf(order, entries), 'credit:R1', 19_699, 'CREDIT-X', 'R1'));
    expect(entries.at(-1)?.amount).toBeLessThanOrEqual(1.1 * (19_699 - 5_000));
    expect(refundable(ledgerOf(order, entries))).toBe(0);
    expect(reserveRefund(ledgerOf(order, entries), 'refund:b', 1)).toEqual({ refusal: 'only £0.00 is left to refund, not £0.01' });
  });

  it('one unit asked back under three names is asked once', () => {
    const order: OrderFacts = {
      currency: 'GBP',
      total: 14_999,
      shipping: 0,
      subtotal: 14_999,
      refunded: 0,
      creditPaid: 0,
      lines: [{ productId: 1, quantity: 1, unitAmount: 14_999 }],
    };
    const entries: LedgerEntry[] = [];
    for (const r of ['R1', 'R2', 'R3']) {
      const m = askBack(ledgerOf(order, entries), r, [{ productId: 1, quantity: 1 }]);
      if ('entries' in m) entries.push(...m.entries);
    }
    expect(entries.filter((e) => e.kind === 'asked')).toHaveLength(1);
  });
});
