import { describe, expect, it } from 'vitest';
import { destinationCountries, freeShippingThreshold, shippingChoices } from '#shared/cart/shipping.ts';
import { FREE_STANDARD_SHIPPING_OVER_IN, shippingRates } from '#shared/policy/figures.ts';

const currencyOf = { UK: 'GBP', EU: 'EUR', US: 'USD' } as const;
const atThreshold = (region: keyof typeof currencyOf) => FREE_STANDARD_SHIPPING_OVER_IN[currencyOf[region]] * 100;
const over = (region: keyof typeof currencyOf) => atThreshold(region) + 1;

describe('shippingChoices', () => {
  it.each(['UK', 'EU', 'US'] as const)('gives %s its policy rates, standard free only over the threshold in its currency', (region) => {
    const rate = shippingRates.find((r) => r.destination === region)!;
    const [standard, express] = shippingChoices(region, atThreshold(region), currencyOf[region]);
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
    const [freeStandard, stillExpress] = shippingChoices(region, over(region), currencyOf[region]);
    expect(freeStandard).toMatchObject({ free: true, amounts: { GBP: 0, EUR: 0, USD: 0 } });
    expect(stillExpress?.free).toBe(false);
  });

  it('has a figure for every paid choice in every currency, so no checkout drops one', () => {
    for (const region of ['UK', 'EU', 'US'] as const)
      for (const choice of shippingChoices(region, atThreshold(region), currencyOf[region]))
        expect(Object.values(choice.amounts).every((a) => a > 0)).toBe(true);
    const [, express] = shippingChoices('US', over('US'), 'USD');
    expect(express!.amounts).toEqual({ GBP: 2499, EUR: 2999, USD: 3199 });
  });

  it('ships each region to its own countries', () => {
    expect(destinationCountries('UK')).toEqual(['GB']);
    expect(destinationCountries('US')).toEqual(['US']);
    expect(destinationCountries('EU')).toHaveLength(27);
    expect(destinationCountries('EU')).toContain('DE');
  });
});

describe('freeShippingThreshold: the policy’s figure in the shopper’s currency', () => {
  it('is £150, €175 and $200, and a cart in euros ships free over €175 whatever it is worth in pounds', () => {
    expect([freeShippingThreshold('GBP'), freeShippingThreshold('EUR'), freeShippingThreshold('USD')]).toEqual([15000, 17500, 20000]);
    expect(shippingChoices('EU', 17501, 'EUR')[0]!.free).toBe(true);
    expect(shippingChoices('EU', 17500, 'EUR')[0]!.free).toBe(false);
  });
});
