import { afterAll, beforeAll, beforeEach, describe, expect, it } from 'vitest';

import { attr, decodeEntities, mainOf, pageEvents } from '../../support/html';
import { shopper } from '../../support/shopper';
import { startStripeEmulator, type StripeEmulator } from '../../support/stripe-emulator';
import { logDuring, NO_ADDRESS_LIMITS, startTestApp, type TestApp } from '../../support/test-app';
import { buyerHash } from '#worker/checkout/buyer-hash.ts';
import { setStock } from '#worker/stock/stock-moves.ts';
import { sql } from 'drizzle-orm';
import { paymentLinks, ukPaymentLinks } from '../../support/catalogue';

let plain: TestApp; // Stripe unset: the embedded default
let t: TestApp; // Stripe pointed at the emulation
let stripe: StripeEmulator;

beforeAll(async () => {
  stripe = await startStripeEmulator();
  // Every shopper here comes from 127.0.0.1: the per-address limits (tests/integration/shop/checkout.test.ts) are off.
  [plain, t] = await Promise.all([startTestApp(), startTestApp({ env: { ...stripe.env, ...NO_ADDRESS_LIMITS } })]);
});
afterAll(() => Promise.all([plain.close(), t.close(), stripe.close()]));
beforeEach(() => {
  stripe.state.mode = 'ok';
  stripe.received.length = 0;
});

const badge = (html: string) => html.match(/data-cart-count="[^"]*">(\d+)</)?.[1] ?? html.match(/data-cart-count[^>]*>(\d+)</)?.[1];

/** The props the cart page gives its island. */
const cartViewProps = (html: string) =>
  JSON.parse(decodeEntities(attr(html.match(/<div class="contents" data-island="CartView"[^>]*>/)![0], 'data-props')!)) as {
    checkout: string;
  };

