import { describe, expect, it } from 'vitest';
import { destinationCountries, freeShippingThreshold, shippingChoices } from '#shared/cart/shipping.ts';
import { FREE_STANDARD_SHIPPING_OVER, shippingRates } from '#shared/policy/figures.ts';

const over = FREE_STANDARD_SHIPPING_OVER * 100 + 1;
const atThreshold = FREE_STANDARD_SHIPPING_OVER * 100;

describe('shippingChoices', () => {
  it.each(['UK', 'EU', 'US'] as const)('gives %s its policy rates, standard free only over the GBP threshold', (region) => {
    const rate = shippingRates.find((r) => r.destination === region)!;
    const [standard, express] = shippingChoices(region, atThreshold);
    expect(standard).toMatchObject({
      service: 'standard',
      free: false,
      amounts: {
        GBP: Math.round(rate.standard.cost * 100),
        EUR: Math.round(rate.standard.costIn.EUR * 100),
        USD: Math.round(rate.standard.costIn.USD * 100),
      },
      days: rate.standard.days,
    });
    expect(express).toMatchObject({
      service: 'express',
      free: false,
      amounts: {
        GBP: Math.round(rate.express.cost * 100),
        EUR: Math.round(rate.express.costIn.EUR * 100),
        USD: Math.round(rate.express.costIn.USD * 100),
      },
      days: rate.express.days,
    });
    const [freeStandard, stillExpress] = shippingChoices(region, over);
    expect(freeStandard).toMatchObject({ free: true, amounts: { GBP: 0, EUR: 0, USD: 0 } });
    expect(stillExpress?.free).toBe(false);
  });

  it('has a figure for every paid choice in every currency, so no checkout drops one', () => {
    for (const region of ['UK', 'EU', 'US'] as const)
      for (const choice of shippingChoices(region, atThreshold)) expect(Object.values(choice.amounts).every((a) => a > 0)).toBe(true);
    const [, express] = shippingChoices('US', over);
    expect(express!.amounts).toEqual({ GBP: 2499, EUR: 2999, USD: 3199 });
  });

  it('ships each region to its own countries', () => {
    expect(destinationCountries('UK')).toEqual(['GB']);
    expect(destinationCountries('US')).toEqual(['US']);
    expect(destinationCountries('EU')).toHaveLength(27);
    expect(destinationCountries('EU')).toContain('DE');
  });
});

describe('freeShippingThreshold: the £150 in the shopper’s currency', () => {
  it('is £150.00 in GBP, and in EUR/USD the amount this cart’s own prices reach it at', () => {
    expect(freeShippingThreshold('GBP', 17499, 14999)).toBe(15000);
    // A cart priced €174.99 for £149.99 reaches £150 at €175.00.
    expect(freeShippingThreshold('EUR', 17499, 14999)).toBe(Math.ceil((15000 * 17499) / 14999));
    // An empty cart: the standard delivery price's rate.
    expect(freeShippingThreshold('USD', 0, 0)).toBeGreaterThan(15000);
  });
});
