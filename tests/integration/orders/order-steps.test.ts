import { textOf } from '../../support/html';
import { eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it, vi } from 'vitest';
import { orderEvents, orderMails, orders } from '#worker/orders/order-tables.ts';
import { stock, stockMoves } from '#worker/stock/stock-tables.ts';
import { retryOwedMail } from '#worker/jobs/retry-owed-mail.ts';
import { parseOrderCommand, runOrderCommand } from '#worker/cli/order-args.ts';
import { orderPagePath } from '#worker/orders/order-number.ts';
import { orderStepMail } from '#worker/orders/order-mail.ts';
import { listOrders } from '#worker/orders/order-queries.ts';
import { formatOrderList } from '#worker/cli/order-report.ts';
import { setStock } from '#worker/stock/stock-moves.ts';
import { startPaymentsApp, type PaymentsApp } from '../../support/payments-app';
import type { PostmarkEmulator } from '../../support/postmark-emulator';
import type { StripeEmulator } from '../../support/stripe-emulator';
import { keptLog, type TestApp } from '../../support/test-app';

/**
 * After the payment, over HTTP on the Node runtime: refunds and disputes as Stripe's signed webhooks
 * (the emulation keeps charges, refunds and disputes and serves them), the operator's ship, return
 * and show, the order page's timeline, and each step's mail exactly once (Postmark's emulation).
 */
const SECRET = 'whsec_test_steps';
let stripe: StripeEmulator;
let postmark: PostmarkEmulator;
let t: TestApp;
const { log } = keptLog();

let running: PaymentsApp;
beforeAll(async () => {
  running = await startPaymentsApp(SECRET, log);
  ({ stripe, postmark, app: t } = running);
});
afterAll(() => running.close());

type Mail = { To: string; Subject: string; TextBody: string; Metadata: { mail_id: string } };
const post = (event: { body: string; headers: Record<string, string> }) =>
  fetch(`${t.url}/webhooks/stripe`, { method: 'POST', body: event.body, headers: event.headers });
/** The same event delivered five times at once, as Stripe's retries and a slow answer can make it. */
const fiveTimes = async (type: string, object: object) => {
  const event = stripe.signedObjectEvent(type, object, SECRET);
  const answers = await Promise.all(Array.from({ length: 5 }, () => post(event)));
  expect(answers.map((a) => a.status)).toEqual([200, 200, 200, 200, 200]);
};
const orderOf = async (sessionId: string) => (await t.deps.db.select().from(orders).where(eq(orders.sessionId, sessionId)))[0]!;
const stepsOf = async (orderId: number) =>
  (await t.deps.db.select().from(orderEvents).where(eq(orderEvents.orderId, orderId)).orderBy(orderEvents.at)).map((e) => [
    e.step,
    e.status,
  ]);
/** Mails for an order whose subject has `about`; waits for `n`, then a moment for any duplicate to show. */
async function mailsAbout(number: string, about: string, n = 1): Promise<Mail[]> {
  const mine = () => postmark.accepted.map((m) => m.body as Mail).filter((m) => m.Subject.includes(number) && m.Subject.includes(about));
  await vi.waitFor(() => expect(mine().length).toBeGreaterThanOrEqual(n), { timeout: 5000 });
  await new Promise((r) => setTimeout(r, 150));
  return mine();
}

/** A paid two-line GBP order (2 × £149.99 + £34.99 = £334.97), recorded by its completed event. */
async function paidOrder(paymentStatus: 'paid' | 'unpaid' = 'paid') {
  const session = stripe.createSession({
    currency: 'GBP',
    lines: [
      { productId: 1, name: 'G-Series Laser Training Pistol', quantity: 2, unitAmount: 14999 },
      { productId: 10, name: 'Marking Edge Training Knife', quantity: 1, unitAmount: 3499 },
    ],
    shipping: { label: 'Standard delivery (UK)', amount: 0 },
    metadata: { region: 'UK' },
  });
  stripe.complete(session, paymentStatus);
  expect((await post(stripe.signedEvent('checkout.session.completed', session, SECRET))).status).toBe(200);
  const order = await orderOf(session);
  await mailsAbout(order.number, order.number, 2);
  return { session, order };
}
const commandDeps = () => ({ ...t.deps, gateway: t.deps.gateway, log });
const run = (...args: string[]) => runOrderCommand(commandDeps(), parseOrderCommand(args));

