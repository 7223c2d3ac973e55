import { describe, expect, it } from 'vitest';
import {
  askExchange,
  differencePending,
  disputeMoved,
  entry,
  issueCredit,
  payDifference,
  repriceExchange,
  reserveRefund,
  seeRefunds,
  shipExchange,
  spendCredit,
  withdrawCredit,
  type Move,
} from '#shared/after-sale/ledger-moves.ts';
import type { LedgerEntry } from '#shared/after-sale/ledger-entry.ts';
import { creditLeft, differenceOwed, ledgerOf, liveCodes, moneyLeft, type OrderFacts } from '#shared/after-sale/order-ledger.ts';
import { accountLines } from '#shared/after-sale/account-lines.ts';

/** Two units of £196.99 bought by card, free delivery. */
const FACTS: OrderFacts = {
  currency: 'GBP',
  total: 39398,
  shipping: 0,
  subtotal: 39398,
  refunded: 0,
  creditPaid: 0,
  lines: [{ productId: 3, quantity: 2, unitAmount: 19699 }],
};

/** The ledger after these moves, each decided on the ledger before it (a refusal fails the test). */
function after(...moves: Array<(l: ReturnType<typeof ledgerOf>) => Move>) {
  const entries: LedgerEntry[] = [];
  for (const move of moves) {
    const m = move(ledgerOf(FACTS, entries));
    if ('refusal' in m) throw new Error(m.refusal);
    entries.push(...m.entries);
  }
  return ledgerOf(FACTS, entries);
}

const twoCodes = [
  (l: ReturnType<typeof ledgerOf>) => issueCredit(l, 'credit:R1', 19699, 'CREDIT-A', 'R1'),
  (l: ReturnType<typeof ledgerOf>) => issueCredit(l, 'credit:R2', 19699, 'CREDIT-B', 'R2'),
];

describe('each store credit code is its own account', () => {
  it('a code spends its own balance: its rest is what it held less what was taken, whatever the other codes hold', () => {
    const l = after(...twoCodes, (x) => spendCredit(x, 'spent:O1', 'CREDIT-B', 8699, 'CREDIT-B2'));
    expect(l.codes.get('CREDIT-B2')).toMatchObject({ issued: 21668 - 8699, from: 'CREDIT-B' });
    expect(l.codes.get('CREDIT-B')!.balance).toBe(0);
    const both = after(
      ...twoCodes,
      (x) => spendCredit(x, 'spent:O1', 'CREDIT-B', 8699, 'CREDIT-B2'),
      (x) => spendCredit(x, 'spent:O2', 'CREDIT-A', 8699, 'CREDIT-A2'),
    );
    expect(liveCodes(both).map((a) => [a.code, a.balance])).toEqual([
      ['CREDIT-B2', 12969],
      ['CREDIT-A2', 12969],
    ]);
    expect(creditLeft(both) + 2 * 8699).toBe(2 * 21668);
  });

  it('a code drawn again (Stripe let it) is written as drawn beyond its balance, with no rest', () => {
    const l = after(...twoCodes, (x) => spendCredit(x, 'spent:O1', 'CREDIT-A', 21668, 'CREDIT-A2'));
    const again = spendCredit(l, 'spent:O2', 'CREDIT-A', 8699, 'CREDIT-A3');
    expect(again).toMatchObject({ overdrawn: 8699 });
    expect('entries' in again && again.entries.map((e) => e.kind)).toEqual(['credit_spent']);
    expect(spendCredit(l, 'spent:O3', 'CREDIT-Z', 100, 'X')).toEqual({ refusal: 'CREDIT-Z is not a store credit code of this order' });
  });

  it('switched off, a live code leaves the account with its share of what the credit stands for', () => {
    const l = after(...twoCodes);
    const withdrawn = withdrawCredit(l, ['CREDIT-B']);
    expect(withdrawn).toMatchObject({ amount: 21668, basis: 19699 });
    const l2 = ledgerOf(FACTS, [...l.entries, ...withdrawn.entries]);
    expect(liveCodes(l2).map((a) => a.code)).toEqual(['CREDIT-A']);
    expect(moneyLeft(l2)).toBe(19699);
    expect(withdrawCredit(l2, ['CREDIT-B']).entries).toEqual([]);
  });
});

/** A rifle asked for the target system (£158.00 to pay), and that unit come back. */
const exchange = (l: ReturnType<typeof ledgerOf>) => askExchange(l, 'R1', 2, 35499, 19699);
const received = () => ({
  entries: [
    entry('asked', 'asked:R1', { productId: 3, quantity: 1, request: 'R1' }),
    entry('received', 'received:R1', { productId: 3, quantity: 1, request: 'R1' }),
  ],
});

describe('each charge is its own account', () => {
  it('a dispute open on the order’s charge holds its refunds and credit; lost, it is money given back', () => {
    const open = after((l) => disputeMoved(l, null, { id: 'dp_1', amount: 39398, outcome: 'opened' }));
    expect(reserveRefund(open, 'refund:1', 100)).toEqual({ refusal: 'its payment is disputed: the bank decides first' });
    expect(issueCredit(open, 'credit:R1', 19699, 'CREDIT-A', 'R1')).toEqual({ refusal: 'its payment is disputed: the bank decides first' });
    const lost = after(
      (l) => disputeMoved(l, null, { id: 'dp_1', amount: 39398, outcome: 'opened' }),
      (l) => disputeMoved(l, null, { id: 'dp_1', amount: 39398, outcome: 'lost' }),
    );
    expect(lost.givenBack).toBe(39398);
    expect(moneyLeft(lost)).toBe(0);
    expect(accountLines(lost)[0]).toMatchObject({ holds: 0, state: 'taken back by the bank; dispute dp_1 lost' });
  });

  it('a difference’s charge: refunded in part, it is owed again; on its way, it is not asked twice; disputed, the exchange waits', () => {
    const paid = after(exchange, received, (l) => payDifference(l, 'difference:cs_1', 'R1', 15800, 'pi_d'));
    expect(differenceOwed(paid, 'R1')).toBe(0);
    const refunded = ledgerOf(FACTS, [
      ...paid.entries,
      ...seeRefunds(paid, 'pi_d', [{ id: 're_1', amount: 3979, status: 'succeeded' }]).entries,
    ]);
    expect(differenceOwed(refunded, 'R1')).toBe(3979);
    expect(shipExchange(refunded, 'R1')).toMatchObject({ refusal: expect.stringContaining('difference is paid') });
    const pending = after(exchange, received, (l) => differencePending(l, 'cs_2', 'R1', 15800, 'pi_e'));
    expect(differenceOwed(pending, 'R1')).toBe(0);
    expect(shipExchange(pending, 'R1')).toMatchObject({ refusal: expect.any(String) });
    const disputed = ledgerOf(FACTS, [
      ...paid.entries,
      ...(disputeMoved(paid, 'pi_d', { id: 'dp_2', amount: 15800, outcome: 'opened' }) as { entries: LedgerEntry[] }).entries,
    ]);
    expect(shipExchange(disputed, 'R1')).toEqual({ refusal: 'its payment is disputed: the bank decides first' });
  });

  it('an exchange not sent is re-priced when less of the payment is left: its difference grows by as much', () => {
    const l = after((x) => askExchange(x, 'R1', 2, 35499, 19699));
    expect(differenceOwed(l, 'R1')).toBe(15800);
    const repriced = ledgerOf(FACTS, [...l.entries, repriceExchange(l, 'R1', 19699)!]);
    expect(differenceOwed(repriced, 'R1')).toBe(35499);
    expect(repriced.exchangeBasis).toBe(0);
  });
});
