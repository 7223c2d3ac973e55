import { eq } from 'drizzle-orm';
import { orderNumber } from './order-number.ts';
import type { StripeEventHandler } from '#worker/payments/stripe-event-handlers.ts';
import type { OrderMailDeps } from './order-deps.ts';
import type { CheckoutGateway, SessionRecord } from '#worker/payments/checkout-gateway.ts';
import type { Logger } from '#worker/base/log.ts';
import { fulfil, type Fulfilled } from './fulfil.ts';
import { orders } from './order-tables.ts';
import { mailNewOrder, orderMailLeaseUntil, sendOrderStepMails } from './order-mail.ts';
import { statusFor, type OrderEventType } from '#worker/payments/stripe-events.ts';
import { stockChanged } from '#worker/stock/stock-changed.ts';
import type { ChangeFeed } from '#worker/base/change-feed-contract.ts';
import { productIdByPaymentLink } from '#worker/products/product-queries.ts';

const soldProducts = (session: SessionRecord) => session.lines.flatMap((line) => (line.productId === null ? [] : [line.productId]));

/**
 * A payment link's sale names the link, not our product: the product the owner made in Stripe's
 * Dashboard carries no metadata of ours. The link's URL (read from Stripe by its id) finds the
 * product whose file names it, and a one-line sale is that product's. A line that cannot be placed
 * stays without a product, loudly: logged here, and named first in the shop's "New order" mail
 * (stock cannot move for it).
 */
async function placeLinkSale(deps: RecordDeps, session: SessionRecord): Promise<SessionRecord> {
  if (!session.paymentLink || session.lines.every((line) => line.productId !== null)) return session;
  const url = await deps.gateway.readPaymentLinkUrl(session.paymentLink);
  const productId = url && session.lines.length === 1 ? await productIdByPaymentLink(deps.db, url) : null;
  if (productId === null) {
    deps.log('error', 'payment link sale not matched to a product: stock not moved', {
      paymentLink: session.paymentLink,
      url,
      lines: session.lines.length,
    });
    return session;
  }
  return { ...session, lines: session.lines.map((line) => ({ ...line, productId })) };
}

export interface RecordDeps extends OrderMailDeps {
  /** Where a sale's stock change is told, so the product's pages show it. */
  changes: ChangeFeed;
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
  /** The session as the webhook's handlers read it already (once for all of them); read here otherwise. */
  known?: () => Promise<SessionRecord | null>,
): Promise<{ session: SessionRecord; order: Fulfilled } | null> {
  const read = await (known ? known() : deps.gateway.readSession(sessionId));
  const status = read?.status === 'complete' ? statusFor(event, read.paymentStatus) : null;
  // An exchange's difference (returns/exchanges.ts) is paid through a session of its own: never an order.
  if (!read || !status || read.metadata.exchange) return null;
  const session = await placeLinkSale(deps, read);
  const order = await fulfil(deps.db, session, status, orderMailLeaseUntil(deps));
  if (order.created) deps.background(mailNewOrder(deps, deps.log, order.number));
  // A delayed payment that went through owes "Payment confirmed" (written in fulfil's batch).
  else if (order.changed && order.status === 'paid' && order.id !== null) deps.background(sendOrderStepMails(deps, deps.log, order.id));
  // A sale (or a failed one given back) may have emptied or refilled a product: its payment links follow.
  if (order.changed) deps.background(stockChanged(deps, soldProducts(session)));
  return { session, order };
}

/** A Checkout Session completed, or its delayed payment settled: the order recorded (the answer does not wait for its mail). */
export const orderEventHandler: StripeEventHandler<RecordDeps> = async (deps, { event, objectId, session }, sofar) => {
  // A session another feature made (an exchange's difference) is not an order.
  if (sofar.exchange) return {};
  // Logs name the order number (derived from the session id), never the id itself.
  const number = await orderNumber(objectId);
  const recorded = await recordSession(deps, objectId, event.type as OrderEventType, session);
  if (!recorded) {
    deps.log('warn', 'stripe webhook for a session that is not complete', { order: number, eventId: event.id, type: event.type });
    return {};
  }
  deps.log('info', 'order recorded', { eventId: event.id, type: event.type, ...recorded.order });
  return { order: recorded.order.number, status: recorded.order.status };
};

const paymentOrderColumns = { id: orders.id, number: orders.number, total: orders.total, currency: orders.currency };
/** An order as a payment event names it: its id, number, total and currency. */
export type OrderOfPayment = { id: number; number: string; total: number; currency: string };

/**
 * The order that took this payment intent. A refund or dispute may come before the session's
 * completed event (Stripe does not promise their order): then the session is found by its payment
 * intent and recorded first, as completed would have. Null when no session of the shop took it.
 */
export async function orderOfPayment(deps: RecordDeps, paymentIntent: string): Promise<OrderOfPayment | undefined> {
  const find = async () =>
    (await deps.db.select(paymentOrderColumns).from(orders).where(eq(orders.paymentIntent, paymentIntent)).limit(1))[0];
  const known = await find();
  if (known) return known;
  const sessionId = await deps.gateway.findSessionByPaymentIntent(paymentIntent);
  if (!sessionId) return undefined;
  await recordSession(deps, sessionId, 'checkout.session.completed');
  return find();
}
