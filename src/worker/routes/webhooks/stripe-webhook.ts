import type { Context } from 'hono';
import { Stripe } from 'stripe';
import { isOrderEvent, isPaymentEvent } from '#worker/payments/stripe-events.ts';
import { recordPaymentEvent } from '#worker/refunds/payment-events.ts';
import type { AppEnv } from '#worker/middleware/app-context.ts';
import { errorFields } from '#worker/base/log.ts';
import { keepAlive } from '#worker/http/keep-alive.ts';
import { recordSession } from '#worker/orders/record-session.ts';
import { releaseExpired } from '#worker/stock/release-expired.ts';
import { oweRecovery } from '#worker/recovery/checkout-recovery.ts';
import { referralsOnPaid, referralsOnRefunded } from '#worker/referrals/referral-program.ts';
import { orderNumber } from '#worker/orders/order-number.ts';

/** Stripe's default: a signature older than this is refused (a replay of a captured request). */
export const SIGNATURE_TOLERANCE_SECONDS = 300;

const crypto = Stripe.createSubtleCryptoProvider();
/** The events that may leave an order refunded in full. */
const REFUND_EVENTS = new Set(['charge.refunded', 'refund.updated']);

/**
 * POST /webhooks/stripe: Stripe's word on a Checkout Session, believed only once its signature is
 * verified with the official package (the same code in workerd). Answers 2xx only once the order is
 * written: a database that fails gets a 5xx, so Stripe delivers again. What the session holds is read
 * from Stripe's API, never from the request.
 */
export async function stripeWebhook(c: Context<AppEnv>) {
  const deps = c.get('deps');
  const { settings, gateway } = deps;
  const log = c.get('log');
  if (!settings.STRIPE_WEBHOOK_SECRET || !gateway) {
    log('warn', 'stripe webhook not configured', {
      missing: !settings.STRIPE_WEBHOOK_SECRET ? 'STRIPE_WEBHOOK_SECRET' : 'STRIPE_SECRET_KEY',
    });
    return c.json({ error: 'not found' }, 404);
  }
  const body = await c.req.text();
  let event: Stripe.Event;
  try {
    event = await Stripe.webhooks.constructEventAsync(
      body,
      c.req.header('stripe-signature') ?? '',
      settings.STRIPE_WEBHOOK_SECRET,
      SIGNATURE_TOLERANCE_SECONDS,
      crypto,
    );
  } catch (err) {
    log('warn', 'stripe webhook refused', { reason: err instanceof Error ? err.message : String(err) });
    return c.json({ error: 'bad signature or body' }, 400);
  }
  const object = event.data.object as { id?: unknown; object?: unknown };
  const recordDeps = { ...deps, gateway, log, background: keepAlive(c) };
  if (isPaymentEvent(event.type)) {
    if (typeof object.id !== 'string') return c.json({ error: 'no object id' }, 400);
    try {
      // The charge, refund or dispute is read from Stripe by its id: the body is not believed beyond it.
      const recorded = await recordPaymentEvent(recordDeps, event.type, { id: object.id });
      // Refunded in full: a referrer's unused reward for this order is switched off (idempotent; Stripe
      // down is a 503, and the event comes again).
      if (recorded && REFUND_EVENTS.has(event.type)) await referralsOnRefunded(recordDeps, recorded.number);
      log('info', recorded ? 'payment event recorded' : 'payment event for no order of the shop', {
        eventId: event.id,
        type: event.type,
        ...recorded,
      });
      return c.json({ received: true, order: recorded?.number ?? null, step: recorded?.step ?? null });
    } catch (err) {
      log('error', 'stripe webhook failed', { eventId: event.id, type: event.type, ...errorFields(err) });
      return c.json({ error: 'try again' }, 503);
    }
  }
  if (!isOrderEvent(event.type)) return c.json({ received: true, ignored: event.type });
  if (object.object !== 'checkout.session' || typeof object.id !== 'string') {
    log('warn', 'stripe webhook refused', { reason: 'not a checkout session', eventId: event.id });
    return c.json({ error: 'not a checkout session' }, 400);
  }
  // Logs name the order number (derived from the session id), never the id itself.
  const number = await orderNumber(object.id);
  try {
    if (event.type === 'checkout.session.expired') {
      // Read from Stripe (the body is not believed): its hold is let go, and a reminder owed if the shopper agreed to one.
      const session = await gateway.readSession(object.id);
      const released = await releaseExpired(recordDeps, session);
      const reminded = session ? await oweRecovery(recordDeps, session) : false;
      log('info', 'checkout session expired', { order: number, eventId: event.id, released, reminded });
      return c.json({ received: true, released, reminded });
    }
    // The answer does not wait for Postmark: Stripe wants a quick 2xx, and unsent mail stays owed.
    const recorded = await recordSession(recordDeps, object.id, event.type);
    if (!recorded) {
      log('warn', 'stripe webhook for a session that is not complete', { order: number, eventId: event.id, type: event.type });
      return c.json({ received: true });
    }
    const { order } = recorded;
    // Refer a Friend: the buyer's code made at Stripe, and a referrer rewarded (after the answer; idempotent).
    if (order.status === 'paid') keepAlive(c)(referralsOnPaid(recordDeps, order.number));
    log('info', 'order recorded', { eventId: event.id, type: event.type, ...order });
    return c.json({ received: true, order: order.number, status: order.status });
  } catch (err) {
    // Stripe retries a 5xx for days: nothing is lost while the database or Stripe's API is down.
    log('error', 'stripe webhook failed', { eventId: event.id, order: number, ...errorFields(err) });
    return c.json({ error: 'try again' }, 503);
  }
}