describe('the cart without JavaScript', () => {
  it('is kept by no cache, as the order and thank-you pages are (no-store)', async () => {
    const res = await fetch(`${plain.url}/cart`, { headers: { Cookie: 'cart=1:2' } });
    expect(res.headers.get('cache-control')).toBe('no-store');
    await res.text();
  });

  it('refuses a cart post from another site with 403 and leaves the cart alone', async () => {
    const s = shopper(plain);
    await s.post('/cart/add', { product_id: '1', quantity: '2' });
    const { res } = await s.post(
      '/cart/add',
      { product_id: '2', quantity: '1' },
      { Origin: 'https://evil.example', 'Sec-Fetch-Site': 'cross-site' },
    );
    expect(res.status).toBe(403);
    expect(res.headers.getSetCookie().some((c) => c.startsWith('cart='))).toBe(false);
    expect(s.cookie).toBe('1:2');
  });

  it('adds, merges, changes and removes lines with 303s and the cookie; the header count and /cart are in the first HTML', async () => {
    const s = shopper(plain, { 'CF-IPCountry': 'GB' });
    let { res } = await s.post('/cart/add', { product_id: '1', quantity: '1' });
    expect(res.status).toBe(303);
    expect(res.headers.get('location')).toBe('/cart');
    expect(s.cookie).toBe('1:1');
    await s.post('/cart/add', { product_id: '3' });
    await s.post('/cart/add', { product_id: '1', quantity: '2' });
    expect(s.cookie).toBe('1:3|3:1');

    const { html } = await s.get('/cart');
    expect(badge(html)).toBe('4');
    expect(html).toContain('aria-label="Cart, 4 items"');
    const main = mainOf(html);
    // GBP: 3 x £149.99 and 1 x £196.99
    expect(main).toContain('£449.97');
    expect(main).toContain('£196.99');
    expect(main).toContain('£646.96');
    expect(html).toContain('<meta name="robots" content="noindex');

    ({ res } = await s.post('/cart/update', { product_id: '1', quantity: '50' }));
    expect(res.status).toBe(303);
    expect(s.cookie).toBe('1:10|3:1'); // clamped to 10
    await s.post('/cart/update', { product_id: '1', quantity: '2' });
    ({ res } = await s.post('/cart/remove', { product_id: '3' }));
    expect(res.status).toBe(303);
    expect(s.cookie).toBe('1:2');
    await s.post('/cart/remove', { product_id: '1' });
    expect(s.cookie).toBe('');
    const empty = await s.get('/cart');
    expect(mainOf(empty.html)).toContain('Your cart is empty.');
    expect(mainOf(empty.html)).toContain('href="/products"');
    expect(badge(empty.html)).toBeUndefined();
  });

  it('answers the island with JSON instead of a redirect', async () => {
    const s = shopper(plain);
    const { res, body } = await s.post('/cart/add', { product_id: '2' }, { Accept: 'application/json' });
    expect(res.status).toBe(200);
    const json = JSON.parse(body) as { count: number; lines: Array<{ id: number; quantity: number; prices: object }> };
    expect(json.count).toBe(1);
    expect(json.lines[0]).toMatchObject({ id: 2, quantity: 1, prices: { GBP: 354.99, EUR: 413.99, USD: 449.99 } });
  });

  it('refuses products that cannot be bought or do not exist with 400 and a message', async () => {
    const s = shopper(plain);
    for (const id of ['999', 'abc']) {
      const { res, body } = await s.post('/cart/add', { product_id: id });
      expect(res.status).toBe(400);
      expect(body).toContain('That product cannot be added to the cart.');
    }
    const { res, body } = await s.post('/cart/add', { product_id: '1', quantity: 'many' });
    expect(res.status).toBe(400);
    expect(body).toContain('Choose a quantity from 1 to 10.');
    expect(s.cookie).toBe('');
  });

  it('refuses with 409 and says so when the add would change nothing: a line at 10, a cart at its most lines', async () => {
    const s = shopper(plain);
    await s.post('/cart/add', { product_id: '1', quantity: '8' });
    await s.post('/cart/add', { product_id: '1', quantity: '5' }); // a partial add: up to 10
    expect(s.cookie).toBe('1:10');
    const json = await s.post('/cart/add', { product_id: '1' }, { Accept: 'application/json' });
    expect(json.res.status).toBe(409);
    expect(JSON.parse(json.body)).toMatchObject({
      error: 'Your cart already has 10 of that product, the most one order can take.',
      count: 10,
    });
    const page = await s.post('/cart/add', { product_id: '1' });
    expect(page.res.status).toBe(409);
    expect(mainOf(page.body)).toContain('Your cart already has 10 of that product');
    expect(s.cookie).toBe('1:10');

    // A catalogue one larger than the seed's (a copy of product 2 as 16): with all fifteen seeded
    // products in the cart, the sixteenth is refused; more of one already there is not.
    await plain.deps.db.run(
      sql`insert into products (id, slug, name, category, listed, doc) select 16, 'copy-16', name, category, 1, json_set(doc, '$.id', 16, '$.slug', 'copy-16') from products where id = 2`,
    );
    await setStock(plain.deps.db, 16, 5, 'cart test');
    const full = Array.from({ length: 15 }, (_, i) => `${i + 1}:1`).join('|');
    s.setCookie(full);
    const more = await s.post('/cart/add', { product_id: '16' }, { Accept: 'application/json' });
    expect(more.res.status).toBe(409);
    expect(JSON.parse(more.body)).toMatchObject({ error: 'Your cart holds 15 different products at most: remove one to add another.' });
    expect(s.cookie).toBe(full);
    expect((await s.post('/cart/add', { product_id: '3' }, { Accept: 'application/json' })).res.status).toBe(200);
    expect(s.cookie).toBe(full.replace('3:1', '3:2'));
    await plain.deps.db.run(sql`update products set listed = 0 where id = 16`);
  });

  it('drops a cookie that does not parse, unknown ids and quantities out of range with a log line, never a 500', async () => {
    const s = shopper(plain);
    s.setCookie('1:2|999:1|3:11|garbage|4:1');
    const { result, lines } = await logDuring(plain, () => s.get('/cart'));
    expect(result.res.status).toBe(200);
    expect(badge(result.html)).toBe('3');
    expect(s.cookie).toBe('1:2|4:1');
    const warn = lines.find((l) => l.msg === 'cart cookie entries dropped');
    expect(warn?.level).toBe('warn');
    expect(JSON.stringify(warn?.fields)).toContain('garbage');
    // The catalogue (read by /cart) has no 999: that line goes too.
    expect(lines.find((l) => l.msg === 'cart lines not in the catalogue dropped')?.fields).toMatchObject({ dropped: [999] });
  });

  it('shows the shipping from the policy: free standard over £150 to the UK, express in GBP for other currencies', async () => {
    const uk = shopper(plain, { 'CF-IPCountry': 'GB' });
    await uk.post('/cart/add', { product_id: '4' }); // £86.99: under the threshold
    let main = mainOf((await uk.get('/cart')).html);
    expect(main).toMatch(/data-shipping="standard">£4\.99</);
    expect(main).toMatch(/data-shipping="express">£9\.99</);
    await uk.post('/cart/add', { product_id: '4' }); // £173.98
    main = mainOf((await uk.get('/cart')).html);
    expect(main).toMatch(/data-shipping="standard">Free</);

    const us = shopper(plain, { 'CF-IPCountry': 'US' });
    await us.post('/cart/add', { product_id: '4' });
    main = mainOf((await us.get('/cart')).html);
    expect(main).toContain('$109.99');
    // In the cart's currency, as checkout charges it.
    expect(main).toMatch(/data-shipping="standard">\$18\.99</);
    expect(main).toMatch(/data-shipping="express">\$31\.99</);
  });

  it('declares view_cart with GA4 items in the visitor currency', async () => {
    const s = shopper(plain, { 'CF-IPCountry': 'US' });
    await s.post('/cart/add', { product_id: '1', quantity: '2' });
    const events = pageEvents((await s.get('/cart')).html);
    expect(events).toEqual([
      {
        event: 'view_cart',
        ecommerce: {
          currency: 'USD',
          value: 379.98,
          items: [{ item_id: '1', item_name: 'G-Series Laser Training Pistol', price: 189.99, quantity: 2, currency: 'USD' }],
        },
      },
    ]);
  });
});

