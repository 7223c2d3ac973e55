import { describe, expect, it } from 'vitest';
import { entry } from '#shared/after-sale/ledger-moves.ts';
import { ledgerOf } from '#shared/after-sale/order-ledger.ts';
import { type LedgerEntry } from '#shared/after-sale/ledger-entry.ts';
import { parseRefundAmount, refundRefusal } from '#shared/after-sale/refund-rules.ts';

const order = {
  currency: 'GBP',
  total: 15498,
  shipping: 499,
  subtotal: 14999,
  refunded: 0,
  creditPaid: 0,
  lines: [{ productId: 1, quantity: 1, unitAmount: 14999 }],
};
const ledger = (refunded = 0, entries: LedgerEntry[] = []) => ledgerOf({ ...order, refunded }, entries);

describe('parseRefundAmount', () => {
  it('reads an amount as owners type it, in minor units', () => {
    expect(parseRefundAmount('10', 'GBP')).toEqual({ amount: 1000 });
    expect(parseRefundAmount(' 10.5 ', 'GBP')).toEqual({ amount: 1050 });
    expect(parseRefundAmount('10,05', 'EUR')).toEqual({ amount: 1005 });
    expect(parseRefundAmount('£154.98', 'GBP')).toEqual({ amount: 15498 });
    expect(parseRefundAmount('0.01', 'USD')).toEqual({ amount: 1 });
  });

  it('refuses anything else with what to type', () => {
    for (const typed of ['', 'ten', '-5', '1.234', '1e3', '1,000.00', '12345678']) {
      expect(parseRefundAmount(typed, 'GBP')).toEqual({ refusal: 'Enter the amount to refund as a number, like 10.00.' });
    }
    expect(parseRefundAmount('0.00', 'GBP')).toEqual({ refusal: 'Enter an amount above zero.' });
  });
});

describe('refundRefusal, against the order’s ledger', () => {
  it('allows up to what is left, and says how much that is', () => {
    expect(refundRefusal('paid', null, ledger(), 15498)).toBeNull();
    expect(refundRefusal('partially_refunded', null, ledger(1000), 14499)).toBe(
      'only £144.98 is left to refund (£10.00 of £154.98 given back already), not £144.99',
    );
    expect(refundRefusal('refunded', null, ledger(15498))).toBe('it has been refunded in full');
  });

  it('counts refunds asked of Stripe and not yet confirmed as on their way, and credit issued as given', () => {
    const asked = [entry('refund', 'refund:a', { amount: 1000 }), entry('refund', 'refund:b', { amount: 250 })];
    expect(refundRefusal('paid', null, ledger(0, asked), 15000)).toBe(
      'only £142.48 is left to refund (£12.50 of £154.98 given back or on its way already), not £150.00',
    );
    expect(refundRefusal('paid', null, ledger(0, [entry('refund', 'refund:c', { amount: 15498 })]))).toBe(
      'refunds for all of it have been sent to Stripe already',
    );
    const credited = [
      entry('refund', 'refund:a', { amount: 5000 }),
      entry('credit', 'credit:R1', { amount: 11548, basis: 10498, code: 'CREDIT-X' }),
    ];
    expect(refundRefusal('paid', null, ledger(5000, credited))).toBe(
      'nothing is left to refund (£50.00 of £154.98 given back, £104.98 turned into store credit or an exchange already)',
    );
  });

  it('refuses an order whose money never came or is with the bank', () => {
    expect(refundRefusal('pending', null, ledger())).toBe('its payment is not confirmed yet');
    expect(refundRefusal('failed', null, ledger())).toBe('its payment failed, so nothing was taken');
    const hold = { dispute: 'dp_1', dueBy: null, amount: 15498 };
    expect(refundRefusal('paid', { ...hold, state: 'open' }, ledger())).toMatch(/^the buyer’s bank is disputing the payment/);
    expect(refundRefusal('paid', { ...hold, state: 'lost' }, ledger())).toBe('the buyer’s bank has taken the money back already');
  });
});
