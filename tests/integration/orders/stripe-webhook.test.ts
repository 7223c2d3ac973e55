import { eq, sql } from 'drizzle-orm';
import * as fc from 'fast-check';
import { afterAll, beforeAll, beforeEach, describe, expect, it, vi } from 'vitest';
import { ORDER_NUMBER, orderNumber } from '#worker/orders/order-number.ts';
import { orderEvents, orderLines, orderMails as orderMailRows, orders } from '#worker/orders/order-tables.ts';
import { rateHits } from '#worker/limits/limit-tables.ts';
import { stockMoves } from '#worker/stock/stock-tables.ts';
import { keptLog, startTestApp, type TestApp } from '../../support/test-app';
import { startPaymentsApp, type PaymentsApp } from '../../support/payments-app';
import type { StripeEmulator } from '../../support/stripe-emulator';
import type { PostmarkEmulator } from '../../support/postmark-emulator';
import { productById } from '../../support/catalogue';
import { mainOf, textOf } from '../../support/html';
import { retryOwedMail } from '#worker/jobs/retry-owed-mail.ts';
import { orderMail } from '#worker/orders/order-mail.ts';
import { buyerHash } from '#worker/checkout/buyer-hash.ts';
import { THANK_YOU_READS } from '#worker/order-reads/session-lookups.ts';

/**
 * POST /webhooks/stripe on the Node runtime over HTTP, with the Stripe emulation serving the sessions
 * and signing events as Stripe does. Orders land in the real libSQL file.
 */
const SECRET = 'whsec_test_emulated';
/** The browser that checked out: its cookie's nonce, whose hash the cart's checkout puts in the session. */
const BUYER = 'n0nce-of-the-buying-browser-42';
const BUYER_HASH = await buyerHash(BUYER);
const asBuyer = (cart?: string) => ({ Cookie: [`buyer=${BUYER}`, ...(cart ? [`cart=${cart}`] : [])].join('; ') });
const thankYou = (query: string, headers: Record<string, string> = asBuyer()) => fetch(`${t.url}/thank-you${query}`, { headers });
let stripe: StripeEmulator;
let postmark: PostmarkEmulator;
let t: TestApp;
const { log, lines: logs } = keptLog();

const post = (body: string, headers: Record<string, string>) => fetch(`${t.url}/webhooks/stripe`, { method: 'POST', body, headers });
const deliver = (type: string, sessionId: string, at?: number) => {
  const event = stripe.signedEvent(type, sessionId, SECRET, at);
  return post(event.body, event.headers);
};
const count = async (table: typeof orders | typeof orderLines | typeof orderEvents) =>
  (await t.deps.db.select({ n: sql<number>`count(*)` }).from(table))[0]!.n;

function twoLineGbpSession() {
  return stripe.createSession({
    currency: 'GBP',
    lines: [
      { productId: 1, name: 'G-Series Laser Training Pistol', quantity: 2, unitAmount: 14999 },
      { productId: 10, name: 'Training Knife', quantity: 1, unitAmount: 3499 },
    ],
    shipping: { label: 'Standard delivery (UK)', amount: 0 },
    metadata: { region: 'UK', utm_source: 'newsletter', buyer: BUYER_HASH },
  });
}

/** An hour on: past the first back-off. */
const later = () => new Date(Date.now() + 60 * 60 * 1000);

type Mail = { To: string; Subject: string; TextBody: string; ReplyTo?: string };

/** The mails Postmark accepted for the one order there is, once two have arrived (they go after the webhook's answer). */
const orderMails = async () => {
  const [order] = await t.deps.db.select().from(orders);
  const mine = () => postmark.accepted.map((m) => m.body as Mail).filter((m) => m.Subject.includes(order!.number));
  await vi.waitFor(() => expect(mine().length).toBeGreaterThanOrEqual(2), { timeout: 5000 });
  // A third would have to be a duplicate: give it the time to show up.
  await new Promise((r) => setTimeout(r, 150));
  return mine();
};

