/**
 * What the cart's Checkout does, decided on the server and shown by the cart island:
 * - 'payment-link': one item, quantity 1, goes to its payment link exactly as Buy Now does;
 * - 'session': more than that, in one Stripe Checkout Session priced on the server (Stripe set up);
 * - 'per-line': more than that without Stripe: each line has its own Buy Now, there is no single payment.
 */
export type CheckoutMode = 'payment-link' | 'session' | 'per-line';

export function checkoutMode(lines: ReadonlyArray<{ quantity: number }>, sessionsOn: boolean): CheckoutMode {
  if (lines.length === 1 && lines[0]!.quantity === 1) return 'payment-link';
  return sessionsOn ? 'session' : 'per-line';
}
