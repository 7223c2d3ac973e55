import { describe, expect, it } from 'vitest';
import { checkoutMode } from '#shared/cart/checkout-mode.ts';

describe('checkoutMode', () => {
  it('pays every cart in one session when Stripe is set up, a single item too (only a session holds stock)', () => {
    for (const lines of [[{ quantity: 1 }], [{ quantity: 2 }], [{ quantity: 1 }, { quantity: 1 }], [{ quantity: 3 }, { quantity: 1 }]]) {
      expect(checkoutMode(lines, true)).toBe('session');
    }
  });

  it('without Stripe sends one item of quantity 1 to its payment link, more line by line', () => {
    expect(checkoutMode([{ quantity: 1 }], false)).toBe('payment-link');
    for (const lines of [[{ quantity: 2 }], [{ quantity: 1 }, { quantity: 1 }]]) expect(checkoutMode(lines, false)).toBe('per-line');
  });
});
