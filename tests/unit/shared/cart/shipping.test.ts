import { describe, expect, it } from 'vitest';
import { destinationCountries, shippingAmountIn, shippingChoices, shippingPriceShown } from '#shared/cart/shipping.ts';
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
      policyAmount: Math.round(rate.standard.cost * 100),
      days: rate.standard.days,
    });
    expect(express).toMatchObject({
      service: 'express',
      free: false,
      policyAmount: Math.round(rate.express.cost * 100),
      days: rate.express.days,
    });
    const [freeStandard, stillExpress] = shippingChoices(region, over);
    expect(freeStandard).toMatchObject({ free: true, policyAmount: 0 });
    expect(stillExpress?.free).toBe(false);
  });

  it('states amounts in a currency only where the policy has a figure: free in any, paid in GBP only', () => {
    const [standard, express] = shippingChoices('US', over);
    expect(shippingAmountIn(standard!, 'USD')).toBe(0);
    expect(shippingAmountIn(express!, 'USD')).toBeNull();
    expect(shippingAmountIn(express!, 'GBP')).toBe(2499);
    expect(shippingPriceShown(express!, 'USD')).toEqual({ amount: 2499, currency: 'GBP' });
    expect(shippingPriceShown(standard!, 'USD')).toEqual({ amount: 0, currency: 'USD' });
  });

  it('ships each region to its own countries', () => {
    expect(destinationCountries('UK')).toEqual(['GB']);
    expect(destinationCountries('US')).toEqual(['US']);
    expect(destinationCountries('EU')).toHaveLength(27);
    expect(destinationCountries('EU')).toContain('DE');
  });
});
