import { describe, expect, it } from 'vitest';
import {
  addToCart,
  fullFor,
  withoutBought,
  itemCount,
  MAX_LINES,
  parseCart,
  parseQuantity,
  removeFromCart,
  serializeCart,
  setQuantity,
} from '#shared/cart/cart.ts';

describe('parseCart', () => {
  it('reads id:quantity entries joined by |, and writes them back the same', () => {
    const { lines, dropped } = parseCart('1:2|3:1');
    expect(lines).toEqual([
      { id: 1, quantity: 2 },
      { id: 3, quantity: 1 },
    ]);
    expect(dropped).toEqual([]);
    expect(serializeCart(lines)).toBe('1:2|3:1');
  });

  it('gives an empty cart for no cookie', () => {
    expect(parseCart(undefined)).toEqual({ lines: [], dropped: [] });
    expect(parseCart('')).toEqual({ lines: [], dropped: [] });
  });

  it('drops entries that do not parse and quantities out of 1-10, naming each', () => {
    const { lines, dropped } = parseCart('1:0|2:11|x:1|3:-1|4:1.5|{"a":1}|5:10');
    expect(lines).toEqual([{ id: 5, quantity: 10 }]);
    expect(dropped).toHaveLength(6);
    expect(dropped[0]).toContain('1:0');
  });

  it('merges a repeated id, clamped to 10', () => {
    expect(parseCart('1:6|1:6').lines).toEqual([{ id: 1, quantity: 10 }]);
  });

  it('refuses a value longer than any real cart and more lines than the catalogue has', () => {
    expect(parseCart('1:1|'.repeat(60)).dropped[0]).toContain('too long');
    const many = Array.from({ length: MAX_LINES + 1 }, (_, i) => `${i + 1}:1`).join('|');
    const { lines, dropped } = parseCart(many);
    expect(lines).toHaveLength(MAX_LINES);
    expect(dropped).toEqual([`too many lines: ${MAX_LINES + 1}:1`]);
  });
});

describe('cart changes', () => {
  it('adds a new product at the end and merges into an existing line, never past 10', () => {
    let lines = addToCart([], 3, 1);
    lines = addToCart(lines, 1, 2);
    lines = addToCart(lines, 3, 9);
    expect(lines).toEqual([
      { id: 3, quantity: 10 },
      { id: 1, quantity: 2 },
    ]);
    expect(itemCount(lines)).toBe(12);
  });

  it('says when an add would change nothing: a line at 10, or a new product with the cart at its most lines', () => {
    const lines = [
      { id: 1, quantity: 10 },
      { id: 2, quantity: 9 },
    ];
    expect(fullFor(lines, 1)).toBe('line');
    expect(fullFor(lines, 2)).toBeNull(); // 9 + 5 clamps to 10: still an add
    expect(fullFor(lines, 3)).toBeNull();
    const most = Array.from({ length: MAX_LINES }, (_, i) => ({ id: i + 1, quantity: 1 }));
    expect(fullFor(most, MAX_LINES + 1)).toBe('cart');
    expect(fullFor(most, 1)).toBeNull();
    expect(addToCart(most, MAX_LINES + 1, 1)).toEqual(most);
  });

  it('sets a quantity within 1-10 and removes a line', () => {
    const lines = [
      { id: 1, quantity: 2 },
      { id: 2, quantity: 1 },
    ];
    expect(setQuantity(lines, 1, 0)).toEqual([
      { id: 1, quantity: 1 },
      { id: 2, quantity: 1 },
    ]);
    expect(setQuantity(lines, 2, 99)[1]).toEqual({ id: 2, quantity: 10 });
    expect(setQuantity(lines, 7, 3)).toEqual(lines);
    expect(removeFromCart(lines, 1)).toEqual([{ id: 2, quantity: 1 }]);
  });

  it('reads a form quantity: whole numbers clamped, junk refused', () => {
    expect(parseQuantity('3')).toBe(3);
    expect(parseQuantity('50')).toBe(10);
    expect(parseQuantity('0')).toBe(1);
    expect(parseQuantity('2.7')).toBe(2);
    expect(parseQuantity('')).toBeNull();
    expect(parseQuantity('many')).toBeNull();
    expect(parseQuantity(undefined)).toBeNull();
  });
});

describe('withoutBought', () => {
  it('takes what an order bought off the cart and keeps what was added since', () => {
    const cart = [
      { id: 1, quantity: 3 },
      { id: 10, quantity: 1 },
      { id: 4, quantity: 2 },
    ];
    const bought = [
      { productId: 1, quantity: 2 },
      { productId: 10, quantity: 1 },
      { productId: null, quantity: 1 },
    ];
    expect(withoutBought(cart, bought)).toEqual([
      { id: 1, quantity: 1 },
      { id: 4, quantity: 2 },
    ]);
    expect(withoutBought([{ id: 1, quantity: 2 }], [{ productId: 1, quantity: 5 }])).toEqual([]);
  });
});
