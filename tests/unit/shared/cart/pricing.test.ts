import { describe, expect, it } from 'vitest';
import { priceCart } from '#shared/cart/pricing.ts';
import { toMinorUnits } from '#shared/money.ts';
import { cartProducts } from '#shared/cart/view.ts';
import { productById } from '../../../support/catalogue';

describe('priceCart', () => {
  const lines = cartProducts(
    [
      { id: 1, quantity: 3 },
      { id: 4, quantity: 1 },
    ],
    productById,
  );

  it.each([
    ['GBP', [14999, 8699], 53696],
    ['EUR', [17499, 10099], 62596],
    ['USD', [18999, 10999], 67996],
  ] as const)('prices every line from the catalogue in %s, in minor units', (currency, units, subtotal) => {
    const cart = priceCart(lines, currency);
    expect(cart.lines.map((l) => l.unitAmount)).toEqual(units);
    expect(cart.lines.map((l) => l.lineAmount)).toEqual([units[0] * 3, units[1]]);
    expect(cart.subtotal).toBe(subtotal);
    expect(cart.currency).toBe(currency);
  });

  it('rounds to whole minor units without floating-point drift', () => {
    expect(toMinorUnits(0.1 + 0.2)).toBe(30);
    expect(toMinorUnits(149.99)).toBe(14999);
    expect(toMinorUnits(1.005)).toBe(100);
  });

  it('falls back to the base price for a currency the item has no entry for', () => {
    expect(priceCart([{ item: { price: 10.5 }, quantity: 2 }], 'EUR').subtotal).toBe(2100);
  });
});
