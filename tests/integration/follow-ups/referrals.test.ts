import { eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it, vi } from 'vitest';
import { orderAccess } from '#worker/order-access/access-tables.ts';
import { orders } from '#worker/orders/order-tables.ts';
import { newToken, tokenHash } from '#worker/base/secret-tokens.ts';
import { openSession } from '#worker/admin/admin-sessions.ts';
import { deliver, shipOrder } from '../../support/paid-orders';
import { startPaymentsApp, type PaymentsApp } from '../../support/payments-app';
import { shopper } from '../../support/shopper';
import { keptLog, type TestApp } from '../../support/test-app';
import { formToken, textOf } from '../../support/html';

/**
 * Refer a Friend over HTTP (issue 49): a paid order's confirmation names the buyer's code, which Stripe
 * takes for first orders at €20 (£17, $22) off; a friend's first order with it rewards the buyer once
 * with a single-use code worth the same; a second order of the friend, or the buyer's own, nothing.
 */
const SECRET = 'whsec_test_referrals';
/** An hour of "your orders" for the referrer, as the mailed link opens it. */
const ACCESS = newToken();
let running: PaymentsApp;
let t: TestApp;
const { log, lines: logged } = keptLog();

beforeAll(async () => {
  // Each buyer checks out from a network of their own (the address the proxy names), as friends do.
  running = await startPaymentsApp(SECRET, log, { ADMIN_EMAILS: 'owner@example.com', CLIENT_IP_HEADER: 'X-Forwarded-For' });
  t = running.app;
});
afterAll(() => running.close());

type Mail = { To: string; Subject: string; TextBody: string };
const mails = () => running.postmark.accepted.map((m) => m.body as Mail);
const rewards = (to: string) => mails().filter((m) => m.To === to && m.Subject.startsWith('A friend ordered with your code'));
const webhook = (event: { body: string; headers: Record<string, string> }) => deliver(running, event);

/**
 * A UK shopper pays for a G-Series pistol through the cart, with `code` applied there when given; the
 * event is delivered `times`. `unpaid`: a delayed method whose payment is still to settle.
 */
const networks = new Map<string, string>();
/** A network of the buyer's own: one /24 per address, unless `from` names another buyer's. */
const networkOf = (email: string) => {
  if (!networks.has(email)) networks.set(email, `10.${networks.size + 1}.7.5`);
  return networks.get(email)!;
};

async function buys(email: string, code?: string, times = 1, unpaid = false, from = email) {
  const s = shopper(t, { 'CF-IPCountry': 'GB', 'X-Forwarded-For': networkOf(from) });
  await s.post('/gb/cart/add', { product_id: '1' });
  if (code) expect((await s.post('/gb/cart/discount', { code })).res.status).toBe(303);
  const { body } = await s.post('/gb/cart/checkout', {}, { Accept: 'application/json' });
  const id = /cs_test_\d+/.exec(body)![0];
  running.stripe.received.at(-1)!.fields.customer_email = email; // the address typed at Stripe
  running.stripe.complete(id, unpaid ? 'unpaid' : 'paid');
  for (let i = 0; i < times; i++)
    expect((await webhook(running.stripe.signedEvent('checkout.session.completed', id, SECRET))).status).toBe(200);
  const [order] = await t.deps.db.select().from(orders).where(eq(orders.sessionId, id));
  return order!;
}

/** The buyer's code, as their confirmation names it. */
async function codeOf(email: string, number: string) {
  const confirmation = await vi.waitFor(() => {
    const found = mails().find((m) => m.To === email && m.Subject === `Order confirmed: ${number}`);
    expect(found).toBeDefined();
    return found!;
  });
  return /give friends your code (FRIEND-[A-Z0-9]{8})\./.exec(confirmation.TextBody)![1]!;
}

