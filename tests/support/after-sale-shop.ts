import { afterAll, beforeAll, expect } from 'vitest';
import { openSession } from '#worker/admin/admin-sessions.ts';
import { deliver, placePaidOrder, shipOrder, type Line } from './paid-orders';
import { startPaymentsApp, type PaymentsApp } from './payments-app';
import { formToken } from './html';
import { shopper } from './shopper';

type Browser = ReturnType<typeof shopper>;
import { keptLog, type TestApp } from './test-app';

/** The back office's owner in the after-sale tests. */
export const OWNER = 'owner@example.com';

export type Mail = { To: string; Subject: string; TextBody: string };

/**
 * The shop with Stripe's and Postmark's emulations and OWNER allowed into the back office, started
 * before a file's tests and closed after them (call at the top of the file): what every after-sale
 * test file stands on.
 */
export function afterSaleShop(secret: string) {
  const { log } = keptLog();
  let started: PaymentsApp | undefined;
  beforeAll(async () => {
    started = await startPaymentsApp(secret, log, { ADMIN_EMAILS: OWNER });
  });
  afterAll(() => started?.close());
  const shop = {
    get running(): PaymentsApp {
      if (!started) throw new Error('the shop starts in beforeAll');
      return started;
    },
    get t(): TestApp {
      return shop.running.app;
    },
    log,
    /** Every mail Postmark accepted, oldest first. */
    mails: () => shop.running.postmark.accepted.map((m) => m.body as Mail),
    /** A signed Stripe event delivered to the shop's webhook. */
    webhook: (event: { body: string; headers: Record<string, string> }) => deliver(shop.running, event),
    /** The owner's browser, signed in as opening a mailed link would. */
    owner: async () => shopper(shop.t, { Cookie: `__Host-admin=${await openSession(shop.t.deps.db, OWNER)}` }),
    /** A UK order of `line` with free delivery, paid and shipped a day ago; its shopper's browser on its page, and the owner's. */
    async shipped(line: Line) {
      const { order, session } = await placePaidOrder(shop.running, { lines: [line], shipping: 0 });
      const office = await shop.owner();
      await shipOrder(shop.running, office, order, 1);
      const browser = shopper(shop.t);
      expect((await browser.get(`/gb/orders/${order.number}?token=${order.token}`)).res.status).toBe(200);
      return { order, session, office, browser };
    },
    /** What Stripe kept of a session's charge: taken less refunded (the emulator's own record). */
    keptAtStripe(session: string) {
      const charge = shop.running.stripe.chargeOf(session);
      return charge.amount - charge.amount_refunded;
    },
    /** A session paid at Stripe and its completed event delivered. */
    async paid(session: string) {
      shop.running.stripe.complete(session);
      expect((await shop.webhook(shop.running.stripe.signedEvent('checkout.session.completed', session, secret))).status).toBe(200);
    },
    /** Stripe tells the shop a charge's refunds changed (as it does a moment after each refund). */
    async refundedEvent(session: string) {
      const event = shop.running.stripe.signedObjectEvent('charge.refunded', shop.running.stripe.chargeOf(session), secret);
      expect((await shop.webhook(event)).status).toBe(200);
    },
    /** The shopper asks line `line` of `order` back (one unit), wanting `wants` (an exchange is for the £354.99 rifle); its number. */
    async askBack(order: { number: string }, browser: Browser, line: number, wants: 'refund' | 'credit' | 'exchange', n = 1) {
      const asked = { [`line_${line}`]: '1', reason: 'changed_mind', wants, exchange_for: '2' };
      expect((await browser.post(`/gb/orders/${order.number}/return`, asked)).res.status).toBe(303);
      return `${order.number}-R${n}`;
    },
    /** The owner accepts a request and receives its parcel (confirmed): the answer to the receiving. */
    async acceptAndReceive(order: { number: string }, office: Browser, request: string) {
      await office.post(`/admin/orders/${order.number}/returns/${request}/accept`, { form_token: formToken() });
      return office.post(`/admin/orders/${order.number}/returns/${request}/receive`, { form_token: formToken(), confirmed: '1' });
    },
    /** The difference's payment page as the shop opens it for the shopper (its session id), or the answer when it does not. */
    async differencePage(order: { number: string; token: string }, request: string) {
      const pay = await shopper(shop.t).get(`/gb/orders/${order.number}/returns/${request}/pay?token=${order.token}`);
      return { status: pay.res.status, session: /cs_test_\d+/.exec(pay.res.headers.get('location') ?? '')?.[0] ?? null, body: pay.html };
    },
    /** A credit code's checkout: a cart of `productId` with `code`, checked out; the answer and its session. */
    async checkoutWith(code: string, productId = 4, cart = shopper(shop.t, { 'CF-IPCountry': 'GB' })) {
      await cart.post('/gb/cart/add', { product_id: String(productId) });
      expect((await cart.post('/gb/cart/discount', { code })).res.status).toBe(303);
      return shop.checkout(cart);
    },
    /** The cart checked out as its script does: the answer and the session it opened (null when refused). */
    async checkout(cart: Browser) {
      const answer = await cart.post('/gb/cart/checkout', {}, { Accept: 'application/json' });
      return { status: answer.res.status, body: answer.body, session: /cs_test_\d+/.exec(answer.body)?.[0] ?? null, cart };
    },
  };
  return shop;
}
