import { eq } from 'drizzle-orm';
import { afterAll, beforeAll, beforeEach, describe, expect, it, vi } from 'vitest';
import { orders } from '#worker/orders/order-tables.ts';
import { parseOrderCommand, runOrderCommand } from '#worker/cli/order-args.ts';
import { orderPagePath } from '#worker/orders/order-number.ts';
import { setStock } from '#worker/stock/stock-moves.ts';
import { jsonLdBlocks, mainOf, pageEvents, textOf } from '../../support/html';
import { startPaymentsApp, type PaymentsApp } from '../../support/payments-app';
import { shopper } from '../../support/shopper';
import type { StripeEmulator } from '../../support/stripe-emulator';
import { keptLog, NO_ADDRESS_LIMITS, startTestApp, type TestApp } from '../../support/test-app';

/**
 * Promotion codes and Stripe Tax over HTTP on the Node runtime: the sessions the cart asks for, the
 * discount links, what the pages say, and what a paid order keeps and shows (Stripe's and Postmark's
 * emulations, which refuse what Stripe refuses).
 */
const SECRET = 'whsec_test_offers';
let running: PaymentsApp;
let stripe: StripeEmulator;
let t: TestApp; // STRIPE_TAX=on
let untaxed: TestApp; // Stripe without tax
const { log } = keptLog();

beforeAll(async () => {
  running = await startPaymentsApp(SECRET, log, { STRIPE_TAX: 'on', ...NO_ADDRESS_LIMITS, PROMO_CODE_RATE_LIMIT: '40' });
  ({ stripe, app: t } = running);
  untaxed = await startTestApp({ env: { ...stripe.env, ...NO_ADDRESS_LIMITS, PROMO_CODE_RATE_LIMIT: '0' } });
});
afterAll(() => Promise.all([running.close(), untaxed.close()]));
beforeEach(async () => {
  stripe.received.length = 0;
  for (const db of [t.deps.db, untaxed.deps.db]) await setStock(db, 1, 50, null);
});

type Shopper = ReturnType<typeof shopper>;
/** Checks out the shopper's cart (JSON, as the island does) and gives the fields Stripe received. */
async function checkout(s: Shopper) {
  const before = stripe.received.length;
  const { res, body } = await s.post('/cart/checkout', {}, { Accept: 'application/json' });
  return { res, body, fields: stripe.received.slice(before).at(-1)?.fields };
}

describe('the cart session with STRIPE_TAX=on', () => {
  it('GB: codes typed at Stripe, automatic tax, VAT-inclusive lines and shipping, VAT numbers and an invoice', async () => {
    const s = shopper(t, { 'CF-IPCountry': 'GB' });
    await s.post('/cart/add', { product_id: '1' });
    const { fields } = await checkout(s);
    expect(fields).toMatchObject({
      allow_promotion_codes: 'true',
      'automatic_tax[enabled]': 'true',
      'line_items[0][price_data][currency]': 'gbp',
      'line_items[0][price_data][tax_behavior]': 'inclusive',
      'shipping_options[0][shipping_rate_data][tax_behavior]': 'inclusive',
      'tax_id_collection[enabled]': 'true',
      'invoice_creation[enabled]': 'true',
    });
    expect(fields!['discounts[0][promotion_code]']).toBeUndefined();
  });

  it('US: the lines and shipping are tax-exclusive (sales tax is added at checkout)', async () => {
    const s = shopper(t, { 'CF-IPCountry': 'US' });
    await s.post('/cart/add', { product_id: '1' });
    const { fields } = await checkout(s);
    expect(fields).toMatchObject({
      'line_items[0][price_data][currency]': 'usd',
      'line_items[0][price_data][tax_behavior]': 'exclusive',
      'shipping_options[0][shipping_rate_data][tax_behavior]': 'exclusive',
      'shipping_options[1][shipping_rate_data][tax_behavior]': 'exclusive',
      'automatic_tax[enabled]': 'true',
    });
  });

  it('without STRIPE_TAX the session asks for no tax and still takes codes', async () => {
    const s = shopper(untaxed, { 'CF-IPCountry': 'GB' });
    await s.post('/cart/add', { product_id: '1' });
    const { fields } = await checkout(s);
    expect(fields!.allow_promotion_codes).toBe('true');
    expect(Object.keys(fields!).filter((k) => /tax/.test(k))).toEqual([]);
  });

  it('an account without Stripe Tax set up refuses the session as Stripe does: the shopper is told, nothing stays held', async () => {
    stripe.state.taxActive = false;
    try {
      const s = shopper(t, { 'CF-IPCountry': 'GB' });
      await s.post('/cart/add', { product_id: '1' });
      const { res } = await checkout(s);
      expect(res.status).toBe(502);
    } finally {
      stripe.state.taxActive = true;
    }
  });
});

