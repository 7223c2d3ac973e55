import { describe, expect, it } from 'vitest';
import { offerDiscount, offerNotice, offerRefusal, offerText, parseCode, type Offer } from '#shared/offers/offer.ts';
import { parseOffer, serializeOffer } from '#shared/offers/offer-value.ts';

const percent: Offer = { code: 'SPRING10', percentOff: 10, amountOff: {}, minimum: {} };
const amount: Offer = { code: 'TAKE15', percentOff: null, amountOff: { GBP: 1500, EUR: 1700 }, minimum: { GBP: 5000 } };

describe('promotion codes', () => {
  it('takes letters, digits and dashes up to 50 characters, trimmed; nothing else is asked of Stripe', () => {
    expect(parseCode(' spring-10 ')).toBe('spring-10');
    for (const bad of ['', '   ', 'two words', 'code;drop', 'é10', 'x'.repeat(51), undefined, null]) expect(parseCode(bad)).toBeNull();
  });

  it('says what a code gives in the cart’s currency: a percent, or an amount only where the coupon has one', () => {
    expect(offerText(percent, 'USD')).toBe('10% off');
    expect(offerText({ ...percent, percentOff: 12.5 }, 'GBP')).toBe('12.5% off');
    expect(offerText(amount, 'GBP')).toBe('£15.00 off');
    expect(offerText(amount, 'EUR')).toBe('€17.00 off');
    expect(offerText(amount, 'USD')).toBeNull();
    expect(offerNotice(percent, 'GBP')).toBe('SPRING10: 10% off at checkout');
    expect(offerNotice(amount, 'EUR')).toBe('TAKE15: €17.00 off at checkout');
  });

  it('refuses a cart below the minimum or in a currency the amount has no figure for, as Stripe would', () => {
    expect(offerRefusal(amount, { subtotal: 4999, currency: 'GBP' })).toBe('TAKE15 needs an order of £50.00 or more.');
    expect(offerRefusal(amount, { subtotal: 5000, currency: 'GBP' })).toBeNull();
    expect(offerRefusal(amount, { subtotal: 100_000, currency: 'USD' })).toBe('TAKE15 cannot be used for payments in USD ($).');
    expect(offerRefusal(percent, { subtotal: 1, currency: 'EUR' })).toBeNull();
  });

  it('reads back what it wrote to the cookie, and nothing forged or broken', () => {
    expect(parseOffer(serializeOffer(amount))).toEqual(amount);
    for (const bad of [
      '',
      'not json',
      '{"code":"A B","percentOff":10,"amountOff":{},"minimum":{}}',
      '{"code":"X","percentOff":150,"amountOff":{},"minimum":{}}',
      '{"code":"X","percentOff":null,"amountOff":{"JPY":5},"minimum":{}}',
      '{"code":"X","percentOff":null,"amountOff":{"GBP":-5},"minimum":{}}',
    ]) {
      expect(parseOffer(bad)).toBeNull();
    }
  });
});

describe('offerDiscount: what a code takes off, to show before checkout', () => {
  const code = { code: 'X', minimum: {} };
  it('takes a share of the subtotal (rounded) or a fixed amount in the currency, never more than the subtotal', () => {
    expect(offerDiscount({ ...code, percentOff: 10, amountOff: {} }, { subtotal: 14999, currency: 'GBP' })).toBe(1500);
    expect(offerDiscount({ ...code, percentOff: null, amountOff: { GBP: 1500 } }, { subtotal: 1000, currency: 'GBP' })).toBe(1000);
    expect(offerDiscount({ ...code, percentOff: null, amountOff: { GBP: 1500 } }, { subtotal: 5000, currency: 'EUR' })).toBeNull();
  });
});