let running: PaymentsApp;
beforeAll(async () => {
  running = await startPaymentsApp(SECRET, log);
  ({ stripe, postmark, app: t } = running);
});
afterAll(() => running.close());
beforeEach(async () => {
  await t.deps.db.batch([
    t.deps.db.delete(orderMailRows),
    t.deps.db.delete(orderEvents),
    t.deps.db.delete(orderLines),
    t.deps.db.delete(orders),
  ]);
  postmark.state.mode = 'accept';
  postmark.received.length = 0;
  postmark.accepted.length = 0;
});

describe('a paid checkout', () => {
  it('becomes one order with its lines, totals, address and campaign, read from the API', async () => {
    const id = twoLineGbpSession();
    stripe.complete(id);
    const res = await deliver('checkout.session.completed', id);
    expect(res.status).toBe(200);
    const [order] = await t.deps.db.select().from(orders).where(eq(orders.sessionId, id));
    expect(order).toMatchObject({
      status: 'paid',
      currency: 'GBP',
      subtotal: 33497,
      shipping: 0,
      total: 33497,
      email: 'shopper@example.com',
      name: 'Sam Shopper',
      shippingOption: 'Standard delivery (UK)',
      region: 'UK',
      campaign: { utm_source: 'newsletter' },
    });
    expect(order!.number).toMatch(ORDER_NUMBER);
    expect(order!.shippingAddress).toMatchObject({ line1: '1 Range Road', city: 'Leeds', country: 'GB' });
    expect(order!.token).toMatch(/^[\w-]{22}$/);
    const lines = await t.deps.db.select().from(orderLines).where(eq(orderLines.orderId, order!.id)).orderBy(orderLines.position);
    expect(lines.map((l) => [l.productId, l.quantity, l.unitAmount])).toEqual([
      [1, 2, 14999],
      [10, 1, 3499],
    ]);
    expect(await t.deps.db.select().from(orderEvents)).toHaveLength(1);

    // Two mails: the shopper's confirmation and the shop's "New order", both from the stored order.
    const mails = await orderMails();
    expect(mails).toHaveLength(2);
    const confirmation = mails.find((m) => m.To === 'shopper@example.com')!;
    expect(confirmation.Subject).toBe(`Order confirmed: ${order!.number}`);
    expect(confirmation.TextBody).toContain('2 × G-Series Laser Training Pistol  £299.98');
    expect(confirmation.TextBody).toContain('Total  £334.97');
    expect(confirmation.TextBody).toContain('1 Range Road');
    expect(confirmation.TextBody).toContain(`https://shop.example/orders/${order!.number}?token=${order!.token}`);
    const shop = mails.find((m) => m.To === 'orders@strikepoint-training.com')!;
    expect(shop.Subject).toBe(`[New order ${order!.number}] £334.97, paid`);
    expect(shop.ReplyTo).toBe('shopper@example.com');
    // The owner's link is the back office's page of the order, not the shopper's.
    expect(shop.TextBody).toContain(`In the back office: https://shop.example/admin/orders/${order!.number}`);
    expect(shop.TextBody).not.toContain('token=');
    const [mailed] = await t.deps.db.select().from(orders);
    expect(mailed).toMatchObject({ emailStatus: 'success', emailAttempts: 1, emailLeaseUntil: null });
    expect(mailed!.notifiedAt).toBeTruthy();
    expect(mailed!.confirmedAt).toBeTruthy();
  });

  it('gives one order and one status history when the same event arrives five times at once', async () => {
    const id = twoLineGbpSession();
    stripe.complete(id);
    const event = stripe.signedEvent('checkout.session.completed', id, SECRET);
    const answers = await Promise.all(Array.from({ length: 5 }, () => post(event.body, event.headers)));
    expect(answers.map((r) => r.status)).toEqual([200, 200, 200, 200, 200]);
    expect(await count(orders)).toBe(1);
    expect(await count(orderLines)).toBe(2);
    expect(await count(orderEvents)).toBe(1);
    expect(await orderMails()).toHaveLength(2);
  });

  it('comes from a payment link the same way', async () => {
    const id = stripe.createSession({
      currency: 'USD',
      lines: [{ productId: 2, name: 'Rifle', quantity: 1, unitAmount: 29999 }],
      paymentLink: productById(2)!.payment_links.standard!,
    });
    stripe.complete(id);
    expect((await deliver('checkout.session.completed', id)).status).toBe(200);
    expect((await t.deps.db.select().from(orders))[0]).toMatchObject({
      paymentLink: expect.stringMatching(/^plink_/),
      currency: 'USD',
      total: 29999,
    });
  });
});

