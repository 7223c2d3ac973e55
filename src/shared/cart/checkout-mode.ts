/**
 * What the cart's Checkout does, decided on the server and shown by the cart island:
 * - 'session': with Stripe set up, every cart (one item too) goes through one Checkout Session priced
 *   on the server, because only a session can hold the units it sells (a reservation) while the
 *   shopper pays;
 * - 'payment-link': without Stripe, one item, quantity 1, goes to its payment link exactly as Buy Now does;
 * - 'per-line': without Stripe, more than that: each line has its own Buy Now, there is no single payment.
 */
export type CheckoutMode = 'payment-link' | 'session' | 'per-line';

export function checkoutMode(lines: ReadonlyArray<{ quantity: number }>, sessionsOn: boolean): CheckoutMode {
  if (sessionsOn) return 'session';
  return lines.length === 1 && lines[0]!.quantity === 1 ? 'payment-link' : 'per-line';
}