describe('what the pages say about tax', () => {
  it('the GB product page says the price includes VAT, the US one that tax is added; neither without STRIPE_TAX', async () => {
    const gb = (await t.get('/gb/product/1')).html;
    expect(textOf(mainOf(gb))).toContain('incl. VAT');
    const product = jsonLdBlocks(gb).find((b) => b['@type'] === 'Product') as { offers: Array<{ priceSpecification: object }> };
    expect(product.offers[0]!.priceSpecification).toMatchObject({ priceCurrency: 'GBP', valueAddedTaxIncluded: true });
    const us = textOf(mainOf((await t.get('/us/product/1')).html));
    expect(us).toContain('plus sales tax');
    expect(us).not.toContain('incl. VAT');
    expect(textOf(mainOf((await t.get('/eu/product/1')).html))).toContain('incl. VAT');
    const plain = textOf(mainOf((await untaxed.get('/gb/product/1')).html));
    expect(plain).not.toMatch(/incl\. VAT|sales tax/);
  });

  it('the cart says how tax is charged in its currency', async () => {
    const gb = shopper(t, { 'CF-IPCountry': 'GB' });
    await gb.post('/cart/add', { product_id: '1' });
    expect(textOf(mainOf((await gb.get('/cart')).html))).toContain('Prices include VAT');
    const us = shopper(t, { 'CF-IPCountry': 'US' });
    await us.post('/cart/add', { product_id: '1' });
    expect(textOf(mainOf((await us.get('/cart')).html))).toContain('Sales tax, where it applies, is added at checkout');
  });

  it('the policies say prices include VAT when it is on, and exclude taxes when it is off', async () => {
    for (const path of ['/terms-of-service', '/shipping-policy']) {
      const on = textOf(mainOf((await t.get(path)).html));
      expect(on).toContain('in EUR (€) and include VAT');
      expect(on).not.toContain('exclude taxes');
      expect(textOf(mainOf((await untaxed.get(path)).html))).toContain('in EUR (€) and exclude taxes');
      expect(textOf(mainOf((await t.get(`/us${path}`)).html))).toContain('in USD ($) and exclude sales tax, which is added at checkout');
    }
    expect(textOf(mainOf((await t.get('/terms-of-service')).html))).toContain('US dollar prices are before sales tax');
  });
});

