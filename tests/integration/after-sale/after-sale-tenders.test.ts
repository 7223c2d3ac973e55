import { and, eq } from 'drizzle-orm';
import { describe, expect, it, vi } from 'vitest';
import { returnRequests } from '#worker/after-sale/after-sale-tables.ts';
import { ledgerEntries } from '#worker/after-sale/accounts/ledger-tables.ts';
import { orders } from '#worker/orders/order-tables.ts';
import { readLedger } from '#worker/after-sale/accounts/ledger-store.ts';
import { formToken, textOf } from '../../support/html';
import { shipOrder } from '../../support/paid-orders';
import { afterSaleShop } from '../../support/after-sale-shop';
import { shopper } from '../../support/shopper';

/**
 * Issue 64: money that comes in other than by the order's card charge (an exchange's difference, the
 * store credit an order was paid with), and refunds the shop did not decide (Stripe's Dashboard),
 * each counted against the tender it belongs to. What the shop keeps is read from Stripe's side (the
 * emulator's charges), not from the ledger's own figures.
 */
const SECRET = 'whsec_test_tenders';
const shop = afterSaleShop(SECRET);

const mails = (subject: RegExp) => shop.mails().filter((m) => subject.test(m.Subject));
const webhook = shop.webhook;
const PISTOL = { productId: 1, name: 'G-Series Laser Training Pistol', quantity: 1, unitAmount: 14999 };

const keptAtStripe = shop.keptAtStripe;

/** A shipped order of `line` (the pistol unless told), the shopper's browser and the owner's. */
const shipped = (line = PISTOL) => shop.shipped(line);

/** The pistol asked back for the £354.99 rifle: £205.00 to pay. */
async function exchangeAsked(order: { number: string }, browser: ReturnType<typeof shopper>) {
  const asked = { line_1: '1', reason: 'changed_mind', wants: 'exchange', exchange_for: '2' };
  expect((await browser.post(`/gb/orders/${order.number}/return`, asked)).res.status).toBe(303);
  return `${order.number}-R1`;
}

/** The difference's payment page as the shop opens it; paid at Stripe and its webhook delivered. */
async function payDifference(order: { number: string; token: string }, request: string) {
  const pay = await shopper(shop.t).get(`/gb/orders/${order.number}/returns/${request}/pay?token=${order.token}`);
  expect(pay.res.status).toBe(303);
  return /cs_test_\d+/.exec(pay.res.headers.get('location')!)![0];
}

const { paid, refundedEvent } = shop;

describe('an exchange difference paid on two payment pages', () => {
  it('keeps no more than the difference: the second payment goes back at once and the owner is told', async () => {
    const { order, browser } = await shipped();
    const request = await exchangeAsked(order, browser);
    const first = await payDifference(order, request);
    // A second page for the same difference (one opened before the shop kept one per exchange, or in another tab of Stripe's).
    const second = shop.running.stripe.createSession({
      currency: 'GBP',
      lines: [{ productId: 2, name: `Exchange ${request}`, quantity: 1, unitAmount: 20500 }],
      metadata: { exchange: request, order: order.number },
    });
    await paid(first);
    await paid(second);
    // Delivered again: nothing more goes back.
    await paid(second);
    await refundedEvent(second);
    expect(keptAtStripe(first) + keptAtStripe(second)).toBe(20500);
    expect(
      shop.running.stripe.refundPosts.filter((p) => p.fields.payment_intent === shop.running.stripe.chargeOf(second).payment_intent),
    ).toHaveLength(1);
    const told = await vi.waitFor(() => {
      const sent = mails(new RegExp(`^Exchange ${request}: difference paid beyond what was owed$`));
      expect(sent).toHaveLength(1);
      return sent[0]!;
    });
    expect(told.To).not.toBe('shopper@example.com');
    expect(told.TextBody).toContain('paid £205.00 more');
    await vi.waitFor(() => expect(mails(new RegExp(`^Refund issued: order ${order.number}$`))).toHaveLength(1));
    // The exchange is still paid for: it ships once the parcel is back.
    const read = await readLedger(shop.t.deps.db, order.id);
    expect([...read!.ledger.differences.values()].map((d) => d.paid - d.givenBack).toSorted((a, b) => a - b)).toEqual([0, 20500]);
  });
});

