import type { Context } from 'hono';
import type { PaidOrder } from '#shared/cart/order.ts';
import { isCurrency } from '#worker/payments/currency.ts';
import { orderPagePath } from '#worker/orders/order-number.ts';
import type { AppEnv } from '#worker/app-context.ts';
import { errorFields } from '#worker/log.ts';
import { keepAlive } from '#worker/http/keep-alive.ts';
import { orderBySession, type StoredOrder } from '#worker/orders/order-queries.ts';
import { recordSession } from '#worker/orders/record-session.ts';
import { checkoutGatewayFor } from '#worker/payments/choose-gateway.ts';

/** The order as the thank-you page shows it: its lines and totals, its status, where the confirmation goes and the order page. */
export type ShownOrder = PaidOrder & { status: StoredOrder['status']; email: string | null; pagePath: string };

function shown(order: StoredOrder): ShownOrder | null {
  if (!isCurrency(order.currency)) return null;
  return {
    number: order.number,
    status: order.status,
    email: order.email,
    pagePath: orderPagePath(order.number, order.token),
    currency: order.currency,
    lines: order.lines.map((l) => ({ productId: l.productId, name: l.name, quantity: l.quantity, amount: l.unitAmount * l.quantity })),
    shipping: order.shipping,
    total: order.total,
  };
}

/**
 * The order behind /thank-you?session_id=…, from the database (no Stripe call once the webhook has
 * landed). When the shopper is quicker than the webhook, the same fulfil function the webhook calls
 * records it first (recordSession). Null without Stripe, for an unknown or unfinished session, or when it cannot be read.
 */
export async function readPaidOrder(c: Context<AppEnv>, sessionId: string): Promise<ShownOrder | null> {
  const deps = c.get('deps');
  const { db } = deps;
  const gateway = checkoutGatewayFor(deps.settings);
  if (!gateway) return null;
  try {
    const kept = await orderBySession(db, sessionId);
    if (kept) return shown(kept);
    const recorded = await recordSession(
      { ...deps, gateway, log: c.get('log'), background: keepAlive(c) },
      sessionId,
      'checkout.session.completed',
    );
    if (!recorded) {
      c.get('log')('warn', 'thank-you session not found or not paid', { sessionId });
      return null;
    }
    const order = await orderBySession(db, sessionId);
    return order && shown(order);
  } catch (err) {
    c.get('log')('error', 'thank-you order could not be read', { sessionId, ...errorFields(err) });
    return null;
  }
}
