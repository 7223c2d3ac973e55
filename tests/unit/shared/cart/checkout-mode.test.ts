import { describe, expect, it } from 'vitest';
import { checkoutMode } from '#shared/cart/checkout-mode.ts';

describe('checkoutMode', () => {
  it('sends one item of quantity 1 to its payment link, with or without Stripe', () => {
    expect(checkoutMode([{ quantity: 1 }], true)).toBe('payment-link');
    expect(checkoutMode([{ quantity: 1 }], false)).toBe('payment-link');
  });

  it('pays more than one item in one session when Stripe is set up, line by line without it', () => {
    for (const lines of [[{ quantity: 2 }], [{ quantity: 1 }, { quantity: 1 }], [{ quantity: 3 }, { quantity: 1 }]]) {
      expect(checkoutMode(lines, true)).toBe('session');
      expect(checkoutMode(lines, false)).toBe('per-line');
    }
  });
});
