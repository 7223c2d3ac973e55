import type { Context } from 'hono';
import type { PaidOrder } from '#shared/cart/order.ts';
import { isCurrency } from '#worker/payments/currency.ts';
import { orderAmounts } from '#worker/orders/order-queries.ts';
import { orderNumber, orderPagePath, sameToken } from '#worker/orders/order-number.ts';
import { buyerHash } from '#worker/checkout/buyer-hash.ts';
import { buyerNonce } from '#worker/http/buyer-nonce.ts';
import { lookupsFor } from '#worker/order-reads/session-lookups.ts';
import { senderKey } from '#worker/limits/sender-key.ts';
import type { AppEnv } from '#worker/middleware/app-context.ts';
import { errorFields } from '#worker/base/log.ts';
import { keepAlive } from '#worker/http/keep-alive.ts';
import { orderByNumber, orderBySession, type StoredOrder } from '#worker/orders/order-queries.ts';
import { recordSession } from '#worker/orders/record-session.ts';

/** The order as the thank-you page shows it: its lines and totals, its status, where the confirmation goes and the order page. */
export type ShownOrder = PaidOrder & { status: StoredOrder['status']; email: string | null; pagePath: string };

function shown(order: StoredOrder): ShownOrder | null {
  if (!isCurrency(order.currency)) return null;
  return {
    number: order.number,
    status: order.status,
    email: order.email,
    pagePath: orderPagePath(order.number, order.token),
    lines: order.lines.map((l) => ({ productId: l.productId, name: l.name, quantity: l.quantity, amount: l.unitAmount * l.quantity })),
    ...orderAmounts(order),
  };
}

/** The order, to the browser that bought it only (its nonce's hash is the order's buyer hash). */
function shownTo(buyer: string, order: StoredOrder | null): ShownOrder | null {
  return order?.buyerHash && sameToken(buyer, order.buyerHash) ? shown(order) : null;
}

/**
 * The order behind /thank-you?session_id=…, for the browser that checked out (buyer-hash.ts) and
 * nobody else: without its cookie nothing is read at all. From the database once the webhook has
 * landed; when the shopper is quicker, the same recipe the webhook runs records it (recordSession),
 * within the Stripe reads session-lookups.ts allows the visitor's address. Null for any other browser, an unknown or
 * unfinished session, without Stripe, or when it cannot be read. Logs name the order number, never
 * the session id.
 */
export async function readPaidOrder(c: Context<AppEnv>, sessionId: string): Promise<ShownOrder | null> {
  const nonce = buyerNonce(c);
  const deps = c.get('deps');
  const { gateway } = deps;
  if (!nonce || !gateway) return null;
  const buyer = await buyerHash(nonce);
  const log = c.get('log');
  try {
    const kept = await orderBySession(deps.db, sessionId);
    if (kept) return shownTo(buyer, kept);
    const lookups = lookupsFor(deps);
    if (!(await lookups.mayRead(sessionId, await senderKey(deps.settings.RATE_LIMIT_SECRET, deps.senderAddressOf(c))))) return null;
    const recorded = await recordSession({ ...deps, gateway, log, background: keepAlive(c) }, sessionId, 'checkout.session.completed');
    if (!recorded) {
      lookups.missed(sessionId);
      log('warn', 'thank-you session not found or not paid', { order: await orderNumber(sessionId) });
      return null;
    }
    return shownTo(buyer, await orderBySession(deps.db, sessionId));
  } catch (err) {
    log('error', 'thank-you order could not be read', { order: await orderNumber(sessionId), ...errorFields(err) });
    return null;
  }
}

/** /thank-you?order=… (what the address bar shows once the session id is gone): the same order, to the same browser. */
export async function readBoughtOrder(c: Context<AppEnv>, number: string): Promise<ShownOrder | null> {
  const nonce = buyerNonce(c);
  if (!nonce) return null;
  try {
    return shownTo(await buyerHash(nonce), await orderByNumber(c.get('deps').db, number));
  } catch (err) {
    c.get('log')('error', 'thank-you order could not be read', { order: number, ...errorFields(err) });
    return null;
  }
}