describe('a large cart', () => {
  it('is stored with every line (15, as the cart allows), read from Stripe 100 at a time', async () => {
    const lines = Array.from({ length: 15 }, (_, i) => ({ productId: i + 1, name: `Item ${i + 1}`, quantity: 1, unitAmount: 1000 + i }));
    const id = stripe.createSession({ currency: 'GBP', lines, metadata: { region: 'UK' } });
    stripe.complete(id);
    stripe.lineItemPages.length = 0;
    expect((await deliver('checkout.session.completed', id)).status).toBe(200);
    const stored = await t.deps.db.select().from(orderLines).orderBy(orderLines.position);
    expect(stored.map((l) => [l.productId, l.unitAmount])).toEqual(lines.map((l) => [l.productId, l.unitAmount]));
    expect(stripe.lineItemPages).toEqual([15]);
    const [order] = await t.deps.db.select().from(orders);
    expect(order!.subtotal).toBe(lines.reduce((sum, l) => sum + l.unitAmount, 0));
    // The packing mail lists all of them.
    const shop = (await orderMails()).find((m) => m.To === 'orders@strikepoint-training.com')!;
    for (const line of lines) expect(shop.TextBody).toContain(line.name);
  });
});

describe('order numbers', () => {
  it('gives an order whose short number another order has the long one (its first 8 characters the same), replays included', async () => {
    const id = twoLineGbpSession();
    const short = await orderNumber(id);
    // Another session's order already has that number (40 bits: rare, not impossible).
    await t.deps.db.insert(orders).values({
      sessionId: 'cs_test_collides',
      number: short,
      status: 'paid',
      currency: 'GBP',
      subtotal: 100,
      shipping: 0,
      total: 100,
      token: 'another-orders-token',
      confirmationWanted: false,
      notifiedAt: new Date().toISOString(),
      emailStatus: 'success',
    });
    stripe.complete(id);
    const long = await orderNumber(id, true);
    expect(long).toMatch(ORDER_NUMBER);
    expect(long.startsWith(`${short}-`)).toBe(true);
    for (let i = 0; i < 2; i++) {
      const res = await deliver('checkout.session.completed', id);
      expect(res.status).toBe(200);
      expect(await res.json()).toMatchObject({ order: long });
    }
    const [mine] = await t.deps.db.select().from(orders).where(eq(orders.sessionId, id));
    expect(mine!.number).toBe(long);
    const sales = await t.deps.db.select().from(stockMoves).where(eq(stockMoves.orderNumber, long));
    expect(sales.map((m) => [m.productId, m.change])).toEqual([
      [1, -2],
      [10, -1],
    ]);
  });
});

describe('a session in a currency the shop does not sell in', () => {
  it('is an error in the log and a 5xx, so Stripe delivers it again, and records nothing', async () => {
    const id = stripe.createSession({ currency: 'JPY', lines: [{ productId: 1, name: 'Pistol', quantity: 1, unitAmount: 25000 }] });
    stripe.complete(id);
    logs.length = 0;
    expect((await deliver('checkout.session.completed', id)).status).toBe(503);
    expect(await count(orders)).toBe(0);
    expect(JSON.stringify(logs)).not.toContain(id);
    expect(logs).toContainEqual(
      expect.objectContaining({
        level: 'error',
        msg: 'stripe webhook failed',
        fields: expect.objectContaining({ error: expect.stringContaining('unexpected currency') }),
      }),
    );
  });
});

