import { describe, expect, it } from 'vitest';
import { availableOf, shortLines, stockLevel, unitsLeftText } from '#shared/catalogue/stock-level.ts';

describe('stockLevel', () => {
  it('is Out of Stock at 0 (or below: an oversold product), Low Stock up to the threshold, In Stock above', () => {
    expect([-2, 0, 1, 5, 6, 25].map((n) => stockLevel(n, 5))).toEqual([
      'Out of Stock',
      'Out of Stock',
      'Low Stock',
      'Low Stock',
      'In Stock',
      'In Stock',
    ]);
    expect(stockLevel(1, 0)).toBe('In Stock');
  });

  it('says how many are left only for a low count', () => {
    expect([undefined, 0, 1, 3, 5, 6].map((n) => unitsLeftText(n, 5))).toEqual([
      null,
      null,
      '1 in stock',
      '3 in stock',
      '5 in stock',
      null,
    ]);
  });
});

describe('reservation arithmetic', () => {
  it('takes held units off on hand, never below 0', () => {
    expect(availableOf({ productId: 1, onHand: 3, reserved: 1 })).toBe(2);
    expect(availableOf({ productId: 1, onHand: 3, reserved: 3 })).toBe(0);
    expect(availableOf({ productId: 1, onHand: -2, reserved: 0 })).toBe(0);
  });

  it('names the lines that ask for more than is left; a product without a count has none', () => {
    const counts = [
      { productId: 1, onHand: 3, reserved: 1 },
      { productId: 2, onHand: 10, reserved: 0 },
    ];
    expect(
      shortLines(
        [
          { id: 1, quantity: 3 },
          { id: 2, quantity: 10 },
          { id: 9, quantity: 1 },
        ],
        counts,
      ),
    ).toEqual([
      { productId: 1, wanted: 3, available: 2 },
      { productId: 9, wanted: 1, available: 0 },
    ]);
  });
});