describe('refunds from Stripe', () => {
  it('a full refund: refunded, the amount kept, one step and one "Refund issued" however often it is delivered', async () => {
    const { session, order } = await paidOrder();
    const refund = stripe.refund(session, 33497);
    await fiveTimes('charge.refunded', stripe.chargeOf(session));
    const after = await orderOf(session);
    expect(after).toMatchObject({ status: 'refunded', refunded: 33497 });
    // One step per refund, named by Stripe's id for it.
    expect(await stepsOf(order.id)).toEqual([
      ['paid', 'paid'],
      [`refund:${refund.id}`, 'refunded'],
    ]);
    const [mail, ...more] = await mailsAbout(order.number, 'Refund issued');
    expect(more).toEqual([]);
    expect(mail!.To).toBe('shopper@example.com');
    expect(mail!.TextBody).toContain(`We have refunded £334.97 for order ${order.number}.`);
    expect(mail!.TextBody).toContain('5–10 business days');
  });

  it('a partial refund, then the rest: partially refunded, then refunded, each step told once with its own amount', async () => {
    const { session, order } = await paidOrder();
    const first = stripe.refund(session, 5000);
    await fiveTimes('refund.updated', first);
    expect(await orderOf(session)).toMatchObject({ status: 'partially_refunded', refunded: 5000 });
    const [partial] = await mailsAbout(order.number, 'Refund issued');
    expect(partial!.TextBody).toContain('We have refunded £50.00');
    expect(partial!.TextBody).toContain('In all, £50.00 of £334.97 has been refunded.');

    const rest = stripe.refund(session, 28497);
    await fiveTimes('charge.refunded', stripe.chargeOf(session));
    // The first refund's event again, late: the total is already past it.
    await fiveTimes('refund.updated', first);
    expect(await orderOf(session)).toMatchObject({ status: 'refunded', refunded: 33497 });
    const refunds = await mailsAbout(order.number, 'Refund issued', 2);
    expect(refunds.map((m) => /refunded (£[\d.]+) for/.exec(m.TextBody)![1])).toEqual(['£50.00', '£284.97']);
    expect((await stepsOf(order.id)).map(([step]) => step)).toEqual(['paid', `refund:${first.id}`, `refund:${rest.id}`]);
  });

  it('a refund before the completed event: the order is recorded from the session first, then refunded; completed later adds nothing', async () => {
    const session = stripe.createSession({
      currency: 'GBP',
      lines: [{ productId: 2, name: 'AR-Style Laser Training Rifle', quantity: 1, unitAmount: 35499 }],
      metadata: { region: 'UK' },
    });
    stripe.complete(session);
    stripe.refund(session, 35499);
    await fiveTimes('charge.refunded', stripe.chargeOf(session));
    const order = await orderOf(session);
    expect(order).toMatchObject({ status: 'refunded', refunded: 35499, paymentIntent: stripe.chargeOf(session).payment_intent });
    expect((await post(stripe.signedEvent('checkout.session.completed', session, SECRET))).status).toBe(200);
    expect(await orderOf(session)).toMatchObject({ status: 'refunded' });
    expect(await mailsAbout(order.number, 'Refund issued')).toHaveLength(1);
    expect(await mailsAbout(order.number, 'Order confirmed')).toHaveLength(1);
  });

  it('an order recorded before payment intents were kept learns its own from Stripe, and the refund finds it', async () => {
    const { session, order } = await paidOrder();
    await t.deps.db.update(orders).set({ paymentIntent: null }).where(eq(orders.id, order.id)); // as migration 0012 left older orders
    stripe.refund(session, 1000);
    await fiveTimes('charge.refunded', stripe.chargeOf(session));
    expect(await orderOf(session)).toMatchObject({
      status: 'partially_refunded',
      refunded: 1000,
      paymentIntent: stripe.chargeOf(session).payment_intent,
    });
    expect(await mailsAbout(order.number, 'Refund issued')).toHaveLength(1);
  });

  it('a charge that is no order of the shop is acknowledged and changes nothing', async () => {
    const event = stripe.signedObjectEvent('charge.refunded', { id: 'ch_unknown', object: 'charge' }, SECRET);
    const res = await post(event);
    expect(res.status).toBe(200);
    expect(await res.json()).toMatchObject({ received: true, order: null });
  });
});