describe('delayed payment methods', () => {
  it('is pending, then paid when the payment succeeds; a replay changes nothing', async () => {
    const id = twoLineGbpSession();
    stripe.complete(id, 'unpaid');
    await deliver('checkout.session.completed', id);
    expect((await t.deps.db.select().from(orders))[0]!.status).toBe('pending');
    stripe.settle(id, 'paid');
    await deliver('checkout.session.async_payment_succeeded', id);
    await deliver('checkout.session.async_payment_succeeded', id);
    await deliver('checkout.session.completed', id);
    expect((await t.deps.db.select().from(orders))[0]!.status).toBe('paid');
    expect((await t.deps.db.select({ s: orderEvents.status }).from(orderEvents)).map((e) => e.s).toSorted()).toEqual(['paid', 'pending']);
    // One pair, sent when the order was recorded (the shopper's says the payment is being confirmed),
    // and once it is, one "Payment confirmed" (issue 27): replays add none.
    await vi.waitFor(() => expect(postmark.accepted.length).toBeGreaterThanOrEqual(3), { timeout: 5000 });
    const mails = await orderMails();
    expect(mails).toHaveLength(3);
    expect(mails.filter((m) => m.Subject.startsWith('Payment confirmed: order '))).toHaveLength(1);
    expect(mails.find((m) => m.Subject.endsWith('received: payment being confirmed'))!.TextBody).toContain(
      'Your payment is being confirmed by your bank',
    );
  });

  it('is paid once when the success arrives before completed', async () => {
    const id = twoLineGbpSession();
    stripe.complete(id, 'paid');
    await deliver('checkout.session.async_payment_succeeded', id);
    await deliver('checkout.session.completed', id);
    expect(await count(orders)).toBe(1);
    expect((await t.deps.db.select({ s: orderEvents.status }).from(orderEvents)).map((e) => e.s)).toEqual(['paid']);
    expect(await orderMails()).toHaveLength(2);
  });

  it('is failed when the payment fails, and stays failed', async () => {
    const id = twoLineGbpSession();
    stripe.complete(id, 'unpaid');
    await deliver('checkout.session.completed', id);
    await deliver('checkout.session.async_payment_failed', id);
    await deliver('checkout.session.async_payment_succeeded', id);
    expect((await t.deps.db.select().from(orders))[0]!.status).toBe('failed');
    // The history holds only the steps the order took: no 'paid' it never had.
    expect((await t.deps.db.select({ s: orderEvents.status }).from(orderEvents)).map((e) => e.s).toSorted()).toEqual(['failed', 'pending']);
  });

  it('keeps a paid order paid, with no failed step in its history, when a failure arrives after', async () => {
    const id = twoLineGbpSession();
    stripe.complete(id, 'paid');
    await deliver('checkout.session.completed', id);
    await deliver('checkout.session.async_payment_failed', id);
    expect((await t.deps.db.select().from(orders))[0]!.status).toBe('paid');
    expect((await t.deps.db.select({ s: orderEvents.status }).from(orderEvents)).map((e) => e.s)).toEqual(['paid']);
  });
});

