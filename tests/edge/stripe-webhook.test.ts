import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { pageEvents } from '../support/html';
import { startStripeEmulator, type StripeEmulator } from '../support/stripe-emulator';
import { startPreparedTurso, type TursoEmulator } from '../support/turso-emulator';
import { startWorker, type TestWorker } from '../support/worker';
import { buyerHash } from '#worker/checkout/buyer-hash.ts';

const BUYER = 'edge-buyer-nonce-0123456789';

/** The built Worker in workerd verifies a Stripe signature with SubtleCrypto and records the order through Turso's protocol. */
const SECRET = 'whsec_edge_test';
let turso: TursoEmulator;
let stripe: StripeEmulator;
let worker: TestWorker;

beforeAll(async () => {
  [turso, stripe] = await Promise.all([startPreparedTurso(), startStripeEmulator()]);
  worker = await startWorker({
    TURSO_DATABASE_URL: turso.url,
    TURSO_AUTH_TOKEN: turso.token,
    ...stripe.env,
    STRIPE_WEBHOOK_SECRET: SECRET,
  });
});
afterAll(async () => {
  await worker?.dispose();
  await Promise.all([turso?.close(), stripe?.close()]);
});

describe('Stripe webhooks on the edge', () => {
  it('verifies a signed event and records one order, and refuses a forged one', async () => {
    const id = stripe.createSession({
      currency: 'EUR',
      lines: [{ productId: 1, name: 'G-Series Laser Training Pistol', quantity: 1, unitAmount: 17499 }],
      metadata: { buyer: await buyerHash(BUYER) },
    });
    stripe.complete(id);
    const event = stripe.signedEvent('checkout.session.completed', id, SECRET);
    const res = await worker.get('/webhooks/stripe', { method: 'POST', body: event.body, headers: event.headers });
    expect(res.status).toBe(200);
    expect(await res.json()).toMatchObject({ received: true, status: 'paid' });
    const forged = stripe.signedEvent('checkout.session.completed', id, 'whsec_not_ours');
    const refused = await worker.get('/webhooks/stripe', { method: 'POST', body: forged.body, headers: forged.headers });
    expect(refused.status).toBe(400);
    await refused.text();
    const rows = await turso.db.execute('select session_id, status, currency, total from orders');
    expect(rows.rows.map((r) => [r.session_id, r.status, r.currency, Number(r.total)])).toEqual([[id, 'paid', 'EUR', 17499]]);

    // The thank-you page shows it from the database to the browser that checked out, its purchase keyed by the order number.
    const [order] = (await turso.db.execute('select number, token from orders')).rows;
    const thanks = await worker.get(`/thank-you?session_id=${id}`, { headers: { Cookie: `cart=1:1; buyer=${BUYER}` } });
    const html = await thanks.text();
    expect(html).toContain('€174.99');
    expect(html).toContain(`href="/orders/${String(order!.number)}?token=${String(order!.token)}"`);
    expect(pageEvents(html)).toMatchObject([
      { event: 'purchase', ecommerce: { transaction_id: order!.number, value: 174.99, currency: 'EUR' } },
    ]);
    expect(thanks.headers.getSetCookie().some((c) => c.startsWith('cart=;'))).toBe(true);
    expect(thanks.headers.get('Referrer-Policy')).toBe('no-referrer');
    // Another browser: the generic thank-you.
    const elsewhere = await (await worker.get(`/thank-you?session_id=${id}`)).text();
    expect(elsewhere).toContain('Thank You for Your Order!');
    expect(elsewhere).not.toContain(String(order!.number));
    // Without Postmark on the edge the mail stays owed on the row, for the cron to send.
    const [owed] = (await turso.db.execute('select notified_at, email_attempts from orders')).rows;
    expect(owed).toMatchObject({ notified_at: null });
  });

  it('records a partial refund read from Stripe (charges and refunds through stripe-node in workerd), once', async () => {
    const id = stripe.createSession({
      currency: 'GBP',
      lines: [{ productId: 2, name: 'AR-Style Laser Training Rifle', quantity: 1, unitAmount: 35499 }],
    });
    stripe.complete(id);
    const refund = stripe.refund(id, 5000);
    // The refund first: the order is recorded from its session, found by the payment intent.
    const event = stripe.signedObjectEvent('refund.updated', refund, SECRET);
    const answers = await Promise.all(
      [1, 2].map(() => worker.get('/webhooks/stripe', { method: 'POST', body: event.body, headers: event.headers })),
    );
    expect(await Promise.all(answers.map((a) => a.json()))).toEqual([
      expect.objectContaining({ received: true }),
      expect.objectContaining({ received: true }),
    ]);
    const [order] = (await turso.db.execute({ sql: 'select id, status, refunded from orders where session_id = ?', args: [id] })).rows;
    expect({ status: order!.status, refunded: Number(order!.refunded) }).toEqual({ status: 'partially_refunded', refunded: 5000 });
    const steps = await turso.db.execute({
      sql: 'select step from order_events where order_id = ? order by at',
      args: [Number(order!.id)],
    });
    expect(steps.rows.map((r) => r.step)).toEqual(['paid', `refund:${refund.id}`]);
    const mails = await turso.db.execute({ sql: 'select kind from order_mails where order_id = ?', args: [Number(order!.id)] });
    expect(mails.rows.map((r) => r.kind)).toEqual(['refund_issued']);
  });
});
