import { and, eq } from 'drizzle-orm';
import { expect } from 'vitest';
import { orderEvents, orders } from '#worker/orders/order-tables.ts';
import { formToken } from './html';
import type { PaymentsApp } from './payments-app';
import type { shopper } from './shopper';

/** An order line as Stripe's session carries it. */
export type Line = { productId: number; name: string; quantity: number; unitAmount: number };
type Event = { body: string; headers: Record<string, string> };

const PISTOL: Line = { productId: 1, name: 'G-Series Laser Training Pistol', quantity: 1, unitAmount: 14999 };

/** A signed Stripe event posted to the app's webhook endpoint, as Stripe delivers it. */
export const deliver = (running: PaymentsApp, event: Event) =>
  fetch(`${running.app.url}/webhooks/stripe`, { method: 'POST', body: event.body, headers: event.headers });

/**
 * A UK order in GBP (one G-Series pistol and £4.99 standard delivery unless told; another market's
 * currency and region when told) paid at the Stripe
 * emulation and recorded by its signed checkout.session.completed: the order row and its session.
 */
export async function placePaidOrder(
  running: PaymentsApp,
  opts: { lines?: Line[]; shipping?: number; email?: string; currency?: 'GBP' | 'EUR' | 'USD'; region?: 'UK' | 'EU' | 'US' } = {},
) {
  const session = running.stripe.createSession({
    currency: opts.currency ?? 'GBP',
    lines: opts.lines ?? [PISTOL],
    shipping: { label: 'Standard delivery', amount: opts.shipping ?? 499 },
    metadata: { region: opts.region ?? 'UK' },
    ...(opts.email && { email: opts.email }),
  });
  running.stripe.complete(session);
  expect((await deliver(running, running.stripe.signedEvent('checkout.session.completed', session, running.secret))).status).toBe(200);
  const [order] = await running.app.deps.db.select().from(orders).where(eq(orders.sessionId, session));
  return { order: order!, session };
}

/** The owner ships `order` from the back office (`office`: a signed-in browser); its shipped step is dated `daysAgo` days back. */
export async function shipOrder(
  running: PaymentsApp,
  office: ReturnType<typeof shopper>,
  order: { id: number; number: string },
  daysAgo: number,
) {
  const shipped = await office.post(`/admin/orders/${order.number}/ship`, {
    form_token: formToken(),
    carrier: 'royal-mail',
    tracking: 'AB123456789GB',
  });
  expect(shipped.res.status).toBe(303);
  // The step as if written then: its day, and the day the parcel was expected by, moved back alike.
  const back = daysAgo * 86_400_000;
  const where = and(eq(orderEvents.orderId, order.id), eq(orderEvents.step, 'shipped'));
  const [step] = await running.app.deps.db.select({ detail: orderEvents.detail }).from(orderEvents).where(where);
  const expected = step?.detail?.expected && new Date(Date.parse(step.detail.expected) - back).toISOString();
  await running.app.deps.db
    .update(orderEvents)
    .set({ at: new Date(Date.now() - back).toISOString(), ...(expected && { detail: { ...step!.detail, expected } }) })
    .where(where);
}