describe('what is not an order', () => {
  it('records nothing for an expired session, and acknowledges unknown event types', async () => {
    const id = twoLineGbpSession();
    stripe.expire(id);
    expect((await deliver('checkout.session.expired', id)).status).toBe(200);
    expect((await deliver('customer.created', id)).status).toBe(200);
    expect(await count(orders)).toBe(0);
  });

  it('refuses a wrong signature, a stale timestamp and a body that is not an event with 400, writing nothing', async () => {
    const id = twoLineGbpSession();
    stripe.complete(id);
    const event = stripe.signedEvent('checkout.session.completed', id, 'whsec_someone_else');
    expect((await post(event.body, event.headers)).status).toBe(400);
    expect((await deliver('checkout.session.completed', id, Math.floor(Date.now() / 1000) - 301)).status).toBe(400);
    expect((await post('not json', { 'Content-Type': 'application/json' })).status).toBe(400);
    const good = stripe.signedEvent('checkout.session.completed', id, SECRET);
    expect((await post(good.body.replace('"paid"', '"unpaid"'), good.headers)).status).toBe(400);
    expect(await count(orders)).toBe(0);
    expect(logs.some((l) => l.msg === 'stripe webhook refused')).toBe(true);
  });

  it('answers 0 5xx and writes 0 rows for 1,000 hostile requests', async () => {
    const id = twoLineGbpSession();
    stripe.complete(id);
    const statuses = new Map<number, number>();
    await fc.assert(
      fc.asyncProperty(
        fc.string({ maxLength: 400 }),
        fc.option(fc.string({ maxLength: 120 }), { nil: undefined }),
        fc.constantFrom('application/json', 'text/plain', 'application/x-www-form-urlencoded', 'multipart/form-data'),
        async (body, signature, type) => {
          const res = await post(body, { 'Content-Type': type, ...(signature === undefined ? {} : { 'Stripe-Signature': signature }) });
          statuses.set(res.status, (statuses.get(res.status) ?? 0) + 1);
          await res.arrayBuffer();
          expect(res.status).toBeLessThan(500);
        },
      ),
      { numRuns: 1000, seed: 18 },
    );
    expect(await count(orders)).toBe(0);
  }, 60_000);
});

describe('failures', () => {
  it('answers 5xx while the database cannot write, so Stripe delivers again, and the redelivery records the order', async () => {
    const id = twoLineGbpSession();
    stripe.complete(id);
    await t.deps.db.run(sql`ALTER TABLE order_lines RENAME TO order_lines_away`);
    try {
      expect((await deliver('checkout.session.completed', id)).status).toBe(503);
    } finally {
      await t.deps.db.run(sql`ALTER TABLE order_lines_away RENAME TO order_lines`);
    }
    expect(await count(orders)).toBe(0);
    expect((await deliver('checkout.session.completed', id)).status).toBe(200);
    expect(await count(orders)).toBe(1);
    expect(await count(orderLines)).toBe(2);
    expect(await orderMails()).toHaveLength(2);
  });

  it('keeps the mail owed while Postmark is down (on /healthz too), and the retry job sends the pair once', async () => {
    const id = twoLineGbpSession();
    stripe.complete(id);
    postmark.state.mode = 'fail';
    expect((await deliver('checkout.session.completed', id)).status).toBe(200);
    await vi.waitFor(async () => expect((await t.deps.db.select().from(orders))[0]!.emailAttempts).toBe(1));
    expect(await (await fetch(`${t.url}/healthz`)).json()).toMatchObject({ orderMail: { owed: 1, overdue: 0 } });
    postmark.state.mode = 'accept';
    expect(await retryOwedMail(orderMail(t.deps.orderMail), t.deps, { now: later })).toEqual({ sent: 1, failed: 0 });
    expect(await retryOwedMail(orderMail(t.deps.orderMail), t.deps, { now: later })).toEqual({ sent: 0, failed: 0 });
    expect(await orderMails()).toHaveLength(2);
    expect(await (await fetch(`${t.url}/healthz`)).json()).toMatchObject({ orderMail: { owed: 0 } });
  });

  it('is not found, with a log line naming the setting, when the webhook secret is not set', async () => {
    const kept = keptLog();
    const bare = await startTestApp({ env: stripe.env, log: kept.log });
    const event = stripe.signedEvent('checkout.session.completed', twoLineGbpSession(), SECRET);
    const res = await fetch(`${bare.url}/webhooks/stripe`, { method: 'POST', body: event.body, headers: event.headers });
    expect(res.status).toBe(404);
    expect(kept.lines.some((l) => l.msg === 'stripe webhook not configured' && l.fields?.missing === 'STRIPE_WEBHOOK_SECRET')).toBe(true);
    await bare.close();
  });
});

