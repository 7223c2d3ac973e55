import type { Context } from 'hono';
import { checkoutMode, type CheckoutMode } from '#shared/cart/checkout-mode.ts';
import type { AppEnv } from '#worker/app-context.ts';
import { checkoutGatewayFor } from '#worker/payments/choose-gateway.ts';

/** The cart's checkout mode for this deployment: sessions exist only when Stripe is set up. */
export function cartCheckoutMode(c: Context<AppEnv>, lines: ReadonlyArray<{ quantity: number }>): CheckoutMode {
  return checkoutMode(lines, checkoutGatewayFor(c.get('deps').settings) !== null);
}
