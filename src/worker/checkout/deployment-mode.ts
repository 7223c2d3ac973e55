import { checkoutMode, type CheckoutMode } from '#shared/cart/checkout-mode.ts';
import type { CheckoutGateway } from '#worker/payments/checkout-gateway.ts';

/** The cart's checkout mode for this deployment: sessions exist only when Stripe is set up. */
export function deploymentCheckoutMode(gateway: CheckoutGateway | null, lines: ReadonlyArray<{ quantity: number }>): CheckoutMode {
  return checkoutMode(lines, gateway !== null);
}
