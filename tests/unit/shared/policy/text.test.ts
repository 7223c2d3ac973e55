import { describe, expect, it } from 'vitest';
import { shippingRates } from '#shared/policy/figures.ts';
import {
  andListText,
  batteryLifeText,
  businessDays,
  claimText,
  deliveryTimesText,
  formatCompact,
  formatCount,
  formatPercent,
  formatRange,
  freeShippingDestinationsText,
  paymentMethodsText,
  policyPricesNote,
  returnWindowText,
  shippingCostText,
  shipsInText,
  warrantyText,
} from '#shared/policy/text.ts';

const rate = (d: string) => shippingRates.find((r) => r.destination === d)!;

describe('number text', () => {
  it('groups thousands, shortens large counts with a capital K and shows percentages', () => {
    expect(formatCount(1200)).toBe('1,200');
    expect(formatCompact(15_500)).toBe('15.5K');
    expect(formatCompact(8_800)).toBe('8.8K');
    expect(formatCompact(999)).toBe('999');
    expect(formatPercent(70)).toBe('70%');
    expect(formatPercent(110)).toBe('110%');
  });

  it('writes ranges with a plain hyphen and a single value once', () => {
    expect(formatRange({ min: 2000, max: 5000 })).toBe('2,000-5,000');
    expect(formatRange({ min: 3, max: 3 })).toBe('3');
    expect(businessDays({ min: 3, max: 5 })).toBe('3-5 business days');
    expect(businessDays({ min: 1, max: 1 })).toBe('1 business day');
  });

  it('joins lists the British way (no serial comma)', () => {
    expect(andListText(['a'])).toBe('a');
    expect(andListText(['a', 'b', 'c'])).toBe('a, b and c');
  });
});

describe('policy figures as the pages read them: one source for shipping costs and times, returns, warranty, battery life, payment methods and claims', () => {
  it('quotes shipping costs in the visitor’s currency (GBP by default), with "from" where the country decides', () => {
    expect(shippingCostText(rate('UK').standard)).toBe('£4.99');
    expect(shippingCostText(rate('US').express)).toBe('£24.99');
    expect(shippingCostText(rate('ROW').standard)).toBe('from £19.99');
    expect(shippingCostText(rate('ROW').express)).toBe('from £29.99');
    expect(policyPricesNote(false)).toBe('All prices on this page are in GBP (£) and exclude taxes.');
    expect(policyPricesNote(true)).toBe('All prices on this page are in GBP (£) and include VAT.');
    expect(shippingCostText(rate('UK').standard, 'EUR')).toBe('€5.99');
    expect(shippingCostText(rate('ROW').express, 'USD')).toBe('from $37.99');
    expect(policyPricesNote(false, 'USD')).toBe('All prices on this page are in USD ($) and exclude taxes.');
  });

  it('lists delivery times per destination and where standard shipping is free', () => {
    expect(deliveryTimesText('standard')).toBe(
      '3-5 business days to the United Kingdom, 5-7 business days to the European Union, 7-10 business days to the United States and 10-15 business days to the rest of the world',
    );
    expect(deliveryTimesText('express')).toBe(
      '1-2 business days to the United Kingdom, 2-3 business days to the European Union, 3-5 business days to the United States and 5-7 business days to the rest of the world',
    );
    expect(freeShippingDestinationsText).toBe('the United Kingdom, the European Union and the United States');
  });

  it('says the product-page dispatch line, returns window, warranty, battery life and payment methods', () => {
    expect(shipsInText).toBe('Ships in 1-3 business days');
    expect(returnWindowText).toBe('14 days');
    expect(warrantyText).toBe('12 months');
    expect(batteryLifeText).toBe('2,000-5,000 trigger pulls');
    expect(paymentMethodsText).toBe('Visa, MasterCard, American Express, PayPal and Apple Pay');
  });

  it('states the claims as the spec writes them', () => {
    expect(claimText).toEqual({
      shooters: '1,200+',
      followers: '15.5K',
      likes: '8.8K',
      armedForces: '70%',
      subscriptionDiscount: '5%',
      referralDiscount: '€20.00',
    });
  });
});