describe('the thank-you page', () => {
  it('records the order itself when the shopper is quicker than the webhook; the webhook after adds nothing', async () => {
    const id = twoLineGbpSession();
    stripe.complete(id);
    const res = await thankYou(`?session_id=${id}`, asBuyer('1:2|10:1'));
    const html = await res.text();
    expect(html.match(/data-order-line/g)).toHaveLength(2);
    expect(html).toContain('on its way to shopper@example.com');
    const [order] = await t.deps.db.select().from(orders);
    expect(html).toContain(`Order ${order!.number}`);
    // Paid: the cart is emptied in the same response.
    expect(res.headers.getSetCookie().some((c) => c.startsWith('cart=;'))).toBe(true);
    // Once per order: a later arrival for it (the return address from history, after more shopping)
    // leaves the cart as it is; a browser that never cleared it still does (what was added since stays).
    const cleared = res.headers.getSetCookie().find((c) => c.startsWith('cart_cleared='))!;
    expect(cleared).toMatch(new RegExp(`^cart_cleared=${order!.number};.*HttpOnly`));
    const fromHistory = await thankYou(`?session_id=${id}`, { Cookie: `${asBuyer('1:3|10:1|4:2').Cookie}; ${cleared.split(';')[0]}` });
    expect(fromHistory.headers.getSetCookie().some((c) => c.startsWith('cart='))).toBe(false);
    const again = await thankYou(`?session_id=${id}`, asBuyer('1:3|10:1|4:2'));
    expect(again.headers.getSetCookie().find((c) => c.startsWith('cart='))).toMatch(/^cart=1%3A1%7C4%3A2;|^cart=1:1\|4:2;/);
    expect((await deliver('checkout.session.completed', id)).status).toBe(200);
    expect(await count(orders)).toBe(1);
    expect(await count(orderEvents)).toBe(1);
    expect(await orderMails()).toHaveLength(2);
  });

  it('says a delayed payment is being confirmed, and empties the cart: the sale is made, a full cart would invite a second', async () => {
    const id = twoLineGbpSession();
    stripe.complete(id, 'unpaid');
    await deliver('checkout.session.completed', id);
    const res = await thankYou(`?session_id=${id}`, asBuyer('1:2|10:1'));
    expect(await res.text()).toContain('is being confirmed');
    expect(res.headers.getSetCookie().some((c) => c.startsWith('cart=;'))).toBe(true);
  });
});

/** What a thank-you page says about an order: its number, the shopper's address, the order page link. */
const orderShown = (html: string) => ({
  number: /data-order-number/.test(html),
  email: html.includes('shopper@example.com'),
  link: /data-order-page/.test(html),
});

