import { readOutbox } from '../../support/outbox';
import { afterAll, beforeAll, describe, expect, it, vi } from 'vitest';
import { startStripeEmulator, type StripeEmulator } from '../../support/stripe-emulator';
import { startTestApp, type TestApp } from '../../support/test-app';
import { runDbCli } from '../../support/db-cli';
import { ORDER_ACTIONS } from '#worker/cli/order-args.ts';
import { eq } from 'drizzle-orm';
import { agentCheckouts } from '#worker/agents/agent-tables.ts';
import { orders as orderRows } from '#worker/orders/order-tables.ts';

/**
 * The built command behind `npm run orders` (dist/server/db-cli.js), as an operator runs it against
 * the database an app (Node, outbox mailer: no Postmark token) recorded paid orders in.
 */
const SECRET = 'whsec_cli_emulated';
let stripe: StripeEmulator;
let t: TestApp;

const orders = (...flags: string[]) => runDbCli(['orders', ...flags], { env: { TURSO_DATABASE_URL: t.deps.settings.TURSO_DATABASE_URL } });

async function pay(session: Parameters<StripeEmulator['createSession']>[0], paymentStatus: 'paid' | 'unpaid') {
  const id = stripe.createSession(session);
  stripe.complete(id, paymentStatus);
  const event = stripe.signedEvent('checkout.session.completed', id, SECRET);
  const res = await fetch(`${t.url}/webhooks/stripe`, { method: 'POST', body: event.body, headers: event.headers });
  expect(res.status).toBe(200);
}

beforeAll(async () => {
  stripe = await startStripeEmulator();
  t = await startTestApp({ env: { ...stripe.env, STRIPE_WEBHOOK_SECRET: SECRET } });
  await pay(
    {
      currency: 'GBP',
      lines: [
        { productId: 1, name: 'G-Series Laser Training Pistol', quantity: 2, unitAmount: 14999 },
        { productId: 10, name: 'Training Knife', quantity: 1, unitAmount: 3499 },
      ],
      shipping: { label: 'Standard delivery (UK)', amount: 0 },
      metadata: { region: 'UK' },
    },
    'paid',
  );
  await pay({ currency: 'EUR', lines: [{ productId: 2, name: 'Laser Cartridge', quantity: 1, unitAmount: 8999 }] }, 'unpaid');
});
afterAll(async () => {
  await t.close();
  await stripe.close();
});

describe('npm run orders', () => {
  it('says which shopping agent an order came through', async () => {
    const [order] = await t.deps.db.select().from(orderRows).where(eq(orderRows.currency, 'GBP'));
    // The record a paid agent checkout leaves (tests/integration/agents/ucp-checkout.test.ts makes one for real).
    await t.deps.db.insert(agentCheckouts).values({
      id: 'chk_0123456789abcdefghijkl',
      agent: 'gemini',
      status: 'completed',
      region: 'UK',
      lines: [{ id: 'li_1', itemId: '1', productId: 1, quantity: 2 }],
      option: 'standard',
      short: [],
      orderNumber: order!.number,
      expiresAt: 0,
    });
    try {
      const { code, out } = await orders();
      expect(code, out).toBe(0);
      expect(out.split('\n').find((l) => l.startsWith(order!.number))).toMatch(/· through agent gemini$/);
    } finally {
      await t.deps.db.delete(agentCheckouts);
    }
  });

  it('lists every order newest first with its lines, and exits 0', async () => {
    const { code, out } = await orders();
    expect(code, out).toBe(0);
    const lines = out.trim().split('\n');
    expect(lines[0]).toMatch(/^Orders on file:.*newest first: 2$/);
    expect(lines[1]).toMatch(
      /^SP-\w{4}-\w{4}  \d{4}-\d\d-\d\d \d\d:\d\d  pending\s+unfulfilled\s+€89\.99  shopper@example\.com  · Payment being confirmed$/,
    );
    expect(lines[2]).toBe('    1 × Laser Cartridge  €89.99');
    expect(lines[3]).toMatch(/^SP-\w{4}-\w{4}  .*  paid\s+unfulfilled\s+£334\.97  shopper@example\.com  · Paid, being prepared$/);
    expect(lines.slice(4)).toEqual(['    2 × G-Series Laser Training Pistol  £299.98', '    1 × Training Knife  £34.99']);
  });

  it('narrows by status and date, and refuses a bad option with exit 1', async () => {
    const pending = await orders('--status', 'pending');
    expect(pending.out).toContain('(pending), newest first: 1');
    expect((await orders('--since', '2999-01-01')).out).toContain('newest first: 0');
    const bad = await orders('--status', 'delivered');
    expect(bad.code).toBe(1);
    expect(bad.out).toContain('orders takes --since');
  });

  it('the paid order wrote its pair of e-mails to the outbox', async () => {
    const outbox = t.deps.settings.MAIL_OUTBOX_DIR;
    const mails = await vi.waitFor(
      async () => {
        const found = await readOutbox(outbox);
        if (found.length < 4) throw new Error(`${found.length} e-mails so far`);
        return found;
      },
      { timeout: 5000 },
    );
    expect(
      mails
        .filter((m) => m.to === 'shopper@example.com')
        .map((m) => m.subject.replace(/SP-\w{4}-\w{4}/, 'SP-…'))
        .toSorted(),
    ).toEqual(['Order SP-… received: payment being confirmed', 'Order confirmed: SP-…']);
  });
  it('does every action its usage names: ship, delivered, return, refund and show, each once on the order (issue 76)', async () => {
    await pay(
      {
        currency: 'GBP',
        lines: [{ productId: 10, name: 'Training Knife', quantity: 2, unitAmount: 3499 }],
        shipping: { label: 'Standard delivery (UK)', amount: 499 },
        metadata: { region: 'UK' },
      },
      'paid',
    );
    const [paid] = (await t.deps.db.$client.execute('select number from orders order by id desc limit 1')).rows;
    const number = String(paid!.number);
    const run = (...flags: string[]) =>
      runDbCli(['orders', ...flags], { env: { TURSO_DATABASE_URL: t.deps.settings.TURSO_DATABASE_URL, ...stripe.env } });
    // A new action fails here until it has its line below.
    expect(ORDER_ACTIONS).toEqual(['ship', 'delivered', 'return', 'refund', 'show']);
    const shipped = await run('ship', number, '--carrier', 'Royal Mail', '--tracking', 'AB123456789GB');
    expect(shipped, shipped.out).toMatchObject({ code: 0 });
    const delivered = await run('delivered', number);
    expect(delivered, delivered.out).toMatchObject({ code: 0 });
    expect(delivered.out).toContain(number);
    const back = await run('return', number, '--lines', '10:1');
    expect(back, back.out).toMatchObject({ code: 0 });
    expect(back.out).toContain('1 × Training Knife back in stock');
    const refunded = await run('refund', number, '--amount', '5.00');
    expect(refunded, refunded.out).toMatchObject({ code: 0 });
    expect(refunded.out).toContain('£5.00 refund sent to Stripe');
    const shown = await run('show', number);
    expect(shown, shown.out).toMatchObject({ code: 0 });
    for (const step of ['shipped', 'delivered', 'returned to stock', 'refund asked of Stripe']) expect(shown.out).toContain(step);
  });
});
