import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { pageEvents } from '../support/html';
import { productById } from '../support/catalogue';
import { startStripeEmulator, type StripeEmulator } from '../support/stripe-emulator';
import { startPreparedTurso, type TursoEmulator } from '../support/turso-emulator';
import { startWorker, type TestWorker } from '../support/worker';
import { NO_ADDRESS_LIMITS } from '../support/test-app';

let worker: TestWorker; // its database unreachable
let stocked: TestWorker; // its database reached through Turso's protocol
let stripe: StripeEmulator;
let turso: TursoEmulator;
beforeAll(async () => {
  [stripe, turso] = await Promise.all([startStripeEmulator(), startPreparedTurso()]);
  [worker, stocked] = await Promise.all([
    // Every shopper here comes from one address: the per-address limits (tests/integration/shop/checkout.test.ts) are off.
    startWorker({ ...stripe.env, ...NO_ADDRESS_LIMITS }),
    startWorker({ ...stripe.env, ...NO_ADDRESS_LIMITS, TURSO_DATABASE_URL: turso.url, TURSO_AUTH_TOKEN: turso.token }),
  ]);
});
afterAll(() => Promise.all([worker.dispose(), stocked.dispose(), stripe.close(), turso.close()]));

const form = (fields: Record<string, string>) => ({
  method: 'POST',
  // Posted from the shop's own page, as a browser says in Origin (cross-site posts are refused).
  headers: { 'Content-Type': 'application/x-www-form-urlencoded', Origin: 'https://shop.example' },
  body: new URLSearchParams(fields).toString(),
  redirect: 'manual' as const,
});
const cartCookie = (res: { headers: { getSetCookie(): string[] } }) =>
  res.headers
    .getSetCookie()
    .find((c) => c.startsWith('cart='))!
    .split(';')[0]!;

describe('the cart in the built Worker', () => {
  it('keeps the cart in its cookie and renders it from kept reads while the database is down', async () => {
    // Read once while it is up (the product and its stock are kept in the Cache API).
    expect((await stocked.get('/cart/add', { ...form({ product_id: '2', quantity: '1' }), cf: { country: 'GB' } })).status).toBe(303);
    turso.setOutage('down');
    try {
      const added = await stocked.get('/cart/add', { ...form({ product_id: '2', quantity: '2' }), cf: { country: 'GB' } });
      expect(added.status).toBe(303);
      const cookie = cartCookie(added);
      const page = await stocked.get('/cart', { headers: { Cookie: cookie }, cf: { country: 'GB' } });
      expect(page.status).toBe(200);
      const html = await page.text();
      expect(html).toContain('aria-label="Cart, 2 items"');
      expect(html).toContain('£709.98');
    } finally {
      turso.setOutage('up');
    }
  });

  it('holds nothing and creates no session while the database is unreachable: checkout unavailable', async () => {
    const added = `cart=${encodeURIComponent('1:1')}`;
    const init = form({ attempt: 'edge-attempt-0' });
    const before = stripe.received.length;
    const res = await worker.get('/cart/checkout', {
      ...init,
      headers: { ...init.headers, Cookie: added },
      cf: { country: 'US' },
    });
    expect(res.status).toBe(303);
    expect(res.headers.get('location')).toBe('/cart?checkout=unavailable');
    expect(stripe.received.length).toBe(before);
  });

  it('renders the shop pages in the currency of request.cf, and redirects the no-JS checkout by region', async () => {
    const gb = await (await stocked.get('/products?category=pistols', { cf: { country: 'GB' } })).text();
    expect(gb).toContain('£149.99');
    const us = await (await stocked.get('/product/1', { cf: { country: 'US' } })).text();
    expect(us).toContain('$189.99');
    const checkout = await stocked.get('/checkout/1', {
      method: 'POST',
      headers: { Origin: 'https://shop.example' },
      cf: { country: 'GB' },
      redirect: 'manual',
    });
    expect(checkout.status).toBe(302);
    expect(checkout.headers.get('location')).toBe(productById(1)!.payment_links.uk);
    await checkout.text();
  });

  it('answers 25 checkouts at once, each holding through the one database client the isolate shares', async () => {
    // The libSQL client used to queue calls past 20 in flight; a call queued behind another request's
    // was cancelled by workerd as a hung request (500).
    await turso.db.execute('update stock set on_hand = 1000 where product_id = 2');
    const cookie = `cart=${encodeURIComponent('2:1')}`;
    const statuses = await Promise.all(
      Array.from({ length: 25 }, async (_, i) => {
        const init = form({ attempt: `edge-burst-${i}` });
        const res = await stocked.get('/cart/checkout', { ...init, headers: { ...init.headers, Cookie: cookie }, cf: { country: 'US' } });
        await res.text();
        return res.status;
      }),
    );
    expect(statuses).toEqual(Array.from({ length: 25 }, () => 303));
  });

  it('holds the units through Turso and creates a Stripe Checkout Session with the fetch client, then redirects to it', async () => {
    const added = await stocked.get('/cart/add', { ...form({ product_id: '1', quantity: '3' }), cf: { country: 'US' } });
    const cookie = cartCookie(added);
    const init = form({ attempt: 'edge-attempt-1', utm_source: 'edge' });
    const res = await stocked.get('/cart/checkout', { ...init, headers: { ...init.headers, Cookie: cookie }, cf: { country: 'US' } });
    expect(res.status).toBe(303);
    const location = res.headers.get('location')!;
    expect(location).toMatch(new RegExp(`^${stripe.url}/pay/cs_test_\\d+$`));
    const sent = stripe.received.at(-1);
    expect(sent?.idempotencyKey).toMatch(/^cart-checkout-/);
    expect(sent?.fields).toMatchObject({
      'line_items[0][price_data][currency]': 'usd',
      'line_items[0][price_data][unit_amount]': '18999',
      'line_items[0][quantity]': '3',
      success_url: 'https://shop.example/thank-you?session_id={CHECKOUT_SESSION_ID}',
      'metadata[utm_source]': 'edge',
    });
    const held = await turso.db.execute('select product_id, quantity from stock_reservations where product_id = 1');
    expect(held.rows.map((r) => [Number(r.product_id), Number(r.quantity)])).toEqual([[1, 3]]);
    expect(sent?.idempotencyKey?.startsWith(`${sent?.fields['metadata[reservation]']}-`)).toBe(true);
    expect(res.headers.get('content-security-policy')).toContain(`form-action 'self' https://buy.stripe.com ${stripe.url}`);

    // The order is recorded by the webhook (tests/edge/stripe-webhook.test.ts); without it and without
    // the buying browser's cookie, the thank-you page still answers, with no order or purchase it cannot vouch for.
    const id = location.split('/').pop()!;
    const thanks = await stocked.get(new URL(stripe.complete(id)).pathname + `?session_id=${id}`);
    expect(thanks.status).toBe(200);
    const html = await thanks.text();
    expect(html).toContain('Thank You for Your Order!');
    expect(pageEvents(html)).toEqual([]);
  });
});