describe('an exchange refused after its difference was paid', () => {
  it('gives the difference back at Stripe in the same step, and the refusal mail says so', async () => {
    const { order, browser, office } = await shipped();
    const request = await exchangeAsked(order, browser);
    const session = await payDifference(order, request);
    await paid(session);
    const refused = await office.post(`/admin/orders/${order.number}/returns/${request}/refuse`, { form_token: formToken(), why: 'Used' });
    expect(refused.res.status).toBe(303);
    expect(keptAtStripe(session)).toBe(0);
    const mail = await vi.waitFor(() => {
      const sent = mails(new RegExp(`^Return ${request}: we cannot accept it$`));
      expect(sent).toHaveLength(1);
      return sent[0]!;
    });
    expect(mail.TextBody).toContain("The £205.00 you paid for the exchange's difference goes back to the card you paid it with");
    // Refused again (a double tap): nothing more goes back.
    await office.post(`/admin/orders/${order.number}/returns/${request}/refuse`, { form_token: formToken(), why: 'Used' });
    expect(
      shop.running.stripe.refundPosts.filter((p) => p.fields.payment_intent === shop.running.stripe.chargeOf(session).payment_intent),
    ).toHaveLength(1);
    await refundedEvent(session);
    const page = textOf((await browser.get(`/gb/orders/${order.number}?token=${order.token}`)).html);
    expect(page).toContain('Exchange difference: £205.00 refunded');
  });
});

describe('a Dashboard refund and a back-office refund not yet confirmed, then a return for credit', () => {
  it('credits no more than 110% of what is really left at Stripe', async () => {
    const { order, session, office, browser } = await shipped({
      ...PISTOL,
      productId: 3,
      name: 'Reactive Laser Target System',
      unitAmount: 19699,
    });
    const refunded = await office.post(`/admin/orders/${order.number}/refund`, { form_token: formToken(), amount: '100', confirmed: '1' });
    expect(refunded.res.status).toBe(303);
    // £50 given back in Stripe's Dashboard; neither refund's webhook has come.
    shop.running.stripe.refund(session, 5000);
    await browser.post(`/gb/orders/${order.number}/return`, { line_3: '1', reason: 'changed_mind', wants: 'credit' });
    const request = `${order.number}-R1`;
    await office.post(`/admin/orders/${order.number}/returns/${request}/accept`, { form_token: formToken() });
    expect(
      (await office.post(`/admin/orders/${order.number}/returns/${request}/receive`, { form_token: formToken(), confirmed: '1' })).res
        .status,
    ).toBe(303);
    const credit = await shop.t.deps.db
      .select({ amount: ledgerEntries.amount })
      .from(ledgerEntries)
      .where(and(eq(ledgerEntries.orderId, order.id), eq(ledgerEntries.kind, 'credit')));
    const left = keptAtStripe(session);
    expect(left).toBe(19699 - 10000 - 5000);
    expect(credit.reduce((sum, c) => sum + c.amount, 0)).toBeLessThanOrEqual(Math.floor(1.1 * left));
    // The webhooks come late, in any order, twice: each refund counted once.
    await refundedEvent(session);
    await refundedEvent(session);
    const [row] = await shop.t.deps.db
      .select({ refunded: orders.refunded, status: orders.status })
      .from(orders)
      .where(eq(orders.id, order.id));
    expect(row).toEqual({ refunded: 15000, status: 'partially_refunded' });
  });
});

/** An order paid partly with store credit: a £196.99 return gives £216.68 of credit, spent on the £354.99 rifle (£138.31 by card), shipped. */
async function creditPaidOrder() {
  const { order, browser, office } = await shipped({ ...PISTOL, productId: 3, name: 'Reactive Laser Target System', unitAmount: 19699 });
  await browser.post(`/gb/orders/${order.number}/return`, { line_3: '1', reason: 'changed_mind', wants: 'credit' });
  const request = `${order.number}-R1`;
  await office.post(`/admin/orders/${order.number}/returns/${request}/accept`, { form_token: formToken() });
  await office.post(`/admin/orders/${order.number}/returns/${request}/receive`, { form_token: formToken(), confirmed: '1' });
  const [credit] = await shop.t.deps.db
    .select({ code: ledgerEntries.code })
    .from(ledgerEntries)
    .where(and(eq(ledgerEntries.orderId, order.id), eq(ledgerEntries.kind, 'credit')));
  const cart = shopper(shop.t, { 'CF-IPCountry': 'GB' });
  await cart.post('/gb/cart/add', { product_id: '2' });
  expect((await cart.post('/gb/cart/discount', { code: credit!.code! })).res.status).toBe(303);
  const { body } = await cart.post('/gb/cart/checkout', {}, { Accept: 'application/json' });
  const session = /cs_test_\d+/.exec(body)![0];
  await paid(session);
  const [bought] = await shop.t.deps.db.select().from(orders).where(eq(orders.sessionId, session));
  expect(bought).toMatchObject({ discount: 21668, discountCode: credit!.code });
  await shipOrder(shop.running, office, bought!, 1);
  const buyer = shopper(shop.t);
  expect((await buyer.get(`/gb/orders/${bought!.number}?token=${bought!.token}`)).res.status).toBe(200);
  return { order: bought!, session, office, buyer };
}

