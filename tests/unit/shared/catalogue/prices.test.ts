import { describe, expect, it } from 'vitest';
import { discount, displayFullPrice, displayPrice, priceTable } from '#shared/catalogue/prices.ts';
import { formatMoney } from '#shared/money.ts';

describe('money', () => {
  it('formats with the currency symbol and 2 decimals', () => {
    expect(formatMoney(149.99, 'GBP')).toBe('£149.99');
    expect(formatMoney(174.9, 'EUR')).toBe('€174.90');
    expect(formatMoney(1189, 'USD')).toBe('$1,189.00');
  });

  it("shows the currency's entry, falling back to the base price", () => {
    const p = { price: 100, prices: { GBP: 79.99 } };
    expect(displayPrice(p, 'GBP')).toBe(79.99);
    expect(displayPrice(p, 'EUR')).toBe(100);
    expect(displayFullPrice({ price: 10, full_price: 12 }, 'EUR')).toBe(12);
    expect(displayFullPrice({ price: 10 }, 'EUR')).toBe(10);
  });

  it('gives a rounded discount only when the full price is greater', () => {
    expect(discount({ price: 189.99, full_price: 229.99 }, 'USD')).toEqual({ full: 229.99, saving: 40, percent: 17 });
    expect(discount({ price: 50, full_price: 50 }, 'USD')).toBeNull();
    expect(discount({ price: 60, full_price: 50 }, 'USD')).toBeNull();
  });

  it("uses the full-price map for EUR where it differs from the base (product 15's two readings)", () => {
    const p15 = { price: 529.99, prices: { EUR: 487.99 }, full_price: 569.99, full_prices: { EUR: 589.99 } };
    expect(discount(p15, 'EUR')?.full).toBe(589.99);
    expect(discount(p15, 'USD')?.full).toBe(569.99);
  });

  it('tabulates every currency', () => {
    expect(priceTable({ price: 5, prices: { GBP: 4, EUR: 4.5, USD: 5 } })).toEqual({ GBP: 4, EUR: 4.5, USD: 5 });
  });
});
