import type { Context } from 'hono';
import type { PaidOrder } from '#shared/cart/order.ts';
import type { AppEnv } from '#worker/app-context.ts';
import { errorFields } from '#worker/log.ts';
import { checkoutGatewayFor } from '#worker/payments/choose-gateway.ts';

/**
 * The paid checkout session behind /thank-you?session_id=…, when Stripe is set up. A session that
 * cannot be read (unknown, unpaid, Stripe failing) gives null: the page keeps its plain summary.
 */
export async function readPaidOrder(c: Context<AppEnv>, sessionId: string): Promise<PaidOrder | null> {
  const gateway = checkoutGatewayFor(c.get('deps').settings);
  if (!gateway) return null;
  try {
    const order = await gateway.readCompletedSession(sessionId);
    if (!order) c.get('log')('warn', 'thank-you session not found or not paid', { sessionId });
    return order;
  } catch (err) {
    c.get('log')('error', 'thank-you session could not be read', { sessionId, ...errorFields(err) });
    return null;
  }
}