describe('goods paid with store credit, returned', () => {
  it('for credit: the credit spent on them comes back (at its face, 110% only of what the card paid), and the request settles', async () => {
    const { order, session, office, buyer } = await creditPaidOrder();
    const card = order.total;
    expect(card).toBeGreaterThan(0);
    await buyer.post(`/gb/orders/${order.number}/return`, { line_2: '1', reason: 'changed_mind', wants: 'credit' });
    const request = `${order.number}-R1`;
    await office.post(`/admin/orders/${order.number}/returns/${request}/accept`, { form_token: formToken() });
    const received = await office.post(`/admin/orders/${order.number}/returns/${request}/receive`, {
      form_token: formToken(),
      confirmed: '1',
    });
    expect(received.res.status).toBe(303);
    const [settled] = await shop.t.deps.db
      .select({ state: returnRequests.state })
      .from(returnRequests)
      .where(eq(returnRequests.number, request));
    expect(settled!.state).toBe('received');
    const credits = await shop.t.deps.db
      .select({ amount: ledgerEntries.amount, basis: ledgerEntries.basis, tender: ledgerEntries.tender, code: ledgerEntries.code })
      .from(ledgerEntries)
      .where(and(eq(ledgerEntries.orderId, order.id), eq(ledgerEntries.kind, 'credit')));
    expect(new Set(credits.map((c) => c.code)).size).toBe(1);
    const restored = credits.find((c) => c.tender === 'credit')!;
    expect(restored).toMatchObject({ amount: 21668, basis: 21668 });
    const fromCard = credits.find((c) => c.tender === null)!;
    expect(fromCard.basis).toBe(card);
    expect(fromCard.amount).toBe(Math.floor(card * 1.1));
    expect(shop.running.stripe.promotion(restored.code!)).toMatchObject({ coupon: { amount_off: 21668 + fromCard.amount } });
    expect(keptAtStripe(session)).toBe(card);
  });

  it('for a refund: the card gets back what it paid, the credit comes back as credit, and the request settles', async () => {
    const { order, session, office, buyer } = await creditPaidOrder();
    await buyer.post(`/gb/orders/${order.number}/return`, { line_2: '1', reason: 'changed_mind', wants: 'refund' });
    const request = `${order.number}-R1`;
    await office.post(`/admin/orders/${order.number}/returns/${request}/accept`, { form_token: formToken() });
    const words = await office.post(`/admin/orders/${order.number}/returns/${request}/receive`, { form_token: formToken() });
    expect(textOf(words.body)).toContain('give £216.68 of the store credit it was paid with back as credit');
    const received = await office.post(`/admin/orders/${order.number}/returns/${request}/receive`, {
      form_token: formToken(),
      confirmed: '1',
    });
    expect(received.res.status).toBe(303);
    expect(keptAtStripe(session)).toBe(0);
    const [settled] = await shop.t.deps.db
      .select({ state: returnRequests.state })
      .from(returnRequests)
      .where(eq(returnRequests.number, request));
    expect(settled!.state).toBe('received');
    const mail = await vi.waitFor(() => {
      const sent = mails(/^Your store credit: £216\.68 back as code CREDIT-/);
      expect(sent).toHaveLength(1);
      return sent[0]!;
    });
    const code = /code (CREDIT-[A-Z0-9]+)/.exec(mail.Subject)![1]!;
    expect(shop.running.stripe.promotion(code)).toMatchObject({ max_redemptions: 1, coupon: { amount_off: 21668, currency: 'gbp' } });
  });
});