describe('discount links', () => {
  it('/gb/discount/SPRING10?redirect=/gb/products keeps the code and lands there, told once what it gives', async () => {
    const s = shopper(t, { 'CF-IPCountry': 'GB' });
    const { res } = await s.get('/gb/discount/SPRING10?redirect=/gb/products?category=pistols');
    expect(res.status).toBe(302);
    expect(res.headers.get('location')).toBe('/gb/products?category=pistols');
    expect(res.headers.get('x-robots-tag')).toBe('noindex');
    expect(res.headers.get('cache-control')).toBe('no-store');
    const landed = await s.get('/gb/products?category=pistols');
    expect(mainOf(landed.html)).toMatch(/role="status"[^>]*>SPRING10: 10% off at checkout</);
    expect(mainOf((await s.get('/gb/products')).html)).not.toContain('SPRING10');

    await s.post('/gb/cart/add', { product_id: '1' });
    const cart = mainOf((await s.get('/gb/cart')).html);
    expect(cart).toContain('data-cart-offer="SPRING10"');
    const before = stripe.received.length;
    await s.post('/gb/cart/checkout', {}, { Accept: 'application/json' });
    const fields = stripe.received.slice(before).at(-1)!.fields;
    expect(fields['discounts[0][promotion_code]']).toBe('promo_test_1');
    expect(fields.allow_promotion_codes).toBeUndefined();
  });

  it('a bare /discount/ link works too, in the visitor’s currency, and an amount off shows in it', async () => {
    const s = shopper(t, { 'CF-IPCountry': 'US' });
    const { res } = await s.get('/discount/take15');
    expect(res.headers.get('location')).toBe('/');
    expect(mainOf((await s.get('/')).html)).toContain('TAKE15: $19.00 off at checkout');
  });

  it('the cart shows what the code takes off and the total to expect: −£15.00 with 10% on £149.99', async () => {
    const s = shopper(t, { 'CF-IPCountry': 'GB' });
    await s.get('/gb/discount/SPRING10');
    await s.post('/gb/cart/add', { product_id: '1' });
    const cart = mainOf((await s.get('/gb/cart')).html);
    expect(cart).toMatch(/data-cart-discount="true">−£15\.00</);
    expect(textOf(cart)).toContain('free on orders over £150.00 (£0.02 to go)');
    // £149.99 less £15.00, with standard delivery to the UK (£4.99): what checkout will show.
    expect(textOf(cart)).toContain('To pay with standard delivery: about £139.98');
  });

  it('the cart says the free-delivery threshold in the shopper’s currency', async () => {
    const eu = shopper(t, { 'CF-IPCountry': 'DE' });
    await eu.post('/eu/cart/add', { product_id: '4' });
    const text = textOf(mainOf((await eu.get('/eu/cart')).html));
    expect(text).toMatch(/Standard delivery is free on orders over €175\.00 \(€\d+\.\d\d to go\)/);
    expect(text).not.toContain('£150');
    const us = shopper(t, { 'CF-IPCountry': 'US' });
    await us.post('/us/cart/add', { product_id: '4' });
    expect(textOf(mainOf((await us.get('/us/cart')).html))).toMatch(/free on orders over \$200\.00/);
  });

  it('a US cart and its payment page speak of import duties with the owner’s estimate; a GB or EU cart does not; the shipping policy says who pays', async () => {
    const us = shopper(t, { 'CF-IPCountry': 'US' });
    await us.post('/us/cart/add', { product_id: '1' });
    const usCart = mainOf((await us.get('/us/cart')).html);
    expect(textOf(usCart)).toContain(
      'Import duties and taxes may be due on delivery to the United States (our estimate: about 10% of the order’s value)',
    );
    const { fields } = await checkout(us);
    expect(fields!['custom_text[shipping_address][message]']).toMatch(
      /^Import duties and taxes may be due on delivery to the United States/,
    );
    for (const [market, country] of [
      ['gb', 'GB'],
      ['eu', 'DE'],
    ] as const) {
      const s = shopper(t, { 'CF-IPCountry': country });
      await s.post(`/${market}/cart/add`, { product_id: '1' });
      // The cart's island carries each region's note (the visitor may switch region there); none is shown.
      expect(mainOf((await s.get(`/${market}/cart`)).html), market).not.toContain('data-duties-note');
      expect((await checkout(s)).fields!['custom_text[shipping_address][message]'], market).toBeUndefined();
    }
    const policy = textOf(mainOf((await t.get('/shipping-policy')).html));
    expect(policy).toContain('paid by the recipient');
    expect(policy).toContain('to the United States (our estimate: about 10% of the order’s value)');
    expect(policy).toContain('to the rest of the world (our estimate:');
  });

  it.each([
    'https://evil.example/products',
    '//evil.example/products',
    '/\t/evil.example',
    'javascript:alert(1)',
    // The audit's four: dot segments and %2e resolved into a leading '//'.
    '/.//evil.example/pay',
    '/a/..//evil.example',
    '/%2e//evil.example',
    '/gb/..//evil.example',
  ])('a redirect to %s stays on this site (the market home)', async (target) => {
    const { res } = await shopper(t).get(`/gb/discount/SPRING10?redirect=${encodeURIComponent(target)}`);
    expect(res.status).toBe(302);
    expect(res.headers.get('location')).toBe('/gb');
  });

  it('an inactive or unknown code keeps nothing and says so; checkout then lets the shopper type one at Stripe', async () => {
    const s = shopper(t, { 'CF-IPCountry': 'GB' });
    for (const code of ['OLDCODE', 'NOSUCHCODE', 'bad%20code']) {
      const { res } = await s.get(`/gb/discount/${code}?redirect=/gb/cart`);
      expect(res.headers.getSetCookie().some((c) => c.startsWith('offer='))).toBe(false);
      const page = mainOf((await s.get('/gb/cart')).html);
      expect(page).toMatch(/role="alert"[^>]*>[^<]*not a code we can accept/);
      expect(page).not.toContain('bad code');
    }
    await s.post('/gb/cart/add', { product_id: '1' });
    expect(mainOf((await s.get('/gb/cart')).html)).not.toContain('data-cart-offer');
    const { fields } = await checkout(s);
    expect(fields!.allow_promotion_codes).toBe('true');
    expect(fields!['discounts[0][promotion_code]']).toBeUndefined();
  });

  it('a code switched off after it was kept is not carried: the checkout stops, says so, and forgets it', async () => {
    const s = shopper(t, { 'CF-IPCountry': 'GB' });
    await s.get('/discount/SPRING10');
    await s.post('/cart/add', { product_id: '1' });
    stripe.setPromotionActive('SPRING10', false);
    try {
      const sessions = stripe.sessionCount();
      const { res, body } = await checkout(s);
      expect(res.status).toBe(409);
      expect(JSON.parse(body)).toMatchObject({ error: expect.stringContaining('SPRING10 is not a code we can accept'), offer: null });
      expect(stripe.sessionCount()).toBe(sessions);
      expect(mainOf((await s.get('/cart')).html)).not.toContain('data-cart-offer');
      const again = await checkout(s);
      expect(again.fields!.allow_promotion_codes).toBe('true');
    } finally {
      stripe.setPromotionActive('SPRING10', true);
    }
  });

  it('the cart field applies a code and Remove forgets it (no JavaScript)', async () => {
    const s = shopper(t, { 'CF-IPCountry': 'GB' });
    await s.post('/cart/add', { product_id: '1' });
    let { res } = await s.post('/cart/discount', { code: 'spring10' });
    expect(res.status).toBe(303);
    expect(mainOf((await s.get('/cart')).html)).toContain('data-cart-offer="SPRING10"');
    const refused = await s.post('/cart/discount', { code: 'OLDCODE' });
    expect(refused.res.status).toBe(400);
    ({ res } = await s.post('/cart/discount/remove', {}));
    expect(res.status).toBe(303);
    const cart = mainOf((await s.get('/cart')).html);
    expect(cart).not.toContain('data-cart-offer');
    expect(cart).toContain('SPRING10 removed');
  });

  it('is disallowed to robots and named in no sitemap', async () => {
    const robots = await (await fetch(`${t.url}/robots.txt`)).text();
    expect(robots).toContain('Disallow: /discount/');
    expect(robots).toContain('Disallow: /*/discount/');
    expect(await (await fetch(`${t.url}/sitemap.xml`)).text()).not.toContain('discount');
  });
});

