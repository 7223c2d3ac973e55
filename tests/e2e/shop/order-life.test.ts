import { readOutbox } from '../../support/outbox';
import { afterAll, beforeAll, describe, expect, it, vi } from 'vitest';
import { useBrowserAndShop } from '../../support/e2e';
import { startStripeEmulator, type StripeEmulator } from '../../support/stripe-emulator';
import { openShopDb } from '../../support/shop-db';
import { runDbCli } from '../../support/db-cli';

/**
 * One order's life on the built shop (what `npm start` runs, outbox mailer): a delayed payment that
 * goes through, shipped with the built `npm run orders -- ship`, part refunded and disputed through
 * Stripe's signed webhooks; then the order page in Chromium and `orders show` tell it, and the outbox
 * holds each mail once.
 */
const SECRET = 'whsec_order_life';
let stripe: StripeEmulator;
beforeAll(async () => {
  stripe = await startStripeEmulator();
});
afterAll(async () => {
  await stripe?.close();
});
const e2e = useBrowserAndShop(() => ({ env: { ...stripe.env, STRIPE_WEBHOOK_SECRET: SECRET }, ownSiteUrl: true }));

async function orders(...args: string[]) {
  const env = { TURSO_DATABASE_URL: `file:${e2e.shop.dbFile}`, MAIL_OUTBOX_DIR: e2e.shop.outboxDir, SITE_URL: e2e.shop.url };
  const run = await runDbCli(['orders', ...args], { env });
  return { code: run.code, out: run.out.trim() };
}
const post = async (event: { body: string; headers: Record<string, string> }) =>
  (await fetch(`${e2e.shop.url}/webhooks/stripe`, { method: 'POST', body: event.body, headers: event.headers })).status;

type OutboxMail = { mailId: string; to: string; subject: string; text: string };
async function outboxFor(number: string, atLeast: number): Promise<OutboxMail[]> {
  return vi.waitFor(
    async () => {
      const mails = (await readOutbox(e2e.shop.outboxDir)) as OutboxMail[];
      const mine = mails.filter((m) => m.subject.includes(number));
      if (mine.length < atLeast) throw new Error(`${mine.length} of ${atLeast} mails so far`);
      return mine;
    },
    { timeout: 10_000 },
  );
}

describe('an order after its payment', () => {
  it('is confirmed, shipped, part refunded and disputed: each step on its page and in the outbox once', async () => {
    const session = stripe.createSession({
      currency: 'GBP',
      lines: [{ productId: 2, name: 'AR-Style Laser Training Rifle', quantity: 1, unitAmount: 35499 }],
      shipping: { label: 'Standard delivery (UK)', amount: 0 },
      metadata: { region: 'UK' },
    });
    stripe.complete(session, 'unpaid');
    expect(await post(stripe.signedEvent('checkout.session.completed', session, SECRET))).toBe(200);
    stripe.settle(session, 'paid');
    expect(await post(stripe.signedEvent('checkout.session.async_payment_succeeded', session, SECRET))).toBe(200);

    const db = await openShopDb(e2e.shop.dbFile);
    const [row] = (await db.execute({ sql: 'select number, token from orders where session_id = ?', args: [session] })).rows;
    db.close();
    const number = String(row!.number);
    const token = String(row!.token);

    const shipped = await orders(
      'ship',
      number,
      '--carrier',
      'Royal Mail',
      '--tracking',
      'AB123456789GB',
      '--url',
      'https://track.example/AB123456789GB',
    );
    expect(shipped, shipped.out).toMatchObject({ code: 0 });
    expect(await orders('ship', number, '--carrier', 'DPD', '--tracking', 'AB123456789GB')).toMatchObject({
      code: 1,
      out: `order ${number} cannot be shipped: it has been shipped already`,
    });

    stripe.refund(session, 5000);
    const refunded = stripe.signedObjectEvent('charge.refunded', stripe.chargeOf(session), SECRET);
    expect(await Promise.all([post(refunded), post(refunded), post(refunded)])).toEqual([200, 200, 200]);
    const dispute = stripe.openDispute(session, 'product_not_received');
    expect(await post(stripe.signedObjectEvent('charge.dispute.created', dispute, SECRET))).toBe(200);

    const page = await e2e.browser.newPage();
    await page.goto(`${e2e.shop.url}/orders/${number}?token=${token}`);
    const timeline = page.getByRole('region', { name: 'What happened' });
    const steps = await timeline.getByRole('listitem').allInnerTexts();
    expect(steps.map((s) => s.split('\n')[0])).toEqual([
      'Order placed, payment being confirmed',
      'Paid',
      'Shipped with Royal Mail',
      'Refunded £50.00',
    ]);
    expect(await timeline.getByRole('link', { name: 'AB123456789GB' }).getAttribute('href')).toBe('https://track.example/AB123456789GB');
    // Both statuses: what went out stays shipped after a partial refund.
    expect(await page.locator('[data-order-status]').textContent()).toBe('Shipped: your order is on its way. Partly refunded: £50.00.');
    await page.close();

    const shown = await orders('show', number);
    expect(shown.code).toBe(0);
    expect(shown.out).toContain('dispute opened  £304.99  reason: product_not_received');
    expect(shown.out).toContain('partially_refunded, shipped');

    const mails = await outboxFor(number, 6);
    await new Promise((r) => setTimeout(r, 300));
    const again = await outboxFor(number, 6);
    expect(again.map((m) => m.mailId).toSorted()).toEqual(mails.map((m) => m.mailId).toSorted());
    expect(new Set(mails.map((m) => m.mailId)).size).toBe(mails.length);
    expect(mails.map((m) => `${m.to}: ${m.subject.replace(number, 'SP-…')}`).toSorted()).toEqual(
      [
        'support@strikepoint-training.com: [New order SP-…] £354.99, pending',
        'shopper@example.com: Order SP-… received: payment being confirmed',
        'shopper@example.com: Payment confirmed: order SP-…',
        'shopper@example.com: Your order SP-… is on its way',
        'shopper@example.com: Refund issued: order SP-…',
        'support@strikepoint-training.com: Dispute opened: order SP-… (product_not_received)',
      ].toSorted(),
    );
    console.log(
      `orders show:\n${shown.out}\n\nthe outbox for ${number}:\n${mails
        .filter((m) => !m.subject.startsWith('[New order') && !m.subject.includes('received: payment'))
        .map((m) => `--- to ${m.to}\nSubject: ${m.subject}\n${m.text}`)
        .join('\n')}`,
    );
  });
});
