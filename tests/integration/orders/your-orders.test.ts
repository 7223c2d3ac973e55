import { eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it, vi } from 'vitest';
import { orderAccess } from '#worker/order-access/access-tables.ts';
import { orders } from '#worker/orders/order-tables.ts';
import { textOf } from '../../support/html';
import { startPaymentsApp, type PaymentsApp } from '../../support/payments-app';
import { shopper } from '../../support/shopper';
import { keptLog, type TestApp } from '../../support/test-app';

/**
 * "Your orders" without an account over HTTP (issue 48): the ask, the one-time link mailed through
 * Postmark's emulation, the hour of access it opens, and the limits.
 */
const SECRET = 'whsec_test_your_orders';
let running: PaymentsApp;
let t: TestApp;
const { log } = keptLog();

beforeAll(async () => {
  running = await startPaymentsApp(SECRET, log, { CLIENT_IP_HEADER: 'X-Forwarded-For', ORDERS_LINK_RATE_LIMIT: '6' });
  t = running.app;
});
afterAll(() => running.close());

let nextAddress = 10;
/** A browser without JavaScript from its own network. */
const browser = () => shopper(t, { 'X-Forwarded-For': `198.51.100.${nextAddress++}` });
type Mail = { To: string; Subject: string; TextBody: string };
const mailsTo = (to: string) => running.postmark.accepted.map((m) => m.body as Mail).filter((m) => m.To === to);
/** The "Your orders" mails to `to` (its order confirmations aside). */
const linkMails = (to: string) => mailsTo(to).filter((m) => m.Subject.startsWith('Your orders at'));

/** A paid order of `email` (as typed at Stripe), recorded by its webhook: its number. */
async function orderOf(email: string, currency = 'GBP', region = 'UK') {
  const id = running.stripe.createSession({
    currency,
    lines: [{ productId: 1, name: 'G-Series Laser Training Pistol', quantity: 1, unitAmount: 14999 }],
    shipping: { label: 'Standard', amount: 499 },
    metadata: { region },
    email,
  });
  running.stripe.complete(id);
  const event = running.stripe.signedEvent('checkout.session.completed', id, SECRET);
  expect((await fetch(`${t.url}/webhooks/stripe`, { method: 'POST', body: event.body, headers: event.headers })).status).toBe(200);
  const [order] = await t.deps.db.select().from(orders).where(eq(orders.sessionId, id));
  return order!;
}

/** A page's words with one address blanked: what two answers must share. */
const wordsWithout = (html: string, email: string) => textOf(html).replace(email, 'ADDRESS');

/** The link of the newest "Your orders" mail to `email`, once it has come. */
async function mailedLink(email: string, count: number) {
  const mail = await vi.waitFor(
    () => {
      const sent = linkMails(email);
      expect(sent).toHaveLength(count);
      return sent.at(-1)!;
    },
    { timeout: 5000 },
  );
  return new URL(/https?:\/\/\S+\/orders\/link\?token=\S+/.exec(mail.TextBody)![0]);
}

