import type { Settings } from '#worker/base/settings.ts';
import type { CheckoutGateway } from './checkout-gateway.ts';
import { stripeGateway } from './stripe-gateway.ts';

const gateways = new WeakMap<Settings, CheckoutGateway>();

/** The cart's checkout when the operator set STRIPE_SECRET_KEY, else null (lines are paid one by one). One client per settings. */
export function checkoutGatewayFor(settings: Settings): CheckoutGateway | null {
  if (!settings.STRIPE_SECRET_KEY) return null;
  let gateway = gateways.get(settings);
  if (!gateway) {
    gateway = stripeGateway(settings.STRIPE_SECRET_KEY, settings.STRIPE_API_URL);
    gateways.set(settings, gateway);
  }
  return gateway;
}
