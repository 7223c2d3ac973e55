import { shipOrder } from '#worker/fulfilment/order-fulfilment.ts';
import { markDelivered } from '#worker/fulfilment/order-delivered.ts';
import { formatMinor } from '#shared/money.ts';
import { eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it, vi } from 'vitest';
import { orders } from '#worker/orders/order-tables.ts';
import { deliver, placePaidOrder } from '../../support/paid-orders';
import { startPaymentsApp, type PaymentsApp } from '../../support/payments-app';
import { shopper } from '../../support/shopper';
import { keptLog, type TestApp } from '../../support/test-app';
import { mainOf, textOf } from '../../support/html';

/**
 * The shop's own invoice for a paid order (issue 58), over HTTP: linked from the order page and the
 * confirmation mail, naming the seller of the order's market with its address and VAT number, the
 * buyer's billing and delivery addresses in full, the lines, delivery, tax and payment, numbered in
 * sequence once and for good; nothing for a visitor without the order's key or an unpaid order.
 */
const SECRET = 'whsec_test_invoices';
let running: PaymentsApp;
let t: TestApp;
const { log } = keptLog();

beforeAll(async () => {
  running = await startPaymentsApp(SECRET, log, { VAT_NUMBER_GB: 'GB 123 4567 89' });
  t = running.app;
});
afterAll(() => running.close());

type Mail = { To: string; Subject: string; TextBody: string; HtmlBody?: string };

/** A UK shopper pays for product `id` through the cart (the session asks for the whole billing address). */
async function buys(email: string, id = '1', unpaid = false) {
  const s = shopper(t, { 'CF-IPCountry': 'GB' });
  await s.post('/gb/cart/add', { product_id: id });
  const { body } = await s.post('/gb/cart/checkout', {}, { Accept: 'application/json' });
  const session = /cs_test_\d+/.exec(body)![0];
  const fields = running.stripe.received.at(-1)!.fields;
  expect(fields.billing_address_collection).toBe('required');
  fields.customer_email = email;
  running.stripe.complete(session, unpaid ? 'unpaid' : 'paid');
  expect((await deliver(running, running.stripe.signedEvent('checkout.session.completed', session, SECRET))).status).toBe(200);
  const [order] = await t.deps.db.select().from(orders).where(eq(orders.sessionId, session));
  return order!;
}