describe('checkout', () => {
  it('sends one line of quantity 1 to its payment link with the campaign, as Buy Now does (UK map first)', async () => {
    const s = shopper(plain, { 'CF-IPCountry': 'GB' });
    await s.post('/cart/add', { product_id: '1' });
    const { res } = await s.post('/cart/checkout', { utm_source: 'news', utm_campaign: 'spring' });
    expect(res.status).toBe(303);
    expect(res.headers.get('location')).toBe(`${ukPaymentLinks['G-Series Laser Training Pistol']}?utm_source=news&utm_campaign=spring`);
    const eu = shopper(plain, { 'CF-IPCountry': 'DE' });
    await eu.post('/cart/add', { product_id: '1' });
    expect((await eu.post('/cart/checkout', {})).res.headers.get('location')).toBe(paymentLinks['G-Series Laser Training Pistol']);
  });

  it('without Stripe, several items stay on /cart, which says they are paid one by one and offers each Buy Now', async () => {
    const s = shopper(plain);
    await s.post('/cart/add', { product_id: '1' });
    await s.post('/cart/add', { product_id: '2' });
    const { res } = await s.post('/cart/checkout', {});
    expect(res.status).toBe(303);
    expect(res.headers.get('location')).toBe('/cart');
    const main = mainOf((await s.get('/cart')).html);
    expect(main).toContain('Items are paid one by one');
    expect(main).toContain('action="/checkout/1"');
    expect(main).toContain('action="/checkout/2"');
    expect(main).not.toContain('action="/cart/checkout"');
  });

  it('without Stripe, a line the shop has none of shows Sold Out, not a Buy Now that bounces', async () => {
    const s = shopper(plain);
    await s.post('/cart/add', { product_id: '1' });
    s.setCookie(`${decodeURIComponent(s.cookie)}|11:1`); // the knife, Out of Stock (0) since it was added
    const main = mainOf((await s.get('/cart')).html);
    expect(main).toContain('action="/checkout/1"');
    expect(main).not.toContain('action="/checkout/11"');
    expect(main).toMatch(/<button type="button" disabled=""[^>]*>Sold Out<\/button>/);
  });

  it('tells the island what Checkout does: the server decides, in the island props and in every cart answer', async () => {
    const json = { Accept: 'application/json' };
    // With Stripe every cart is a session (only a session holds stock); without it one item is its payment link.
    for (const [app, single, several] of [
      [plain, 'payment-link', 'per-line'],
      [t, 'session', 'session'],
    ] as const) {
      const s = shopper(app);
      const one = JSON.parse((await s.post('/cart/add', { product_id: '1' }, json)).body) as { checkout: string };
      expect(one.checkout).toBe(single);
      expect(cartViewProps((await s.get('/cart')).html).checkout).toBe(single);
      const two = JSON.parse((await s.post('/cart/update', { product_id: '1', quantity: '2' }, json)).body) as { checkout: string };
      expect(two.checkout).toBe(several);
      expect(cartViewProps((await s.get('/cart')).html).checkout).toBe(several);
      const back = await fetch(`${app.url}/api/cart`, { headers: { Cookie: `cart=${encodeURIComponent(s.cookie)}`, ...json } });
      expect(((await back.json()) as { checkout: string }).checkout).toBe(several);
    }
  });

  it('an empty or invalid cart gets 400 with a message', async () => {
    const s = shopper(t);
    let { res, body } = await s.post('/cart/checkout', {});
    expect(res.status).toBe(400);
    expect(body).toContain('Your cart is empty');
    s.setCookie('junk');
    ({ res, body } = await s.post('/cart/checkout', {}, { Accept: 'application/json' }));
    expect(res.status).toBe(400);
    expect(JSON.parse(body)).toMatchObject({ error: expect.stringContaining('Your cart is empty') });
    expect(stripe.received).toHaveLength(0);
  });

  it('creates a Stripe Checkout Session priced on the server in the visitor currency and redirects to it', async () => {
    const s = shopper(t, { 'CF-IPCountry': 'DE' });
    await s.post('/cart/add', { product_id: '1', quantity: '2' });
    await s.post('/cart/add', { product_id: '3' });
    // A price or currency in the request is ignored: amounts come from the catalogue.
    const { res } = await s.post('/cart/checkout', { attempt: 'attempt-0001', utm_source: 'news', unit_amount: '1', currency: 'usd' });
    expect(res.status).toBe(303);
    expect(res.headers.get('location')).toBe(`${stripe.url}/pay/cs_test_1`);
    const [sent] = stripe.received;
    expect(sent?.authorization).toBe(`Bearer ${stripe.secretKey}`);
    expect(sent?.idempotencyKey).toMatch(/^cart-checkout-[0-9a-f]{32}-[0-9a-f-]{36}$/);
    expect(sent?.fields).toMatchObject({
      mode: 'payment',
      'line_items[0][quantity]': '2',
      'line_items[0][price_data][currency]': 'eur',
      'line_items[0][price_data][unit_amount]': '17499',
      'line_items[0][price_data][product_data][name]': 'G-Series Laser Training Pistol',
      'line_items[0][price_data][product_data][images][0]': 'http://localhost:8787/images/products/1-main.svg',
      'line_items[1][quantity]': '1',
      'line_items[1][price_data][unit_amount]': '22999',
      // Over £150 in GBP: standard is free; express has no EUR figure in the policy, so it is not offered.
      'shipping_options[0][shipping_rate_data][fixed_amount][amount]': '0',
      'shipping_options[0][shipping_rate_data][fixed_amount][currency]': 'eur',
      'shipping_address_collection[allowed_countries][0]': 'AT',
      success_url: 'http://localhost:8787/thank-you?session_id={CHECKOUT_SESSION_ID}',
      cancel_url: 'http://localhost:8787/cart',
      'metadata[region]': 'EU',
      'metadata[cart]': '1:2|3:1',
      'metadata[utm_source]': 'news',
    });
    // Express is offered and charged in euros too (it was dropped when only GBP had a figure).
    expect(sent?.fields['shipping_options[1][shipping_rate_data][fixed_amount][amount]']).toBe('2399');
    expect(sent?.fields['shipping_options[1][shipping_rate_data][fixed_amount][currency]']).toBe('eur');
    // The cart is kept until the payment is made.
    expect(s.cookie).toBe('1:2|3:1');
  });

  it('offers standard and express in GBP to a UK cart, and a double submit creates one session', async () => {
    const s = shopper(t, { 'CF-IPCountry': 'GB' });
    await s.post('/cart/add', { product_id: '10', quantity: '3' });
    const first = await s.post('/cart/checkout', { attempt: 'attempt-0002' }, { Accept: 'application/json' });
    const second = await s.post('/cart/checkout', { attempt: 'attempt-0002' }, { Accept: 'application/json' });
    expect(JSON.parse(first.body)).toEqual(JSON.parse(second.body));
    // The browser that checks out gets an HttpOnly nonce; the session carries only its hash.
    const buyer = first.res.headers.getSetCookie().find((c) => c.startsWith('buyer='))!;
    expect(buyer).toMatch(/HttpOnly/);
    expect(buyer).toMatch(/SameSite=Lax/);
    const nonce = buyer.split(';')[0]!.slice('buyer='.length);
    expect(stripe.received[0]?.fields['metadata[buyer]']).toBe(await buyerHash(nonce));
    expect(JSON.stringify(stripe.received[0]?.fields)).not.toContain(nonce);
    expect(stripe.received).toHaveLength(2);
    expect(stripe.received[0]?.idempotencyKey).toBe(stripe.received[1]?.idempotencyKey);
    expect(stripe.received[0]?.fields).toMatchObject({
      'line_items[0][price_data][currency]': 'gbp',
      'line_items[0][price_data][unit_amount]': '10299',
      'shipping_options[0][shipping_rate_data][fixed_amount][amount]': '0',
      'shipping_options[1][shipping_rate_data][display_name]': 'Express delivery',
      'shipping_options[1][shipping_rate_data][fixed_amount][amount]': '999',
      'shipping_address_collection[allowed_countries][0]': 'GB',
    });
    // A changed cart is a new attempt, even with the same form.
    await s.post('/cart/update', { product_id: '10', quantity: '4' });
    await s.post('/cart/checkout', { attempt: 'attempt-0002' });
    expect(stripe.received[2]?.idempotencyKey).not.toBe(stripe.received[0]?.idempotencyKey);

    // The first checkout of a new browser, double-clicked: the nonce came with the cart, so both posts
    // carry it: one key, one session.
    const fresh = shopper(t, { 'CF-IPCountry': 'GB' });
    await fresh.post('/cart/add', { product_id: '4' });
    const before = stripe.received.length;
    const twice = await Promise.all(
      [1, 2].map(() => fresh.post('/cart/checkout', { attempt: 'attempt-0003' }, { Accept: 'application/json' })),
    );
    expect(JSON.parse(twice[0]!.body)).toEqual(JSON.parse(twice[1]!.body));
    const keys = stripe.received.slice(before).map((r) => r.idempotencyKey);
    expect(keys).toHaveLength(2);
    expect(keys[0]).toBe(keys[1]);
  });

  it.each([
    ['fail', 500],
    ['reject', 400],
  ] as const)(
    'a Stripe %s (%i) leaves the visitor on /cart with a message, logged with the request id; the cart is kept',
    async (mode, status) => {
      stripe.state.mode = mode;
      const s = shopper(t);
      await s.post('/cart/add', { product_id: '1', quantity: '2' });
      const { result, lines } = await logDuring(t, () => s.post('/cart/checkout', {}));
      expect(result.res.status).toBe(303);
      expect(result.res.headers.get('location')).toBe('/cart?checkout=unavailable');
      const logged = lines.find((l) => l.msg === 'checkout session failed');
      expect(logged?.fields).toMatchObject({ providerStatus: status, requestId: result.res.headers.get('x-request-id') });
      expect(s.cookie).toBe('1:2');
      const page = await s.get('/cart?checkout=unavailable');
      expect(mainOf(page.html)).toMatch(/role="alert"[^>]*>Checkout is unavailable right now/);
      const { result: json } = await logDuring(t, () => s.post('/cart/checkout', {}, { Accept: 'application/json' }));
      expect(json.res.status).toBe(502);
      expect(JSON.parse(json.body)).toEqual({ error: expect.stringContaining('Checkout is unavailable right now') });
    },
  );

  it('gives up on Stripe after 5 s', async () => {
    stripe.state.mode = 'hang';
    const s = shopper(t);
    await s.post('/cart/add', { product_id: '2', quantity: '2' });
    const started = performance.now();
    const { result, lines } = await logDuring(t, () => s.post('/cart/checkout', {}));
    const waited = performance.now() - started;
    expect(result.res.headers.get('location')).toBe('/cart?checkout=unavailable');
    expect(lines.find((l) => l.msg === 'checkout session failed')?.fields?.error).toMatch(/timeout/);
    expect(waited).toBeGreaterThan(4500);
    expect(waited).toBeLessThan(9000);
  }, 15_000);
});

