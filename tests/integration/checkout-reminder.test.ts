import { afterAll, beforeAll, describe, expect, it, vi } from 'vitest';
import { textOf } from '../support/html';
import { startPaymentsApp, type PaymentsApp } from '../support/payments-app';
import { shopper } from '../support/shopper';
import { keptLog, type TestApp } from '../support/test-app';

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
  running = await startPaymentsApp(SECRET, log);
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
async function checkoutStarted() {
  const s = shopper(t, { 'CF-IPCountry': 'GB' });
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