describe('disputes from Stripe', () => {
  it('opened and closed: on the timeline once each, the shop told with reason, amount and the dashboard, the shopper not', async () => {
    const { session, order } = await paidOrder();
    const dispute = stripe.openDispute(session, 'product_not_received');
    await fiveTimes('charge.dispute.created', dispute);
    const [opened, ...more] = await mailsAbout(order.number, 'Dispute opened');
    expect(more).toEqual([]);
    expect(opened!.To).toBe('orders@strikepoint-training.com');
    expect(opened!.Subject).toBe(`Dispute opened: order ${order.number} (product_not_received)`);
    expect(opened!.TextBody).toContain("The buyer's bank has disputed £334.97");
    expect(opened!.TextBody).toContain(`https://dashboard.stripe.com/disputes/${dispute.id}`);
    expect(opened!.TextBody).toMatch(new RegExp(`In the back office: https?://\\S+/admin/orders/${order.number}\\n?`));

    await fiveTimes('charge.dispute.closed', stripe.closeDispute(dispute.id, 'won'));
    const [closed] = await mailsAbout(order.number, 'Dispute closed');
    expect(closed!.Subject).toBe(`Dispute closed (won): order ${order.number}`);
    expect(await stepsOf(order.id)).toEqual([
      ['paid', 'paid'],
      [`dispute:${dispute.id}:opened`, 'dispute_opened'],
      [`dispute:${dispute.id}:closed`, 'dispute_closed'],
    ]);
    expect(postmark.accepted.filter((m) => m.body.To === 'shopper@example.com' && String(m.body.Subject).includes('Dispute'))).toEqual([]);
    expect((await orderOf(session)).status).toBe('paid');
  });
});

describe('a delayed payment that goes through', () => {
  it('moves pending to paid and tells the shopper "Payment confirmed", once', async () => {
    const { session, order } = await paidOrder('unpaid');
    expect(order.status).toBe('pending');
    stripe.settle(session, 'paid');
    await fiveTimes('checkout.session.async_payment_succeeded', (await fetchSession(session)) as object);
    expect((await orderOf(session)).status).toBe('paid');
    const [confirmed, ...more] = await mailsAbout(order.number, 'Payment confirmed');
    expect(more).toEqual([]);
    expect(confirmed!.TextBody).toContain(`Your bank has confirmed the payment for order ${order.number} (£334.97).`);
  });
});

/** The session as Stripe would put it in an event (the shop reads it again anyway). */
async function fetchSession(id: string) {
  const res = await fetch(`${stripe.url}/v1/checkout/sessions/${id}`, { headers: { Authorization: `Bearer ${stripe.secretKey}` } });
  return res.json();
}

