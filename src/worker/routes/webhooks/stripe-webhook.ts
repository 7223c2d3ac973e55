import type { Context } from 'hono';
import type { AppEnv } from '#worker/middleware/app-context.ts';
import { errorFields } from '#worker/base/log.ts';
import { keepAlive } from '#worker/http/keep-alive.ts';
import { orderNumber } from '#worker/orders/order-number.ts';
import { handleStripeEvent } from '#worker/payments/stripe-event-handlers.ts';
import { isOrderEvent } from '#worker/payments/stripe-events.ts';
import { verifyStripeEvent } from '#worker/payments/stripe-event-verify.ts';
import { stripeEventHandlers } from '#worker/wiring/stripe-event-wiring.ts';

/**
 * POST /webhooks/stripe: an event is verified (payments/), then handed to the features that
 * registered for it (wiring/stripe-event-wiring.ts). Answers 2xx only once they did their part: a
 * database or Stripe that fails gets a 503, so Stripe delivers again (for days: nothing is lost).
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
  const verified = await verifyStripeEvent(await c.req.text(), c.req.header('stripe-signature') ?? '', settings.STRIPE_WEBHOOK_SECRET);
  if ('refused' in verified) {
    log('warn', 'stripe webhook refused', { reason: verified.refused });
    return c.json({ error: 'bad signature or body' }, 400);
  }
  const { event } = verified;
  try {
    const { status, answer } = await handleStripeEvent(stripeEventHandlers, { ...deps, gateway, log, background: keepAlive(c) }, event);
    if (status === 400) log('warn', 'stripe webhook refused', { reason: answer.error, eventId: event.id });
    return c.json(answer, status);
  } catch (err) {
    // Logs name an order by its number (derived from the session id), never the id itself.
    const id = event.object.id;
    const order = isOrderEvent(event.type) && typeof id === 'string' ? await orderNumber(id) : undefined;
    log('error', 'stripe webhook failed', { eventId: event.id, type: event.type, order, ...errorFields(err) });
    return c.json({ error: 'try again' }, 503);
  }
}