describe('one store credit code in two checkouts at once', () => {
  it('goes to Stripe with one of them; the other is told before paying; it is worth no more than once', async () => {
    const { order, browser, office } = await shipped();
    await browser.post(`/gb/orders/${order.number}/return`, { line_1: '1', reason: 'changed_mind', wants: 'credit' });
    const request = `${order.number}-R1`;
    await office.post(`/admin/orders/${order.number}/returns/${request}/accept`, { form_token: formToken() });
    await office.post(`/admin/orders/${order.number}/returns/${request}/receive`, { form_token: formToken(), confirmed: '1' });
    const [credit] = await shop.t.deps.db
      .select({ code: ledgerEntries.code, amount: ledgerEntries.amount })
      .from(ledgerEntries)
      .where(and(eq(ledgerEntries.orderId, order.id), eq(ledgerEntries.kind, 'credit')));
    const carts = [shopper(shop.t, { 'CF-IPCountry': 'GB' }), shopper(shop.t, { 'CF-IPCountry': 'GB' })];
    for (const cart of carts) {
      await cart.post('/gb/cart/add', { product_id: '4' });
      expect((await cart.post('/gb/cart/discount', { code: credit!.code!.toLowerCase() })).res.status).toBe(303);
    }
    const answers = await Promise.all(carts.map((cart) => cart.post('/gb/cart/checkout', {}, { Accept: 'application/json' })));
    const opened = answers.findIndex((a) => a.res.status === 200);
    const told = answers.filter((a) => a.res.status === 409);
    expect(opened).toBeGreaterThanOrEqual(0);
    expect(told).toHaveLength(1);
    expect(told[0]!.body).toContain('Your store credit code is in another checkout that is still open');
    // The same browser checks out again (back from Stripe): its new checkout takes the code, the earlier page is closed at Stripe.
    const again = await carts[opened]!.post('/gb/cart/checkout', {}, { Accept: 'application/json' });
    expect(again.res.status).toBe(200);
    const earlier = /cs_test_\d+/.exec(answers[opened]!.body)![0];
    const session = /cs_test_\d+/.exec(again.body)![0];
    expect(session).not.toBe(earlier);
    expect(shop.running.stripe.sessionStatus(earlier)).toBe('expired');
    expect((await carts[1 - opened]!.post('/gb/cart/checkout', {}, { Accept: 'application/json' })).res.status).toBe(409);
    await paid(session);
    const [bought] = await shop.t.deps.db.select().from(orders).where(eq(orders.sessionId, session));
    const rest = await vi.waitFor(() => {
      const sent = mails(/^Your store credit: .* kept for you$/).filter((m) => m.TextBody.includes(bought!.number));
      expect(sent).toHaveLength(1);
      return Number(/£([\d.]+) kept/.exec(sent[0]!.Subject)![1]) * 100;
    });
    expect(bought!.discount + Math.round(rest)).toBe(credit!.amount);
  });
});

describe('a refund that fails at the bank', () => {
  it('counts as the shop’s money again, and the owner is told once, whatever order the events come in', async () => {
    const { order, session, office } = await shipped();
    const refunded = await office.post(`/admin/orders/${order.number}/refund`, { form_token: formToken(), amount: '50', confirmed: '1' });
    expect(refunded.res.status).toBe(303);
    await refundedEvent(session);
    const [seen] = await shop.t.deps.db
      .select({ code: ledgerEntries.code })
      .from(ledgerEntries)
      .where(and(eq(ledgerEntries.orderId, order.id), eq(ledgerEntries.kind, 'refund_seen')));
    const refund = shop.running.stripe.failRefund(seen!.code!);
    expect(refund.amount).toBe(5000);
    const updated = () => webhook(shop.running.stripe.signedObjectEvent('refund.updated', refund, SECRET));
    expect((await updated()).status).toBe(200);
    expect((await updated()).status).toBe(200);
    await refundedEvent(session);
    const [row] = await shop.t.deps.db
      .select({ refunded: orders.refunded, status: orders.status })
      .from(orders)
      .where(eq(orders.id, order.id));
    expect(row).toEqual({ refunded: 0, status: 'paid' });
    expect(keptAtStripe(session)).toBe(PISTOL.unitAmount);
    await vi.waitFor(() => expect(mails(new RegExp(`^Refund failed: order ${order.number}`))).toHaveLength(1));
    const [told] = mails(new RegExp(`^Refund failed: order ${order.number}`));
    expect(told!.To).toBe(shop.t.deps.settings.ORDERS_TO_EMAIL ?? shop.t.deps.settings.CONTACT_TO_EMAIL);
    expect(told!.TextBody).toContain(`Stripe says the refund ${refund.id} of £50.00`);
    const page = textOf((await office.get(`/admin/orders/${order.number}`)).html);
    expect(page).toContain('a refund failed at the bank');
  });
});