describe('thank-you with a session', () => {
  it('lists every paid line, the shipping and the total in the session currency, and the purchase carries them with the order number', async () => {
    const s = shopper(t, { 'CF-IPCountry': 'US' });
    await s.post('/cart/add', { product_id: '1', quantity: '2' });
    await s.post('/cart/add', { product_id: '3' });
    const { body } = await s.post('/cart/checkout', {}, { Accept: 'application/json' });
    const id = /cs_test_\d+/.exec(body)![0];
    const success = new URL(stripe.complete(id));
    // The same browser comes back (its buyer cookie, set by the checkout, lets it see the order).
    const { html } = await s.get(`${success.pathname}${success.search}`);
    const main = mainOf(html);
    expect(main.match(/data-order-line/g)).toHaveLength(2);
    expect(main).toContain('G-Series Laser Training Pistol');
    expect(main).toContain('$379.98');
    expect(main).toContain('$249.99');
    expect(main).toMatch(/data-order-amount="total"[^>]*>\$629\.97</);
    const number = /data-order-number[^>]*>Order (SP-\w{4}-\w{4})/.exec(main)?.[1];
    expect(number).toMatch(/^SP-/);
    expect(pageEvents(html)).toEqual([
      {
        event: 'purchase',
        ecommerce: {
          // The order the thank-you page recorded: its number, not the session id.
          transaction_id: number,
          value: 629.97,
          tax: 0,
          shipping: 0,
          currency: 'USD',
          items: [
            { item_id: '1', item_name: 'G-Series Laser Training Pistol', price: 189.99, quantity: 2, currency: 'USD' },
            { item_id: '3', item_name: 'Reactive Laser Target System', price: 249.99, quantity: 1, currency: 'USD' },
          ],
        },
      },
    ]);
  });

  it('keeps the product summary in dollars for an unpaid or unknown session, and without Stripe', async () => {
    for (const [app, session] of [
      [t, 'cs_test_unknown'],
      [plain, 'cs_test_1'],
    ] as const) {
      const { html } = await app.get(`/thank-you?product_id=2&session_id=${session}`);
      expect(mainOf(html)).toContain('$449.99');
      expect(mainOf(html)).not.toContain('data-order-line');
      expect(pageEvents(html)).toMatchObject([
        { event: 'purchase', ecommerce: { transaction_id: session, currency: 'USD', value: 449.99 } },
      ]);
    }
  });
});
