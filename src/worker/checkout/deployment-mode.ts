import { checkoutMode, type CheckoutMode } from '#shared/cart/checkout-mode.ts';
import type { Settings } from '#worker/base/settings.ts';
import { checkoutGatewayFor } from '#worker/payments/choose-gateway.ts';

/** The cart's checkout mode for this deployment: sessions exist only when Stripe is set up. */
export function deploymentCheckoutMode(settings: Settings, lines: ReadonlyArray<{ quantity: number }>): CheckoutMode {
  return checkoutMode(lines, checkoutGatewayFor(settings) !== null);
}
