import { eq, sql } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it, vi } from 'vitest';
import { checkoutRecoveries } from '#worker/recovery/recovery-tables.ts';
import { optedOut, optOut } from '#worker/limits/mail-opt-outs.ts';
import { placePaidOrder } from '../../support/paid-orders';
import { textOf } from '../../support/html';
import { startPaymentsApp, type PaymentsApp } from '../../support/payments-app';
import { shopper } from '../../support/shopper';
import { keptLog, type TestApp } from '../../support/test-app';

/**
 * A checkout left behind (issue 49): a cart's session that expires unpaid, with the shopper's consent
 * to promotional mail at Stripe, owes one reminder that puts the cart back; none without consent,
 * none when the buyer has paid since, none after an unsubscribe (RFC 8058 one-click).
 */
const SECRET = 'whsec_test_reminders';
let running: PaymentsApp;
let t: TestApp;
const { log } = keptLog();

beforeAll(async () => {
  // Each checkout may name its network (the test's X-Forwarded-For), as shoppers on six networks would.
  running = await startPaymentsApp(SECRET, log, { CLIENT_IP_HEADER: 'X-Forwarded-For' });
  t = running.app;
});
afterAll(() => running.close());

type Mail = { To: string; Subject: string; TextBody: string; Headers?: Array<{ Name: string; Value: string }> };
const reminders = (to: string) =>
  running.postmark.accepted
    .map((m) => m.body as Mail)
    .filter((m) => m.To === to && m.Subject === 'Your cart at StrikePoint Training is waiting');
const webhook = (event: { body: string; headers: Record<string, string> }) =>
  fetch(`${t.url}/webhooks/stripe`, { method: 'POST', body: event.body, headers: event.headers });

/** A UK shopper's cart of one G-Series pistol taken to Stripe: the browser and the session's id. */
async function checkoutStarted(network = '127.0.0.1') {
  const s = shopper(t, { 'CF-IPCountry': 'GB', 'X-Forwarded-For': network });
  await s.post('/gb/cart/add', { product_id: '1' });
  const { body } = await s.post('/gb/cart/checkout', {}, { Accept: 'application/json' });
  const id = /cs_test_\d+/.exec(body)![0];
  expect(running.stripe.received.at(-1)!.fields).toMatchObject({
    'consent_collection[promotions]': 'auto',
    'after_expiration[recovery][enabled]': 'true',
  });
  return { s, id };
}

/** The session expires with what the shopper left at Stripe; the event is delivered (twice: Stripe retries). */
async function expires(id: string, left: { email?: string; consent?: 'opt_in' | 'opt_out' }) {
  running.stripe.expire(id, left);
  for (let i = 0; i < 2; i++) expect((await webhook(running.stripe.signedEvent('checkout.session.expired', id, SECRET))).status).toBe(200);
}

describe('a checkout left behind', () => {
  it('with consent: one reminder whose link puts the cart back, with one-click unsubscribe', async () => {
    const email = 'left.it@example.com';
    const { id } = await checkoutStarted();
    await expires(id, { email, consent: 'opt_in' });
    const mail = await vi.waitFor(() => {
      const sent = reminders(email);
      expect(sent).toHaveLength(1);
      return sent[0]!;
    });
    expect(mail.TextBody).toContain('- 1 × G-Series Laser Training Pistol');
    const unsubscribe = mail.Headers!.find((h) => h.Name === 'List-Unsubscribe')!.Value;
    expect(unsubscribe).toMatch(/^<https:\/\/shop\.example\/gb\/mail\/unsubscribe\/[\w-]{43}>$/);
    expect(mail.Headers!.find((h) => h.Name === 'List-Unsubscribe-Post')?.Value).toBe('List-Unsubscribe=One-Click');

    // Another browser follows the link: its cart has the line again.
    const back = shopper(t, { 'CF-IPCountry': 'GB' });
    const link = new URL(/https:\/\/shop\.example(\/gb\/cart\/restore\/\S+)/.exec(mail.TextBody)![1]!, t.url);
    const restored = await back.get(link.pathname);
    expect(restored.res.status).toBe(303);
    expect(restored.res.headers.get('location')).toBe('/gb/cart');
    expect(back.cookie).toBe('1:1');
    expect(textOf((await back.get('/gb/cart')).html)).toContain('Your cart is back.');

    // One click from the mail client (its own server: no Origin), then a later cart of the same address: nothing.
    const path = new URL(unsubscribe.slice(1, -1)).pathname;
    const click = await fetch(`${t.url}${path}`, {
      method: 'POST',
      headers: { 'Content-Type': 'application/x-www-form-urlencoded' },
      body: 'List-Unsubscribe=One-Click',
    });
    expect(click.status).toBe(200);
    const again = await checkoutStarted();
    await expires(again.id, { email: 'LEFT.IT@example.com', consent: 'opt_in' });
    await new Promise((r) => setTimeout(r, 300));
    expect(reminders(email)).toHaveLength(1);
  });

  it('sends nothing without consent, without an address, or when the buyer has paid since', async () => {
    const declined = await checkoutStarted();
    await expires(declined.id, { email: 'no.thanks@example.com', consent: 'opt_out' });
    const anonymous = await checkoutStarted();
    await expires(anonymous.id, { consent: 'opt_in' });

    // The same browser checks out again and pays; its first session then expires.
    const { s, id } = await checkoutStarted();
    const { body } = await s.post('/gb/cart/checkout', {}, { Accept: 'application/json' });
    const paid = /cs_test_\d+/.exec(body)![0];
    expect(paid).not.toBe(id);
    running.stripe.complete(paid);
    expect((await webhook(running.stripe.signedEvent('checkout.session.completed', paid, SECRET))).status).toBe(200);
    await expires(id, { email: 'came.back@example.com', consent: 'opt_in' });

    await new Promise((r) => setTimeout(r, 300));
    for (const to of ['no.thanks@example.com', 'came.back@example.com']) expect(reminders(to)).toEqual([]);
    expect(running.postmark.accepted.filter((m) => String(m.body.Subject).includes('is waiting'))).toHaveLength(1);
  });
});