describe('your orders by e-mail', () => {
  it('mails one link to an address with two orders; the link works once and lists both with their statuses', async () => {
    const email = 'two.orders@example.com';
    const first = await orderOf(email);
    const second = await orderOf('Two.Orders@Example.com', 'EUR', 'EU');
    const b = browser();
    const form = await b.get('/gb/orders');
    expect(form.res.status).toBe(200);
    expect(form.res.headers.get('cache-control')).toBe('no-store');
    expect(form.html).toContain('<meta name="robots" content="noindex"/>');
    expect(form.html).toContain('action="/gb/orders"');

    // The confirmation says where all of them are.
    const confirmation = mailsTo(email).find((m) => m.Subject === `Order confirmed: ${first.number}`)!;
    expect(confirmation.TextBody).toContain('Returns, and all your orders with this address: https://shop.example/gb/orders');
    const asked = await b.post('/gb/orders', { email: 'TWO.orders@example.com' });
    expect(asked.res.status).toBe(200);
    expect(textOf(asked.body)).toContain('If two.orders@example.com has orders with us, a link to see them is on its way.');
    const link = await mailedLink(email, 1);
    expect(link.pathname).toBe('/gb/orders/link');

    // The link shows a button (a mail scanner opening it changes nothing); the button opens the list.
    const landing = await b.get(`${link.pathname}${link.search}`);
    expect(landing.res.status).toBe(200);
    expect(landing.html).toContain('Show my orders');
    const token = link.searchParams.get('token')!;
    const opened = await b.post('/gb/orders/link', { token });
    expect(opened.res.status).toBe(303);
    expect(opened.res.headers.get('location')).toBe('/gb/orders');
    expect(opened.res.headers.getSetCookie().find((c) => c.startsWith('orders_access='))).toMatch(
      /HttpOnly.*SameSite=Lax|SameSite=Lax.*HttpOnly/,
    );

    const list = await b.get('/gb/orders');
    expect(list.html).toContain('data-your-orders="2"');
    const text = textOf(list.html);
    expect(text).toContain('Orders placed with two.orders@example.com, newest first.');
    // Newest first, each in its own currency, dates as the UK writes them, each linking to its page.
    expect(text.indexOf(second.number)).toBeLessThan(text.indexOf(first.number));
    expect(text).toMatch(new RegExp(`${second.number} €154\\.98 \\d{1,2} [A-Z][a-z]+ \\d{4} · Paid, being prepared`));
    expect(text).toMatch(new RegExp(`${first.number} £154\\.98`));
    expect(list.html).toContain(`href="/gb/orders/${first.number}?token=${first.token}"`);

    // Once: the same link again, in another browser, opens nothing and says why.
    const again = await browser().post('/gb/orders/link', { token });
    expect(again.res.status).toBe(410);
    expect(textOf(again.body)).toContain('This link has been used already');
    expect(again.res.headers.getSetCookie().some((c) => c.startsWith('orders_access='))).toBe(false);
    expect(textOf((await browser().get(`${link.pathname}${link.search}`)).html)).toContain('This link has been used already');

    // Forgotten on this device: the list is gone, the access ended on the server.
    const cookie = opened.res.headers
      .getSetCookie()
      .find((c) => c.startsWith('orders_access='))!
      .split(';')[0]!;
    expect((await b.post('/gb/orders/forget', {})).res.status).toBe(303);
    expect((await b.get('/gb/orders')).html).not.toContain('data-your-orders');
    const replay = await fetch(`${t.url}/gb/orders`, { headers: { Cookie: cookie } });
    expect(await replay.text()).not.toContain('data-your-orders');
  });

  it('answers an address without orders exactly the same and mails nothing', async () => {
    const withOrders = 'has.orders@example.com';
    await orderOf(withOrders);
    const a = await browser().post('/orders', { email: withOrders });
    const b = await browser().post('/orders', { email: 'no.orders@example.com' });
    expect([a.res.status, b.res.status]).toEqual([200, 200]);
    expect(wordsWithout(b.body, 'no.orders@example.com')).toBe(wordsWithout(a.body, withOrders));
    await mailedLink(withOrders, 1);
    await new Promise((r) => setTimeout(r, 300));
    expect(mailsTo('no.orders@example.com')).toEqual([]);
    expect(await t.deps.db.select().from(orderAccess).where(eq(orderAccess.email, 'no.orders@example.com'))).toEqual([]);
  });

  it('mails an address again only once its last link is used or 5 minutes old, and at most 4 an hour', async () => {
    const email = 'often@example.com';
    await orderOf(email);
    await browser().post('/orders', { email });
    await mailedLink(email, 1);
    // Asked again at once: the first link still works, nothing more is mailed.
    await browser().post('/orders', { email });
    await new Promise((r) => setTimeout(r, 300));
    expect(linkMails(email)).toHaveLength(1);
    for (let n = 2; n <= 5; n++) {
      await t.deps.db
        .update(orderAccess)
        .set({ createdAt: new Date(Date.now() - 6 * 60_000).toISOString() })
        .where(eq(orderAccess.email, email));
      await browser().post('/orders', { email });
      if (n <= 4) await mailedLink(email, n);
    }
    await new Promise((r) => setTimeout(r, 300));
    expect(linkMails(email)).toHaveLength(4);
  });

  it('refuses a junk address with 400 and what to type; a network asking too often meets 429', async () => {
    const junk = await browser().post('/orders', { email: 'not an address' });
    expect(junk.res.status).toBe(400);
    expect(textOf(junk.body)).toContain('Please enter one valid e-mail address, like name@example.com.');
    expect(junk.body).toContain('value="not an address"');
    const one = shopper(t, { 'X-Forwarded-For': '203.0.113.77' });
    const statuses: number[] = [];
    for (let i = 0; i < 7; i++) statuses.push((await one.post('/orders', { email: `someone${i}@example.com` })).res.status);
    expect(statuses).toEqual([200, 200, 200, 200, 200, 200, 429]);
  });

  it('says at once when a link is too old or cut short', async () => {
    const email = 'late@example.com';
    await orderOf(email);
    await browser().post('/orders', { email });
    const link = await mailedLink(email, 1);
    await t.deps.db
      .update(orderAccess)
      .set({ expiresAt: new Date(Date.now() - 1000).toISOString() })
      .where(eq(orderAccess.email, email));
    const late = await browser().get(`${link.pathname}${link.search}`);
    expect(late.res.status).toBe(410);
    expect(textOf(late.html)).toContain('This link is more than 15 minutes old. Ask for a new one below.');
    expect(late.html).not.toContain('Show my orders');
    const cut = await browser().get(`${link.pathname}?token=${link.searchParams.get('token')!.slice(0, 20)}`);
    expect(cut.res.status).toBe(404);
    expect(textOf(cut.html)).toContain('This link is not complete');
  });
});