describe('Refer a Friend', () => {
  it('names the buyer’s code, rewards them once for a friend’s first order, and never for a second or their own', async () => {
    const referrer = 'ref.errer@example.com';
    const first = await buys(referrer);
    const code = await codeOf(referrer, first.number);
    const confirmation = mails().find((m) => m.Subject === `Order confirmed: ${first.number}`)!;
    // A UK buyer reads pounds first.
    expect(confirmation.TextBody).toContain('It takes £17.00 (€20.00, $22.00) off their first order');
    // Stripe has it: on the one referral coupon, for first orders only, in every currency.
    await vi.waitFor(() => expect(running.stripe.promotion(code)).toBeDefined());
    expect(running.stripe.promotion(code)).toMatchObject({
      firstTimeOnly: true,
      max_redemptions: null,
      coupon: {
        id: 'refer-a-friend',
        amount_off: 2000,
        currency: 'eur',
        currency_options: { gbp: { amount_off: 1700 }, usd: { amount_off: 2200 } },
      },
    });

    // A friend's first order with it (the event delivered twice): £17 off at Stripe, one reward.
    const friend = await buys('new.friend@example.com', code, 2);
    expect(friend.discountCode).toBe(code);
    expect(friend.discount).toBe(1700);
    const reward = await vi.waitFor(() => {
      const sent = rewards(referrer);
      expect(sent).toHaveLength(1);
      return sent[0]!;
    });
    const thanks = /Your code: (THANKS-[A-Z0-9]{10})\./.exec(reward.TextBody)![1]!;
    expect(reward.TextBody).toContain(`placed their first order (${friend.number})`);
    expect(reward.Subject).toBe('A friend ordered with your code: here is your £17.00 off');
    expect(reward.TextBody).toContain('It takes £17.00 (€20.00, $22.00) off your next order');
    expect(running.stripe.promotion(thanks)).toMatchObject({ max_redemptions: 1, firstTimeOnly: false, coupon: { id: 'refer-a-friend' } });

    // The same friend again, and the referrer with their own code: Stripe takes it from neither (first orders only).
    await expect(buys('new.friend@example.com', code)).rejects.toThrow('prior transactions');
    await expect(buys(referrer, code)).rejects.toThrow('prior transactions');
    // A friend whose first order is still to be paid (a delayed method) has bought before all the
    // same: Stripe takes the code for their next order, the shop gives no reward for it.
    await buys('slow.friend@example.com', undefined, 1, true);
    const second = await buys('slow.friend@example.com', code);
    expect(second.discount).toBe(1700);
    await new Promise((r) => setTimeout(r, 300));
    expect(rewards(referrer)).toHaveLength(1);

    // A "friend" who is the referrer at another address, from the referrer's own network: Stripe takes
    // the code (a first order of that address), the shop gives no reward for it.
    const own = await buys('ref.errer.again@example.com', code, 1, false, referrer);
    expect(own.discount).toBe(1700);
    await new Promise((r) => setTimeout(r, 300));
    expect(rewards(referrer)).toHaveLength(1);
    await vi.waitFor(() =>
      expect(logged.some((l) => l.msg.startsWith('referral not rewarded') && l.fields?.order === own.number)).toBe(true),
    );

    // The referrer's "your orders" page names the code too.
    await t.deps.db.insert(orderAccess).values({
      tokenHash: await tokenHash(ACCESS),
      kind: 'session',
      email: referrer,
      expiresAt: new Date(Date.now() + 60_000).toISOString(),
    });
    expect((await shopper(t, { Cookie: `orders_access=${ACCESS}` }).get('/gb/orders')).html).toContain(`data-referral-code="${code}"`);

    // The back office shows the code issued and the reward.
    const office = shopper(t, { Cookie: `__Host-admin=${await openSession(t.deps.db, 'owner@example.com')}` });
    const page = await office.get('/admin/referrals');
    expect(page.res.status).toBe(200);
    expect(page.html).toContain(`data-referral-code="${code}"`);
    expect(page.html).toContain(thanks);
  });
});

