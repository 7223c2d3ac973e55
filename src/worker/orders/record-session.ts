import type { CheckoutGateway, SessionRecord } from '#worker/payments/checkout-gateway.ts';
import type { Logger } from '#worker/base/log.ts';
import type { MailDeps } from '#worker/mail/send-owed.ts';
import { fulfil, type Fulfilled } from './fulfil';
import { release } from '#worker/stock/reserve.ts';
import { mailNewOrder, orderMailLeaseUntil } from './order-mail';
import { sendOrderStepMails } from './order-step-mail';
import { statusFor, type OrderEventType } from '#worker/payments/stripe-events.ts';
import { syncPaymentLinks } from '#worker/stock/payment-link-switch.ts';

const soldProducts = (session: SessionRecord) => session.lines.flatMap((line) => (line.productId === null ? [] : [line.productId]));

/**
 * A Checkout Session that expired unpaid: the units it held are let go (its reservation, named in the
 * metadata as read from Stripe), and the products' payment links follow. Nothing when it was not ours.
 */
export async function releaseExpired(deps: RecordDeps, sessionId: string): Promise<number[]> {
  const session = await deps.gateway.readSession(sessionId);
  const reservation = session?.status === 'expired' ? session.metadata.reservation : undefined;
  if (!reservation) return [];
  const products = await release(deps.db, reservation);
  if (products.length > 0) deps.background(syncPaymentLinks(deps, products));
  return products;
}

export interface RecordDeps extends MailDeps {
  gateway: CheckoutGateway;
  log: Logger;
  /** Where the new order's mail is sent from once the answer is on its way (the Worker's waitUntil). */
  background: (work: Promise<unknown>) => void;
}

/**
 * The order recipe, one for the webhook and the thank-you page: read the session from Stripe (never
 * from a request), work out the status the event asks for, record it (fulfil: idempotent by session
 * id), and send a new order's mail in the background; unsent mail stays owed. Null when the session
 * is unknown or not complete, or the event makes no order. Throws when Stripe or the database fails.
 */
export async function recordSession(
  deps: RecordDeps,
  sessionId: string,
  event: OrderEventType,
): Promise<{ session: SessionRecord; order: Fulfilled } | null> {
  const session = await deps.gateway.readSession(sessionId);
  const status = session?.status === 'complete' ? statusFor(event, session.paymentStatus) : null;
  if (!session || !status) return null;
  const order = await fulfil(deps.db, session, status, orderMailLeaseUntil(deps));
  if (order.created) deps.background(mailNewOrder(deps, deps.log, order.number));
  // A delayed payment that went through owes "Payment confirmed" (written in fulfil's batch).
  else if (order.changed && order.status === 'paid' && order.id !== null) deps.background(sendOrderStepMails(deps, deps.log, order.id));
  // A sale (or a failed one given back) may have emptied or refilled a product: its payment links follow.
  if (order.changed) deps.background(syncPaymentLinks(deps, soldProducts(session)));
  return { session, order };
}