describe('who sees an order on the thank-you page', () => {
  it('is only the browser that checked out: any other browser gets the generic thank-you and Stripe is not asked', async () => {
    const id = twoLineGbpSession();
    stripe.complete(id);
    stripe.sessionReads.length = 0;
    const others: Array<Record<string, string>> = [{}, { Cookie: 'buyer=bad' }, { Cookie: 'buyer=another-browser-nonce-1234567' }];
    for (const headers of others) {
      const res = await thankYou(`?session_id=${id}`, headers);
      expect(res.status).toBe(200);
      const html = await res.text();
      expect(orderShown(html)).toEqual({ number: false, email: false, link: false });
      expect(html).toContain('Thank You for Your Order!');
    }
    // A browser that never checked out here costs no Stripe read; one with its own buyer cookie may
    // cost one (within its budget) and records the order, as the webhook would, but sees nothing.
    expect(stripe.sessionReads).toEqual([id]);
    // Once the webhook has recorded it, still nobody else.
    await deliver('checkout.session.completed', id);
    expect(orderShown(await (await thankYou(`?session_id=${id}`, {})).text())).toEqual({ number: false, email: false, link: false });
    expect(orderShown(await (await thankYou(`?session_id=${id}`, { Cookie: 'buyer=another-browser-nonce-1234567' })).text())).toEqual({
      number: false,
      email: false,
      link: false,
    });
    expect(orderShown(await (await thankYou(`?session_id=${id}`)).text())).toEqual({ number: true, email: true, link: true });
  });

  it('is never stored by a cache nor sent on as a referrer, and swaps the session id for the order number in the address bar', async () => {
    const id = twoLineGbpSession();
    stripe.complete(id);
    await deliver('checkout.session.completed', id);
    const [order] = await t.deps.db.select().from(orders);
    for (const res of [await thankYou(`?session_id=${id}`), await thankYou(`?session_id=${id}`, {}), await thankYou('', {})]) {
      expect(res.headers.get('Cache-Control')).toBe('no-store');
      expect(res.headers.get('Referrer-Policy')).toBe('no-referrer');
    }
    const html = await (await thankYou(`?session_id=${id}`)).text();
    expect(html).toContain(`history.replaceState(history.state,'',"/thank-you?order=${order!.number}")`);
    // Another browser's address loses the session id too.
    expect(await (await thankYou(`?product_id=1&session_id=${id}`, {})).text()).toContain(
      `history.replaceState(history.state,'',"/thank-you?product_id=1")`,
    );
    // A reload of ?order=… shows the order to the same browser only, and leaves its cart alone.
    const reload = await thankYou(`?order=${order!.number}`, asBuyer('1:2|10:1'));
    expect(orderShown(await reload.text())).toEqual({ number: true, email: true, link: true });
    expect(reload.headers.getSetCookie().some((c) => c.startsWith('cart='))).toBe(false);
    expect(orderShown(await (await thankYou(`?order=${order!.number}`, {})).text())).toEqual({ number: false, email: false, link: false });
  });

  it("asks Stripe only about a session id of Stripe's shape, once a minute for one it does not know, and a few times per address", async () => {
    stripe.sessionReads.length = 0;
    await t.deps.db.delete(rateHits); // the earlier tests' reads came from this address too
    const prober = { Cookie: 'buyer=a-browser-that-probes-session-ids' };
    for (const junk of ['abc', 'cs_prod_1', 'cs_test_', '<script>']) await thankYou(`?session_id=${encodeURIComponent(junk)}`, prober);
    expect(stripe.sessionReads).toEqual([]);
    await thankYou('?session_id=cs_test_madeup1', prober);
    await thankYou('?session_id=cs_test_madeup1', prober);
    expect(stripe.sessionReads).toEqual(['cs_test_madeup1']);
    // 30 made-up ids, each with a fresh buyer cookie, from one address: the address's reads are counted, not the cookie's.
    for (let i = 2; i <= 31; i++) await thankYou(`?session_id=cs_test_madeup${i}`, { Cookie: `buyer=fresh-browser-of-the-prober-${i}` });
    expect(stripe.sessionReads.length).toBeLessThanOrEqual(THANK_YOU_READS.limit);
    expect(stripe.sessionReads).toHaveLength(THANK_YOU_READS.limit);
  });

  it('logs no session id, from the checkout to the webhook and the thank-you page', async () => {
    logs.length = 0;
    const id = twoLineGbpSession();
    stripe.complete(id);
    await thankYou(`?session_id=${id}`);
    await deliver('checkout.session.completed', id);
    await thankYou(`?session_id=${id}`, {});
    await orderMails();
    expect(logs.length).toBeGreaterThan(0);
    expect(JSON.stringify(logs)).not.toContain(id);
    const [order] = await t.deps.db.select().from(orders);
    expect(JSON.stringify(logs)).toContain(order!.number);
  });
});