/** A signed event delivered to the shop's webhook. */
const post = (event: { body: string; headers: Record<string, string> }) =>
  fetch(`${t.url}/webhooks/stripe`, { method: 'POST', body: event.body, headers: event.headers });

describe('a paid order with a code and VAT', () => {
  it('keeps the £15.00 discount and the VAT, and shows both on the thank-you and order pages, in the mail and to the operator', async () => {
    const s = shopper(t, { 'CF-IPCountry': 'GB' });
    await s.get('/gb/discount/SPRING10');
    await s.post('/gb/cart/add', { product_id: '1' }); // £149.99: 10% is £15.00
    const { body } = await s.post('/gb/cart/checkout', {}, { Accept: 'application/json' });
    const id = /cs_test_\d+/.exec(body)![0];
    const success = new URL(stripe.complete(id));
    expect((await post(stripe.signedEvent('checkout.session.completed', id, SECRET))).status).toBe(200);

    const [order] = await t.deps.db.select().from(orders).where(eq(orders.sessionId, id));
    // £149.99 − £15.00 + £4.99 standard shipping = £139.98, VAT inside it: 13998 × 20/120 = 2333.
    expect(order).toMatchObject({
      subtotal: 14999,
      discount: 1500,
      discountCode: 'SPRING10',
      shipping: 499,
      tax: 2333,
      taxLabel: 'VAT 20%',
      taxInclusive: true,
      total: 13998,
      // Stripe Tax asks for an invoice: its hosted page is kept with the order.
      invoiceUrl: expect.stringMatching(/^https:\/\/invoice\.stripe\.com\/i\/acct_test_emulated\/test_\d+$/),
    });

    const thanks = await s.get(`${success.pathname}${success.search}`);
    // The code went with the order: the cart forgets it.
    expect(thanks.res.headers.getSetCookie().some((c) => c.startsWith('offer=;') || /^offer=[^;]*;.*Max-Age=0/.test(c))).toBe(true);
    const main = textOf(mainOf(thanks.html));
    expect(main).toContain('Discount (SPRING10) −£15.00');
    expect(main).toContain('VAT 20% (included) £23.33');
    expect(pageEvents(thanks.html)).toEqual([
      { event: 'purchase', ecommerce: expect.objectContaining({ value: 139.98, tax: 23.33, coupon: 'SPRING10', currency: 'GBP' }) },
    ]);

    const orderHtml = mainOf((await t.get(orderPagePath(order!.number, order!.token))).html);
    expect(orderHtml).toContain(`href="${order!.invoiceUrl}"`);
    const page = textOf(orderHtml);
    expect(page).toContain('Your invoice (on Stripe, to view or download).');
    expect(page).toContain('Discount (SPRING10) −£15.00');
    expect(page).toContain('VAT 20% (included) £23.33');
    expect(page).toContain('Total £139.98');

    const mail = await vi.waitFor(
      () => {
        const found = running.postmark.accepted
          .map((m) => m.body as { Subject: string; TextBody: string })
          .find((m) => m.Subject === `Order confirmed: ${order!.number}`);
        expect(found).toBeDefined();
        return found!;
      },
      { timeout: 5000 },
    );
    expect(mail.TextBody).toContain('Discount (SPRING10)  −£15.00');
    expect(mail.TextBody).toContain('VAT 20% (included)  £23.33');
    expect(mail.TextBody).toContain('Total  £139.98');
    expect(mail.TextBody).toContain(`Your invoice: ${order!.invoiceUrl}`);

    const shown = await runOrderCommand({ ...t.deps, gateway: null, log }, parseOrderCommand(['show', order!.number]));
    expect(shown).toContain('Discount (SPRING10)  −£15.00');
    expect(shown).toContain('VAT 20% (included)  £23.33');
  });

  it('a code typed on Stripe’s page and US sales tax added on top are kept as Stripe reports them', async () => {
    const s = shopper(t, { 'CF-IPCountry': 'US' });
    await s.post('/cart/add', { product_id: '1' }); // $189.99
    const { body } = await s.post('/cart/checkout', {}, { Accept: 'application/json' });
    const id = /cs_test_\d+/.exec(body)![0];
    stripe.typeCode(id, 'spring10');
    stripe.complete(id);
    expect((await post(stripe.signedEvent('checkout.session.completed', id, SECRET))).status).toBe(200);
    const [order] = await t.deps.db.select().from(orders).where(eq(orders.sessionId, id));
    // $189.99 − $19.00 + the shipping, and 6.25% of that on top.
    const taxable = 18999 - 1900 + order!.shipping;
    const tax = Math.round((taxable * 6.25) / 100);
    expect(order).toMatchObject({
      discount: 1900,
      discountCode: 'SPRING10',
      tax,
      taxLabel: 'Sales Tax 6.25%',
      taxInclusive: false,
      total: taxable + tax,
    });
  });
});

describe('promotion code look-ups', () => {
  it('a flood of look-ups from one network meets 429', async () => {
    const s = shopper(t);
    const answers = [];
    for (let i = 0; i < 45; i++) answers.push((await s.get(`/discount/CODE${i}`)).res);
    expect(answers.some((r) => r.status === 429 && Number(r.headers.get('retry-after')) > 0)).toBe(true);
    expect(answers.filter((r) => r.status === 302).length).toBeLessThanOrEqual(40);
  });
});