describe('invoices', () => {
  it('the order page and the confirmation link an invoice naming the seller, its VAT number and the buyer’s full addresses, numbered once in sequence', async () => {
    const order = await buys('invoiced@example.com');
    const page = await fetch(`${t.url}/orders/${order.number}?token=${order.token}`, { redirect: 'manual' });
    const link = /<a href="([^"]+)"[^>]*data-invoice-link=""/.exec(await page.text())?.[1];
    expect(link).toBe(`/orders/${order.number}/invoice`);
    // The order page's key (its cookie, for its path) opens the invoice beside it.
    const cookie = page.headers
      .getSetCookie()
      .map((c) => c.split(';')[0])
      .join('; ');
    const invoice = await fetch(`${t.url}${link}`, { headers: { Cookie: cookie } });
    expect(invoice.status).toBe(200);
    expect(invoice.headers.get('cache-control')).toBe('no-store');
    const text = textOf(mainOf(await invoice.text()));
    const number = /Invoice (SP-INV-\d{6})/.exec(text)![1]!;
    for (const words of [
      'StrikePoint Training Ltd',
      'Unit 4, Riverside Business Park',
      'Leeds LS10 1AB',
      'VAT number GB 123 4567 89',
      `Order ${order.number}`,
      // Billed to: the whole billing address Stripe collected; delivered to: the whole shipping address.
      'Billed to Sam Shopper 9 Ledger Lane Flat 2 York YO1 7HH United Kingdom invoiced@example.com',
      // Deliver to, not "Delivered to": the parcel has not been marked delivered.
      'Deliver to Sam Shopper 1 Range Road Leeds LS1 1AA United Kingdom',
      'G-Series Laser Training Pistol 1 £149.99 £149.99',
      'Total £',
      'Paid in GBP with Visa ending 4242 online through Stripe',
    ])
      expect(text).toContain(words);
    expect(text).not.toContain('Delivered to');
    expect(text).toMatch(/Date of supply \d{1,2} [A-Z][a-z]+ \d{4}/);
    // A VAT invoice (VAT_NUMBER_GB set): the rate, what it is charged on and the VAT, within the prices paid.
    const vat = Math.round((order.total * 20) / 120);
    expect(text).toContain(`VAT Rate Net VAT 20% ${formatMinor(order.total - vat, 'GBP')} ${formatMinor(vat, 'GBP')}`);
    expect(text).not.toContain('Not a VAT invoice');
    // Opened again: the same number. The next order's invoice: the next number.
    const again = textOf(await (await fetch(`${t.url}${link}`, { headers: { Cookie: cookie } })).text());
    expect(again).toContain(`Invoice ${number}`);
    const next = await buys('next@example.com', '2');
    const nextText = textOf(await (await fetch(`${t.url}/orders/${next.number}/invoice?token=${next.token}`)).text());
    expect(nextText).toContain(`Invoice SP-INV-${String(Number(number.slice(7)) + 1).padStart(6, '0')}`);
    // The confirmation mail links it.
    const mail = await vi.waitFor(() => {
      const found = running.postmark.accepted.map((m) => m.body as Mail).find((m) => m.Subject === `Order confirmed: ${order.number}`);
      expect(found).toBeDefined();
      return found!;
    });
    expect(mail.TextBody).toContain(`Your invoice: ${t.deps.settings.SITE_URL}/orders/${order.number}/invoice?token=${order.token}`);
    // Two parts: the text, and the same words as HTML in the shop's look with the links as buttons.
    expect(mail.HtmlBody).toMatch(
      new RegExp(`<a href="${t.deps.settings.SITE_URL}/orders/${order.number}/invoice\\?token=${order.token}"[^>]*>[\\s\\S]*?Your invoice`),
    );
    expect(mail.HtmlBody).toMatch(new RegExp(`<a href="${t.deps.settings.SITE_URL}/orders/${order.number}\\?token=${order.token}"`));
    expect(mail.HtmlBody).toContain(`Your order number is ${order.number}.`);
  });

  it('a euro order: sold by the UK company, dispatched from Vilnius; not a VAT invoice without the Lithuanian number; Delivered to once delivered', async () => {
    const { order } = await placePaidOrder(running, { currency: 'EUR', region: 'EU', email: 'euro@example.com' });
    const deps = { ...t.deps, log };
    await shipOrder(deps, { number: order.number, carrier: 'dpd-eu', tracking: '01234567890123', url: null }, 'test');
    const read = async () => textOf(mainOf(await (await fetch(`${t.url}/orders/${order.number}/invoice?token=${order.token}`)).text()));
    const before = await read();
    for (const words of ['StrikePoint Training Ltd', 'Leeds LS10 1AB', 'Goods dispatched from Vilnius', 'Deliver to', 'Not a VAT invoice'])
      expect(before).toContain(words);
    expect(before).not.toContain('Savanorių');
    expect(before).not.toMatch(/VAT number [A-Z]{2}/);
    await markDelivered(deps, { number: order.number, on: null }, 'test');
    expect(await read()).toContain('Delivered to');
  });

  it('a euro order to France from a shop registered in Lithuania: sold by its EU entity, at France’s rate (a distance sale, OSS)', async () => {
    const eu = await startPaymentsApp('whsec_test_invoices_eu', log, {
      VAT_NUMBER_LT: 'LT100000000018',
      LEGAL_NAME_LT: 'StrikePoint Training UAB',
    });
    try {
      const s = shopper(eu.app, { 'CF-IPCountry': 'FR' });
      await s.post('/eu/cart/add', { product_id: '1' });
      const { body } = await s.post('/eu/cart/checkout', {}, { Accept: 'application/json' });
      const session = /cs_test_\d+/.exec(body)![0];
      // The payment page offers EU countries only (the session's allowed list): France here.
      expect(() => eu.stripe.complete(session, 'paid', { shipping: { name: 'Camille', line1: '1 rue du Stand', country: 'US' } })).toThrow(
        'not offered',
      );
      eu.stripe.complete(session, 'paid', { shipping: { name: 'Camille', line1: '1 rue du Stand', country: 'FR' } });
      expect((await deliver(eu, eu.stripe.signedEvent('checkout.session.completed', session, eu.secret))).status).toBe(200);
      const [order] = await eu.app.deps.db.select().from(orders).where(eq(orders.sessionId, session));
      const page = await fetch(`${eu.app.url}/orders/${order!.number}/invoice?token=${order!.token}`);
      const text = textOf(mainOf(await page.text()));
      for (const words of [
        'StrikePoint Training UAB',
        'VAT number LT100000000018',
        "20% (France's rate: a distance sale within the EU (OSS))",
      ])
        expect(text).toContain(words);
      const vat = Math.round((order!.total * 20) / 120);
      expect(text).toContain(`${formatMinor(order!.total - vat, 'EUR')} ${formatMinor(vat, 'EUR')}`);
    } finally {
      await eu.close();
    }
  });

  it('gives nothing without the order’s key, for an unknown number, or for an order not yet paid', async () => {
    const order = await buys('keyless@example.com');
    for (const path of [
      `/orders/${order.number}/invoice`,
      `/orders/${order.number}/invoice?token=wrong`,
      '/orders/SP-0000-0000/invoice?token=x',
    ]) {
      const res = await fetch(`${t.url}${path}`);
      expect(res.status, path).toBe(404);
      expect(await res.text(), path).not.toContain('SP-INV-');
    }
    const pending = await buys('pending@example.com', '3', true);
    const res = await fetch(`${t.url}/orders/${pending.number}/invoice?token=${pending.token}`);
    expect(res.status).toBe(404);
    expect(textOf(await res.text())).toContain('once the order is paid');
  });
});