describe('the order page', () => {
  it("shows the order with its own token; a wrong, missing or other order's token, or an unknown number, get the same 404 pointing to Your orders", async () => {
    const id = twoLineGbpSession();
    stripe.complete(id);
    await deliver('checkout.session.completed', id);
    const [order] = await t.deps.db.select().from(orders);
    const res = await fetch(`${t.url}/orders/${order!.number}?token=${order!.token}`);
    expect(res.status).toBe(200);
    expect(res.headers.get('Cache-Control')).toBe('no-store');
    const html = await res.text();
    expect(html).toContain('<meta name="robots" content="noindex"');
    expect(html).toContain(`Order ${order!.number}`);
    // A UK order's dates are written day-month-year, wherever the page is opened.
    expect(textOf(html)).toMatch(
      /Placed on \d{1,2} (January|February|March|April|May|June|July|August|September|October|November|December) \d{4}/,
    );
    expect(html.match(/data-order-line/g)).toHaveLength(2);
    expect(html).toContain('£334.97');
    // The street is cut short; the town stays.
    expect(html).toContain('1 Ra…');
    expect(html).not.toContain('1 Range Road');
    expect(html).toContain('Leeds');

    const other = twoLineGbpSession();
    stripe.complete(other);
    await deliver('checkout.session.completed', other);
    const otherToken = (await t.deps.db.select().from(orders).where(eq(orders.sessionId, other)))[0]!.token;
    const answers = new Set<string>();
    for (const path of [
      ...['', '?token=', '?token=wrong', `?token=${order!.token}x`, `?token=${otherToken}`].map((q) => `/orders/${order!.number}${q}`),
      `/orders/SP-0000-0000?token=${order!.token}`,
      '/orders/not-a-number?token=x',
    ]) {
      const miss = await fetch(`${t.url}${path}`);
      expect(miss.status, path).toBe(404);
      expect(miss.headers.get('cache-control'), path).toBe('no-store');
      const main = mainOf(await miss.text());
      expect(main, path).toContain('href="/orders"');
      expect(textOf(main), path).toContain('Your orders mails a link to every order of your address');
      answers.add(main);
    }
    // Nothing tells an order's number from one that is not.
    expect(answers.size).toBe(1);
  });

  it('is linked from the thank-you page', async () => {
    const id = twoLineGbpSession();
    stripe.complete(id);
    await deliver('checkout.session.completed', id);
    const [order] = await t.deps.db.select().from(orders);
    const html = await (await thankYou(`?session_id=${id}`, { ...asBuyer(), 'CF-IPCountry': 'GB' })).text();
    expect(html).toContain(`href="/orders/${order!.number}?token=${order!.token}"`);
    // The session id is nowhere in the page (the consent form's way back included): scripts read the HTML.
    expect(html).not.toContain('session_id=');
    expect(html).not.toContain(id);
    // Nor the order's token in the consent form of the order page.
    const page = await (await fetch(`${t.url}/orders/${order!.number}?token=${order!.token}`)).text();
    expect(page.match(/name="return" value="([^"]*)"/)?.[1]).toBe(`/orders/${order!.number}`);
  });

  it('keeps its token in a cookie for its own path and drops it from the address bar; no cache, no referrer', async () => {
    const id = twoLineGbpSession();
    stripe.complete(id);
    await deliver('checkout.session.completed', id);
    const [order] = await t.deps.db.select().from(orders);
    const res = await fetch(`${t.url}/orders/${order!.number}?token=${order!.token}`);
    expect(res.headers.get('Referrer-Policy')).toBe('no-referrer');
    const cookie = res.headers.getSetCookie().find((c) => c.startsWith(`order_${order!.number}=`))!;
    expect(cookie).toContain(`Path=/orders/${order!.number}`);
    expect(cookie).toContain('HttpOnly');
    // Before the tag manager can read it, the address bar loses the token.
    expect(await res.text()).toContain(`history.replaceState(history.state,'',"/orders/${order!.number}")`);
    // A reload (no token in the address) finds the order through the cookie; another order's cookie does not.
    const reload = await fetch(`${t.url}/orders/${order!.number}`, { headers: { Cookie: cookie.split(';')[0]! } });
    expect(reload.status).toBe(200);
    expect(await reload.text()).toContain(`Order ${order!.number}`);
    expect((await fetch(`${t.url}/orders/${order!.number}`, { headers: { Cookie: `order_${order!.number}=wrong` } })).status).toBe(404);
  });
});