describe('a friend’s order refunded in full', () => {
  it('switches off the referrer’s reward while unused, once; a reward already used stays', async () => {
    const referrer = 'second.referrer@example.com';
    const code = await codeOf(referrer, (await buys(referrer)).number);
    await vi.waitFor(() => expect(running.stripe.promotion(code)).toBeDefined());
    const thanksFor = async (friendNumber: string) => {
      const mail = await vi.waitFor(() => {
        const found = rewards(referrer).find((m) => m.TextBody.includes(friendNumber));
        expect(found).toBeDefined();
        return found!;
      });
      expect(mail.TextBody).toContain(
        'if it comes back to us (for a refund or store credit) before you use the code, the code stops working',
      );
      return /Your code: (THANKS-[A-Z0-9]{10})\./.exec(mail.TextBody)![1]!;
    };
    const refundInFull = async (order: { sessionId: string | null; total: number }) => {
      running.stripe.refund(order.sessionId!, order.total);
      const event = running.stripe.signedObjectEvent('charge.refunded', running.stripe.chargeOf(order.sessionId!), SECRET);
      for (let i = 0; i < 2; i++) expect((await webhook(event)).status).toBe(200);
    };

    const friend = await buys('refunding.friend@example.com', code);
    const unused = await thanksFor(friend.number);
    await refundInFull(friend);
    expect(running.stripe.promotion(unused)).toMatchObject({ active: false, times_redeemed: 0 });
    const office = shopper(t, { Cookie: `__Host-admin=${await openSession(t.deps.db, 'owner@example.com')}` });
    const timeline = textOf((await office.get(`/admin/orders/${friend.number}`)).html);
    expect(timeline.match(/unused reward code switched off/g)).toHaveLength(1);
    // The cart no longer takes it.
    const cart = shopper(t, { 'CF-IPCountry': 'GB' });
    await cart.post('/gb/cart/add', { product_id: '1' });
    expect((await cart.post('/gb/cart/discount', { code: unused })).res.status).not.toBe(303);

    const keeper = await buys('keeping.friend@example.com', code);
    const used = await thanksFor(keeper.number);
    await buys(referrer, used);
    await refundInFull(keeper);
    expect(running.stripe.promotion(used)).toMatchObject({ active: true, times_redeemed: 1 });
    expect(textOf((await office.get(`/admin/orders/${keeper.number}`)).html)).not.toContain('unused reward code switched off');
  });
});

describe('a friend’s order returned for store credit', () => {
  it('switches the referrer’s unused reward off at Stripe: rewards follow the goods, not only a full refund', async () => {
    const referrer = 'third.referrer@example.com';
    const code = await codeOf(referrer, (await buys(referrer)).number);
    await vi.waitFor(() => expect(running.stripe.promotion(code)).toBeDefined());
    const friend = await buys('crediting.friend@example.com', code);
    const mail = await vi.waitFor(() => {
      const found = rewards(referrer).find((m) => m.TextBody.includes(friend.number));
      expect(found).toBeDefined();
      return found!;
    });
    const thanks = /Your code: (THANKS-[A-Z0-9]{10})\./.exec(mail.TextBody)![1]!;
    const office = shopper(t, { Cookie: `__Host-admin=${await openSession(t.deps.db, 'owner@example.com')}` });
    await shipOrder(running, office, friend, 1);
    const browser = shopper(t);
    expect((await browser.get(`/gb/orders/${friend.number}?token=${friend.token}`)).res.status).toBe(200);
    expect(
      (await browser.post(`/gb/orders/${friend.number}/return`, { line_1: '1', reason: 'changed_mind', wants: 'credit' })).res.status,
    ).toBe(303);
    const request = `${friend.number}-R1`;
    expect((await office.post(`/admin/orders/${friend.number}/returns/${request}/accept`, { form_token: formToken() })).res.status).toBe(
      303,
    );
    expect(running.stripe.promotion(thanks)).toMatchObject({ active: true });
    expect(
      (await office.post(`/admin/orders/${friend.number}/returns/${request}/receive`, { form_token: formToken(), confirmed: '1' })).res
        .status,
    ).toBe(303);
    expect(running.stripe.promotion(thanks)).toMatchObject({ active: false, times_redeemed: 0 });
    expect(textOf((await office.get(`/admin/orders/${friend.number}`)).html).match(/unused reward code switched off/g)).toHaveLength(1);
  });
});