describe('npm run orders -- ship, return, show', () => {
  it('ships once with tracking, tells the shopper, refuses a second time and a refunded order, and the page shows the timeline', async () => {
    const { session, order } = await paidOrder();
    expect(
      await run(
        'ship',
        order.number,
        '--carrier',
        'Royal Mail',
        '--tracking',
        'AB123456789GB',
        '--url',
        'https://track.example/AB123456789GB',
      ),
    ).toBe(`${order.number}: shipped with Royal Mail, tracking AB123456789GB; the shopper is told.`);
    expect(await orderOf(session)).toMatchObject({ status: 'paid', fulfilment: 'shipped' });
    const [shipped] = await mailsAbout(order.number, 'is on its way');
    expect(shipped!.TextBody).toContain('Tracking number: AB123456789GB');
    expect(shipped!.TextBody).toContain('Follow it on Royal Mail’s page: https://track.example/AB123456789GB');
    await expect(run('ship', order.number, '--carrier', 'DPD', '--tracking', 'AB123456789GB')).rejects.toThrow(
      `order ${order.number} cannot be shipped: it has been shipped already`,
    );

    stripe.refund(session, 5000);
    await fiveTimes('charge.refunded', stripe.chargeOf(session));
    // Partly refunded after shipping: both statuses stand, and it is still not shipped twice.
    expect(await orderOf(session)).toMatchObject({ status: 'partially_refunded', fulfilment: 'shipped' });
    await expect(run('ship', order.number, '--carrier', 'DPD', '--tracking', 'AB123456789GB')).rejects.toThrow(
      'it has been shipped already',
    );
    const listed = formatOrderList(await listOrders(t.deps.db, { limit: 100 }));
    expect(listed).toMatch(new RegExp(`^${order.number} .* partially_refunded +shipped +£334\\.97`, 'm'));
    expect(formatOrderList(await listOrders(t.deps.db, { status: 'shipped', limit: 100 }))).toContain(order.number);

    const { html } = await t.get(orderPagePath(order.number, order.token));
    expect(html).toContain('What happened');
    expect(html).toMatch(
      /data-step="paid"[\s\S]*data-step="shipped"[\s\S]*Shipped with Royal Mail[\s\S]*AB123456789GB[\s\S]*data-step="partially_refunded"[\s\S]*Refunded £50.00/,
    );

    expect(html).toContain('Shipped: your order is on its way. Partly refunded: £50.00.');
    const shown = await run('show', order.number);
    expect(shown).toContain(`${order.number}`);
    expect(shown).toContain('partially_refunded, shipped');
    expect(shown).toMatch(
      /Timeline:\n {2}\S+ \S+ {2}paid\n {2}\S+ \S+ {2}shipped {2}Royal Mail {2}AB123456789GB {2}https:\/\/track\.example\/AB123456789GB {2}expected by \d{4}-\d{2}-\d{2} {2}by terminal\n {2}\S+ \S+ {2}partially refunded {2}£50\.00 {2}\(£50\.00 refunded in all\)/,
    );
  });

  it('marks a shipped parcel delivered (once, on a day from shipping to today): the page says Delivered, never "on its way"', async () => {
    const { order } = await paidOrder();
    await expect(run('delivered', order.number)).rejects.toThrow(
      `order ${order.number} cannot be marked delivered: it has not been shipped`,
    );
    await run('ship', order.number, '--carrier', 'DPD', '--tracking', 'AB123456789GB');
    const before = await t.get(orderPagePath(order.number, order.token));
    expect(textOf(before.html)).toContain('Shipped: your order is on its way.');
    await expect(run('delivered', order.number, '--on', '2099-01-01')).rejects.toThrow('That day has not come yet.');
    await expect(run('delivered', order.number, '--on', '2020-01-01')).rejects.toThrow(/cannot have arrived before/);
    await expect(run('delivered', order.number, '--on', 'yesterday')).rejects.toThrow('yesterday is not a day (YYYY-MM-DD).');
    expect(await run('delivered', order.number)).toMatch(new RegExp(`^${order.number}: delivered on \\d{1,2} [A-Z][a-z]+ \\d{4}\\.$`));
    await expect(run('delivered', order.number)).rejects.toThrow(/was marked delivered already/);
    const after = textOf((await t.get(orderPagePath(order.number, order.token))).html);
    expect(after).toMatch(/Delivered on \d{1,2} [A-Z][a-z]+ \d{4}\./);
    expect(after).not.toContain('on its way');
    expect(await run('show', order.number)).toMatch(/ {2}delivered {2}on \d{4}-\d{2}-\d{2} {2}by terminal/);
  });

  it('refuses to ship a refunded order', async () => {
    const { session, order } = await paidOrder();
    stripe.refund(session, 33497);
    await fiveTimes('charge.refunded', stripe.chargeOf(session));
    await expect(run('ship', order.number, '--carrier', 'DPD', '--tracking', 'AB123456789GB')).rejects.toThrow(
      `order ${order.number} cannot be shipped: it has been refunded`,
    );
    expect(await mailsAbout(order.number, 'is on its way', 0)).toEqual([]);
  });

  it('refunds from the terminal through Stripe: the amount in minor units, one intent per run, the order unchanged until the webhook', async () => {
    const { session, order } = await paidOrder();
    expect(() => parseOrderCommand(['refund', order.number])).toThrow('--amount: Enter the amount to refund as a number, like 10.00.');
    expect(await run('refund', order.number, '--amount', '12.5')).toBe(
      `${order.number}: £12.50 refund sent to Stripe. It shows here, and the shopper is mailed, once Stripe confirms it.`,
    );
    expect(stripe.chargeOf(session).amount_refunded).toBe(1250);
    expect((await t.deps.db.select().from(orders).where(eq(orders.id, order.id)))[0]!.refunded).toBe(0);
    // The next refund reads the charge's refunds from Stripe first: the £12.50 is confirmed by then.
    await expect(run('refund', order.number, '--amount', '400')).rejects.toThrow(
      'only £322.47 is left to refund (£12.50 of £334.97 given back already), not £400.00',
    );
    expect(await run('show', order.number)).toMatch(/refund asked of Stripe {2}£12\.50 {2}re_test_\d+ {2}by terminal/);
  });

  it('puts returned lines back on the shelf, one return move each, never more than was bought', async () => {
    const { order } = await paidOrder();
    await setStock(t.deps.db, 1, 5, null);
    expect(await run('return', order.number, '--lines', '1:1')).toBe(`${order.number}: 1 × G-Series Laser Training Pistol back in stock.`);
    expect((await t.deps.db.select().from(stock).where(eq(stock.productId, 1)))[0]!.onHand).toBe(6);
    await expect(run('return', order.number, '--lines', '1:2')).rejects.toThrow('only 1 of product 1 can come back, not 2');
    await expect(run('return', order.number, '--lines', '4:1')).rejects.toThrow(
      `order ${order.number}: product 4 is not part of this order`,
    );
    // The rest of it: the other pistol and the knife.
    expect(await run('return', order.number)).toBe(
      `${order.number}: 1 × G-Series Laser Training Pistol, 1 × Marking Edge Training Knife back in stock.`,
    );
    await expect(run('return', order.number)).rejects.toThrow('has nothing left to return');
    expect((await t.deps.db.select().from(orders).where(eq(orders.id, order.id)))[0]!.fulfilment).toBe('returned');
    const moves = await t.deps.db.select().from(stockMoves).where(eq(stockMoves.orderNumber, order.number));
    expect(moves.filter((m) => m.reason === 'return').map((m) => [m.productId, m.change])).toEqual([
      [1, 1],
      [1, 1],
      [10, 1],
    ]);
  });

  it('refuses a return for an order that never sold its units: a failed or a pending payment adds nothing', async () => {
    const { session, order } = await paidOrder('unpaid');
    await setStock(t.deps.db, 10, 7, null);
    await expect(run('return', order.number)).rejects.toThrow(
      `order ${order.number} cannot take a return: its payment is not confirmed yet`,
    );
    stripe.settle(session, 'unpaid');
    expect((await post(stripe.signedEvent('checkout.session.async_payment_failed', session, SECRET))).status).toBe(200);
    expect((await orderOf(session)).status).toBe('failed');
    const onHand = async () => (await t.deps.db.select().from(stock).where(eq(stock.productId, 10)))[0]!.onHand;
    const before = await onHand();
    await expect(run('return', order.number)).rejects.toThrow(
      `order ${order.number} cannot take a return: its payment failed, so no units left stock`,
    );
    expect(await onHand()).toBe(before);
  });

  it('refuses bad input before reading anything, naming it', async () => {
    expect(() => parseOrderCommand(['ship', 'SP-1'])).toThrow(/^SP-1 is not an order number/);
    expect(() => parseOrderCommand(['ship', 'SP-7K2M-9QX4', '--carrier'])).toThrow(/^--carrier needs a value/);
    expect(() =>
      parseOrderCommand([
        'ship',
        'SP-7K2M-9QX4',
        '--tracking',
        'AB123456789GB',
        '--carrier',
        'Parcelforce',
        '--url',
        'http://track.example/x',
      ]),
    ).toThrow(/is not an https address/);
    // A parcel nobody can follow is refused before the database is opened: no carrier, or another carrier without its tracking page.
    expect(() => parseOrderCommand(['ship', 'SP-7K2M-9QX4', '--tracking', 'AB123456789GB'])).toThrow(/^Choose the carrier/);
    expect(() => parseOrderCommand(['ship', 'SP-7K2M-9QX4', '--tracking', 'AB123456789GB', '--carrier', 'Parcelforce'])).toThrow(
      /^Give Parcelforce’s tracking page/,
    );
    expect(() => parseOrderCommand(['ship', 'SP-7K2M-9QX4', '--colour', 'red'])).toThrow(/^unknown option --colour/);
    expect(() => parseOrderCommand(['ship', 'SP-7K2M-9QX4', '--carrier', 'DPD', '--carrier', 'UPS'])).toThrow(/^--carrier is given twice/);
    expect(() => parseOrderCommand(['return', 'SP-7K2M-9QX4', '--lines', '1-1'])).toThrow(/^--lines 1-1 is not <product id>:<quantity>/);
    expect(() => parseOrderCommand(['cancel', 'SP-7K2M-9QX4'])).toThrow(/^unknown command cancel/);
    await expect(run('show', 'SP-0000-0000')).rejects.toThrow('no order SP-0000-0000');
  });
});