describe('reminders to one address (issue 54)', () => {
  it('at most one a day and three a month, however many checkouts name it', async () => {
    const stranger = 'not.theirs@example.com';
    const sessions = await Promise.all(Array.from({ length: 6 }, (_, n) => checkoutStarted(`203.0.${113 + n}.7`)));
    await Promise.all(sessions.map(({ id }) => expires(id, { email: stranger, consent: 'opt_in' })));
    await vi.waitFor(() => expect(reminders(stranger)).toHaveLength(1));
    await new Promise((r) => setTimeout(r, 300));
    expect(reminders(stranger)).toHaveLength(1);
    // A day later one more, up to three in thirty days.
    for (const expected of [2, 3, 3]) {
      await t.deps.db
        .update(checkoutRecoveries)
        .set({ createdAt: sql`strftime('%Y-%m-%dT%H:%M:%fZ', ${checkoutRecoveries.createdAt}, '-2 days')` })
        .where(eq(checkoutRecoveries.email, stranger));
      const { id } = await checkoutStarted(`198.51.100.${expected}`);
      await expires(id, { email: stranger, consent: 'opt_in' });
      await new Promise((r) => setTimeout(r, 200));
      expect(reminders(stranger)).toHaveLength(expected);
    }
  });
});

describe('a shop restarted without RATE_LIMIT_SECRET (issue 54)', () => {
  it('keeps the key it drew: an unsubscribed address stays unsubscribed, and a buyer’s code named after the restart is at Stripe', async () => {
    const own = await startPaymentsApp('whsec_test_restart', log);
    try {
      expect(process.env.RATE_LIMIT_SECRET).toBeUndefined();
      const before = own.app.deps.settings.RATE_LIMIT_SECRET;
      expect(before).toMatch(/^[\w-]{43}$/);
      // A buyer's first order makes their code at Stripe; the address also unsubscribes from reminders.
      const buyer = 'repeat.buyer@example.com';
      const first = await placePaidOrder(own, { email: buyer });
      const code = await vi.waitFor(() => {
        const mail = own.postmark.accepted.map((m) => m.body as Mail).find((m) => m.Subject === `Order confirmed: ${first.order.number}`);
        return /give friends your code (FRIEND-[A-Z0-9]{8})\./.exec(mail!.TextBody)![1]!;
      });
      await vi.waitFor(() => expect(own.stripe.promotion(code)).toBeDefined());
      await optOut(own.app.deps.db, own.app.deps.settings.RATE_LIMIT_SECRET, buyer);

      const after = await own.restart();
      expect(after.deps.settings.RATE_LIMIT_SECRET).toBe(before);
      expect(await optedOut(after.deps.db, after.deps.settings.RATE_LIMIT_SECRET, buyer)).toBe(true);
      const s = shopper(after, { 'CF-IPCountry': 'GB' });
      await s.post('/gb/cart/add', { product_id: '1' });
      const id = /cs_test_\d+/.exec((await s.post('/gb/cart/checkout', {}, { Accept: 'application/json' })).body)![0];
      own.stripe.expire(id, { email: buyer, consent: 'opt_in' });
      const expired = own.stripe.signedEvent('checkout.session.expired', id, own.secret);
      expect((await fetch(`${after.url}/webhooks/stripe`, { method: 'POST', body: expired.body, headers: expired.headers })).status).toBe(
        200,
      );

      const second = await placePaidOrder(own, { email: buyer });
      const named = await vi.waitFor(() => {
        const mail = own.postmark.accepted.map((m) => m.body as Mail).find((m) => m.Subject === `Order confirmed: ${second.order.number}`);
        return /give friends your code (FRIEND-[A-Z0-9]{8})\./.exec(mail!.TextBody)![1]!;
      });
      expect(named).toBe(code);
      expect(own.stripe.promotion(named)).toBeDefined();
      await new Promise((r) => setTimeout(r, 300));
      expect(own.postmark.accepted.map((m) => m.body as Mail).filter((m) => m.To === buyer && /is waiting/.test(m.Subject))).toEqual([]);
    } finally {
      await own.close();
    }
  });
});
