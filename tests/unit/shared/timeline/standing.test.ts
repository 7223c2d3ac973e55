import { describe, expect, it } from 'vitest';
import { ownerStanding, shortStanding, standingSentences, type StandingOrder } from '#shared/timeline/standing.ts';

const order: StandingOrder = { status: 'paid', fulfilment: 'shipped', refunded: 0, total: 19699, currency: 'GBP', afterSale: null };
const after = (a: Partial<NonNullable<StandingOrder['afterSale']>>) => ({
  bought: 1,
  back: 0,
  credit: 0,
  creditLeft: 0,
  exchange: null,
  asked: 0,
  ...a,
});

describe('where an order stands, from its payment, goods and ledger', () => {
  it('says both: a refund after shipping leaves it shipped, with how much went back', () => {
    expect(standingSentences({ ...order, status: 'partially_refunded', refunded: 1000 })).toEqual([
      'Shipped: your order is on its way.',
      'Partly refunded: £10.00.',
    ]);
    expect(shortStanding({ ...order, status: 'partially_refunded', refunded: 1000 })).toBe('Partly refunded: £10.00, shipped');
    expect(standingSentences({ ...order, fulfilment: 'unfulfilled' })).toEqual(['Paid: your order is being prepared for shipping.']);
    // Past its due day a parcel is no longer "on its way".
    expect(standingSentences({ ...order, deliveredBy: '12 November 2026' })).toEqual([
      'Shipped: it should have arrived by 12 November 2026.',
    ]);
  });

  it('never says "on its way" of goods that came back: returned and refunded, returned for credit', () => {
    const returned = { ...order, status: 'refunded' as const, refunded: 19699, afterSale: after({ back: 1 }) };
    expect(standingSentences(returned)).toEqual(['Returned: the goods have come back to us.', 'Refunded: £196.99, all of it.']);
    expect(shortStanding(returned)).toBe('Returned, refunded');
    const credited = { ...order, afterSale: after({ back: 1, credit: 21668, creditLeft: 21668 }) };
    expect(standingSentences(credited).join(' ')).not.toMatch(/on its way/);
    expect(shortStanding(credited)).toBe('Returned, store credit: £216.68');
    expect(ownerStanding(credited, null)).toEqual(['Every unit has come back.', 'Store credit issued: £216.68 (£216.68 not spent).']);
    expect(standingSentences({ ...order, afterSale: after({ bought: 2, back: 1 }) })[0]).toBe(
      'Partly returned: 1 of 2 items have come back to us.',
    );
  });

  it('follows an exchange until it is on its way', () => {
    expect(standingSentences({ ...order, afterSale: after({ exchange: 'waiting' }) })[0]).toMatch(/^Exchange asked/);
    expect(shortStanding({ ...order, afterSale: after({ back: 1, exchange: 'shipped' }) })).toBe('Exchange on its way');
  });

  it('says a payment not through as such', () => {
    expect(shortStanding({ ...order, status: 'failed', fulfilment: 'unfulfilled' })).toBe('Payment failed');
    expect(standingSentences({ ...order, status: 'pending', fulfilment: 'unfulfilled' })).toEqual([
      'Payment received and being confirmed by your bank; we ship once it is.',
    ]);
  });
});