describe('a step mail whose sender died after Postmark took it', () => {
  it('is asked about, found and recorded by the retry job, not sent again', async () => {
    const { session, order } = await paidOrder();
    stripe.refund(session, 1000);
    postmark.state.mode = 'hang';
    await post(stripe.signedObjectEvent('charge.refunded', stripe.chargeOf(session), SECRET));
    const [row] = await t.deps.db.select().from(orderMails).where(eq(orderMails.orderId, order.id));
    // The send is stuck at Postmark; then Postmark takes it, but the sender never learns (its process died).
    postmark.state.mode = 'accept';
    await mailsAbout(order.number, 'Refund issued');
    await t.deps.db
      .update(orderMails)
      .set({ emailLeaseUntil: '2000-01-01T00:00:00.000Z', notifiedAt: null })
      .where(eq(orderMails.id, row!.id));
    const searchesBefore = postmark.searches.length;
    await retryOwedMail(orderStepMail(t.deps.orderMail), { ...t.deps, log }, { now: () => new Date(Date.now() + 3_600_000) });
    expect(postmark.searches.length).toBeGreaterThan(searchesBefore);
    expect(await mailsAbout(order.number, 'Refund issued')).toHaveLength(1);
    expect((await t.deps.db.select().from(orderMails).where(eq(orderMails.id, row!.id)))[0]!.notifiedAt).not.toBeNull();
  });
});
