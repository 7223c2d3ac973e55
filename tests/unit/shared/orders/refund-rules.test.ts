import { describe, expect, it } from 'vitest';
import { parseRefundAmount, refundLeft, refundRefusal, refundsAsked } from '#shared/orders/refund-rules.ts';

const paid = { status: 'paid' as const, currency: 'GBP' as const, total: 15498, refunded: 0 };

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

describe('refundRefusal', () => {
  it('allows up to what is left, and says how much that is', () => {
    expect(refundRefusal(paid, null, 0, 15498)).toBeNull();
    expect(refundLeft({ ...paid, refunded: 1000 })).toBe(14498);
    expect(refundRefusal({ ...paid, status: 'partially_refunded', refunded: 1000 }, null, 0, 14499)).toBe(
      'only £144.98 is left to refund (£10.00 of £154.98 given back already), not £144.99',
    );
    expect(refundRefusal({ ...paid, status: 'refunded', refunded: 15498 }, null)).toBe('it has been refunded in full');
  });

  it('counts refunds asked of Stripe and not yet confirmed as on their way', () => {
    const steps = [
      { kind: 'paid', detail: null },
      { kind: 'refund_asked', detail: { amount: 1000 } },
      { kind: 'refund_asked', detail: { amount: 250 } },
    ];
    expect(refundsAsked(steps)).toBe(1250);
    expect(refundLeft(paid, 1250)).toBe(14248);
    expect(refundRefusal(paid, null, 1250, 15000)).toBe(
      'only £142.48 is left to refund (£12.50 of £154.98 given back or on its way already), not £150.00',
    );
    // Confirmed, and more given back in Stripe's Dashboard: the recorded figure counts.
    expect(refundLeft({ ...paid, refunded: 2000 }, 1250)).toBe(13498);
    expect(refundRefusal(paid, null, 15498)).toBe('refunds for all of it have been sent to Stripe already');
  });

  it('refuses an order whose money never came or is with the bank', () => {
    expect(refundRefusal({ ...paid, status: 'pending' }, null)).toBe('its payment is not confirmed yet');
    expect(refundRefusal({ ...paid, status: 'failed' }, null)).toBe('its payment failed, so nothing was taken');
    const hold = { dispute: 'dp_1', dueBy: null, amount: 15498 };
    expect(refundRefusal(paid, { ...hold, state: 'open' })).toMatch(/^the buyer’s bank is disputing the payment/);
    expect(refundRefusal(paid, { ...hold, state: 'lost' })).toBe('the buyer’s bank has taken the money back already');
  });
});
