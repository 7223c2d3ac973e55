import { and, eq } from 'drizzle-orm';
import { describe, expect, it, vi } from 'vitest';
import { ledgerEntries } from '#worker/after-sale/accounts/ledger-tables.ts';
import { readLedger } from '#worker/after-sale/accounts/ledger-store.ts';
import { orders } from '#worker/orders/order-tables.ts';
import { setStock } from '#worker/stock/stock-moves.ts';
import { formToken, textOf } from '../../support/html';
import { afterSaleShop } from '../../support/after-sale-shop';
import { shopper } from '../../support/shopper';

/**
 * Issue 78: money kept per tender. Each credit code, the order's charge and each difference's charge
 * is its own account; what each took and gave back is read from Stripe's side (the emulation's charges,
 * refunds and promotion codes) and the mails the shopper got, never from the ledger's own figures.
 */
const SECRET = 'whsec_test_tender_accounts';
const shop = afterSaleShop(SECRET);
const stripe = () => shop.running.stripe;

const TARGET = { productId: 3, name: 'Reactive Laser Target System', quantity: 1, unitAmount: 19699 };
const PISTOL = { productId: 1, name: 'G-Series Laser Training Pistol', quantity: 1, unitAmount: 14999 };
const ESSENTIAL = 8699;

/** The codes the order's ledger issued (credit, rests, re-issues), each with what Stripe's coupon is worth. */
async function codesOf(orderId: number) {
  const rows = await shop.t.deps.db
    .select({ code: ledgerEntries.code, kind: ledgerEntries.kind })
    .from(ledgerEntries)
    .where(eq(ledgerEntries.orderId, orderId));
  const codes = [...new Set(rows.filter((r) => r.kind === 'credit' || r.kind === 'credit_code').map((r) => r.code!))];
  return codes.map((code) => ({ code, promo: stripe().promotion(code)! }));
}

/** At Stripe: what the order's codes were issued for (the return credits), drawn (redeemed discounts) and still hold (active, unredeemed). */
async function creditAtStripe(orderId: number, issued: number) {
  const codes = await codesOf(orderId);
  const held = codes.filter((c) => c.promo.active && c.promo.times_redeemed === 0).reduce((t, c) => t + c.promo.coupon.amount_off!, 0);
  const orderRows = await shop.t.deps.db.select({ discount: orders.discount, code: orders.discountCode }).from(orders);
  const drawn = orderRows.filter((o) => codes.some((c) => c.code === o.code)).reduce((t, o) => t + o.discount, 0);
  return { issued, drawn, held };
}

/** A shipped order of two target systems; each returned for credit: two codes of £216.68. */
async function twoCodes() {
  const { order, office, browser } = await shop.shipped({ ...TARGET, quantity: 2 });
  const codes: string[] = [];
  for (const n of [1, 2]) {
    const request = await shop.askBack(order, browser, 3, 'credit', n);
    expect((await shop.acceptAndReceive(order, office, request)).res.status).toBe(303);
    const [credit] = await shop.t.deps.db
      .select({ code: ledgerEntries.code })
      .from(ledgerEntries)
      .where(and(eq(ledgerEntries.orderId, order.id), eq(ledgerEntries.ref, `credit:${request}`)));
    codes.push(credit!.code!);
  }
  return { order, office, codes };
}

/** A cart of `productId` paid with `code`: the order it made. */
async function spend(code: string, productId = 4) {
  const opened = await shop.checkoutWith(code, productId);
  expect(opened.status, opened.body).toBe(200);
  await shop.paid(opened.session!);
  const [bought] = await shop.t.deps.db.select().from(orders).where(eq(orders.sessionId, opened.session!));
  return bought!;
}

describe('two credit codes from one order, both spent', () => {
  it('each draws on its own balance: what is drawn and still held never exceeds what was issued', async () => {
    const { order, codes } = await twoCodes();
    const issued = 2 * 21668;
    // The newer code first, then the older: each on an £86.99 pistol.
    const first = await spend(codes[1]!);
    const second = await spend(codes[0]!);
    expect(first.discount).toBe(ESSENTIAL);
    expect(second.discount).toBe(ESSENTIAL);
    await vi.waitFor(async () => {
      const rests = (await codesOf(order.id)).filter((c) => !codes.includes(c.code));
      expect(rests.map((c) => c.promo.coupon.amount_off)).toEqual([21668 - ESSENTIAL, 21668 - ESSENTIAL]);
    });
    const money = await creditAtStripe(order.id, issued);
    expect(money.drawn + money.held).toBe(issued);
    const read = await readLedger(shop.t.deps.db, order.id);
    expect(read!.ledger.entries.filter((e) => e.kind === 'credit_overdrawn')).toEqual([]);
  });
});

describe('one credit code in two tabs at once', () => {
  it('opens one checkout with it; a code typed on Stripe’s page of another checkout is refused there once used', async () => {
    const { order, codes } = await twoCodes();
    const code = codes[0]!;
    const cart = shopper(shop.t, { 'CF-IPCountry': 'GB' });
    await cart.post('/gb/cart/add', { product_id: '4' });
    await cart.post('/gb/cart/discount', { code });
    // The same browser, two tabs, the same moment.
    const tabs = await Promise.all([shop.checkout(cart), shop.checkout(cart)]);
    const sessions = tabs.flatMap((t) => (t.session ? [t.session] : []));
    expect(sessions.filter((s) => stripe().sessionStatus(s) === 'open')).toHaveLength(1);
    // Another checkout that lets the shopper type a code: the held code typed there, paid first.
    const other = await shop.checkout(await cartOf(1));
    stripe().typeCode(other.session!, code);
    await shop.paid(other.session!);
    // The checkout that held it can no longer be paid with it: Stripe checks the code again.
    const holder = sessions.find((s) => stripe().sessionStatus(s) === 'open')!;
    expect(() => stripe().complete(holder)).toThrow(/refuses the payment/);
    await vi.waitFor(async () => {
      const money = await creditAtStripe(order.id, 2 * 21668);
      expect(money.drawn + money.held).toBeLessThanOrEqual(money.issued);
    });
  });

  it('is free for another checkout once the one holding it expired', async () => {
    const { codes } = await twoCodes();
    const first = await shop.checkoutWith(codes[0]!);
    expect(first.status).toBe(200);
    const blocked = await shop.checkoutWith(codes[0]!);
    expect(blocked.status).toBe(409);
    expect(blocked.body).toContain('Your store credit code is in another checkout that is still open');
    stripe().expire(first.session!);
    expect((await shop.webhook(stripe().signedEvent('checkout.session.expired', first.session!, SECRET))).status).toBe(200);
    expect((await shop.checkout(blocked.cart)).status).toBe(200);
  });
});

/** A cart of one product (no code): Stripe's page lets the shopper type one. */
async function cartOf(productId: number) {
  const cart = shopper(shop.t, { 'CF-IPCountry': 'GB' });
  await cart.post('/gb/cart/add', { product_id: String(productId) });
  return cart;
}

describe('an order paid with store credit, cancelled before it ships', () => {
  it('gives the card its part and the credit back as credit', async () => {
    const { codes } = await twoCodes();
    // The £149.99 pistol: £216.68 of credit covers it; £67 stays as a rest. Then a dearer cart: the rifle, £354.99.
    const bought = await spend(codes[0]!, 2);
    expect(bought.discount).toBe(21668);
    const office = await shop.owner();
    const card = bought.total;
    const asked = await office.post(`/admin/orders/${bought.number}/refund`, {
      form_token: formToken(),
      amount: (card / 100).toFixed(2),
      confirmed: '1',
    });
    expect(asked.res.status).toBe(303);
    expect(shop.keptAtStripe(bought.sessionId!)).toBe(0);
    const mail = await vi.waitFor(() => {
      const sent = shop.mails().filter((m) => m.Subject.startsWith('Your store credit: £216.68 back as code CREDIT-'));
      expect(sent).toHaveLength(1);
      return sent[0]!;
    });
    const code = /code (CREDIT-[A-Z0-9]+)/.exec(mail.Subject)![1]!;
    expect(stripe().promotion(code)).toMatchObject({ active: true, coupon: { amount_off: 21668 } });
    expect(mail.TextBody).toContain('the order, now cancelled,');
  });
});

/** A shipped pistol asked back for the £354.99 rifle: £205.00 to pay. */
async function exchange() {
  const shipped = await shop.shipped(PISTOL);
  const request = await shop.askBack(shipped.order, shipped.browser, 1, 'exchange');
  return { ...shipped, request };
}

describe('an exchange difference', () => {
  it('paid by a delayed method is recorded when it clears, never asked twice meanwhile', async () => {
    const { order, request, office } = await exchange();
    const page = await shop.differencePage(order, request);
    stripe().complete(page.session!, 'unpaid');
    expect((await shop.webhook(stripe().signedEvent('checkout.session.completed', page.session!, SECRET))).status).toBe(200);
    // On its way: no second payment page.
    const again = await shop.differencePage(order, request);
    expect(again.session).toBeNull();
    expect(textOf(again.body)).toContain('Your payment of the difference is on its way');
    stripe().settle(page.session!, 'paid');
    expect((await shop.webhook(stripe().signedEvent('checkout.session.async_payment_succeeded', page.session!, SECRET))).status).toBe(200);
    expect((await shop.acceptAndReceive(order, office, request)).res.status).toBe(303);
    const read = await readLedger(shop.t.deps.db, order.id);
    expect(read!.ledger.differences.get(stripe().chargeOf(page.session!).payment_intent)).toMatchObject({ paid: 20500, givenBack: 0 });
    expect(
      stripe()
        .sessionsNaming('exchange', request)
        .filter((s) => s.charge),
    ).toHaveLength(1);
  });

  it('refunded in Stripe’s Dashboard is owed again before the exchange ships', async () => {
    const { order, request, office } = await exchange();
    const page = await shop.differencePage(order, request);
    await shop.paid(page.session!);
    expect((await shop.acceptAndReceive(order, office, request)).res.status).toBe(303);
    stripe().refund(page.session!, 3979);
    await shop.refundedEvent(page.session!);
    const ship = await office.post(`/admin/orders/${order.number}/returns/${request}/ship-exchange`, {
      form_token: formToken(),
      carrier: 'Royal Mail',
      tracking: 'AB123456789GB',
    });
    expect(ship.res.status).toBe(409);
    const owed = await shop.differencePage(order, request);
    expect(owed.session).not.toBeNull();
    expect(stripe().sessionsNaming('exchange', request).at(-1)!.asked).toBe(3979);
  });

  it('disputed at the bank is recorded on its charge and holds the exchange', async () => {
    const { order, request, office } = await exchange();
    const page = await shop.differencePage(order, request);
    await shop.paid(page.session!);
    expect((await shop.acceptAndReceive(order, office, request)).res.status).toBe(303);
    const dispute = stripe().openDispute(page.session!);
    const told = await shop.webhook(stripe().signedObjectEvent('charge.dispute.created', dispute, SECRET));
    expect(await told.json()).toMatchObject({ order: order.number });
    const ship = await office.post(`/admin/orders/${order.number}/returns/${request}/ship-exchange`, {
      form_token: formToken(),
      carrier: 'Royal Mail',
      tracking: 'AB123456789GB',
    });
    expect(ship.res.status).toBe(409);
    expect(textOf(ship.body)).toContain('its payment is disputed');
    const page2 = textOf((await office.get(`/admin/orders/${order.number}`)).html);
    expect(page2).toContain(`dispute ${dispute.id} open`);
  });

  it('opens again after one Stripe error, on the next try', async () => {
    const { order, request } = await exchange();
    stripe().state.mode = 'fail';
    try {
      expect((await shop.differencePage(order, request)).status).toBe(503);
    } finally {
      stripe().state.mode = 'ok';
    }
    const again = await shop.differencePage(order, request);
    expect(again.status).toBe(303);
    expect(again.session).not.toBeNull();
  });
});

describe('a received exchange that cannot be sent', () => {
  it('sold out: the owner refunds it instead, and the difference paid goes back', async () => {
    const { order, session, request, office } = await exchange();
    const page = await shop.differencePage(order, request);
    await shop.paid(page.session!);
    expect((await shop.acceptAndReceive(order, office, request)).res.status).toBe(303);
    await setStock(shop.t.deps.db, 2, 0, null);
    try {
      const settled = await office.post(`/admin/orders/${order.number}/returns/${request}/settle`, {
        form_token: formToken(),
        as: 'refund',
      });
      expect(settled.res.status).toBe(303);
    } finally {
      await setStock(shop.t.deps.db, 2, 5, null);
    }
    expect(shop.keptAtStripe(page.session!)).toBe(0);
    expect(shop.keptAtStripe(session)).toBe(0);
    await vi.waitFor(() => expect(shop.mails().some((m) => m.Subject === `Return ${request} received`)).toBe(true));
  });

  it('its difference never paid: the owner gives store credit instead, and its payment page closes', async () => {
    const { order, session, request, office } = await exchange();
    const page = await shop.differencePage(order, request);
    expect((await shop.acceptAndReceive(order, office, request)).res.status).toBe(303);
    const settled = await office.post(`/admin/orders/${order.number}/returns/${request}/settle`, { form_token: formToken(), as: 'credit' });
    expect(settled.res.status).toBe(303);
    expect(stripe().sessionStatus(page.session!)).toBe('expired');
    const codes = await codesOf(order.id);
    expect(codes.map((c) => c.promo.coupon.amount_off)).toEqual([Math.floor(14999 * 1.1)]);
    expect(shop.keptAtStripe(session)).toBe(14999);
  });
});

describe('while the order’s payment is disputed', () => {
  it('no return is settled for credit and no exchange ships; after a lost dispute a return asks Stripe for nothing', async () => {
    const { order, session, office, browser } = await shop.shipped({ ...TARGET, quantity: 2 });
    const credit = await shop.askBack(order, browser, 3, 'credit', 1);
    const dispute = stripe().openDispute(session);
    expect((await shop.webhook(stripe().signedObjectEvent('charge.dispute.created', dispute, SECRET))).status).toBe(200);
    const held = await shop.acceptAndReceive(order, office, credit);
    expect(held.res.status).toBe(409);
    expect(textOf(held.body)).toContain('its payment is disputed');
    expect(await codesOf(order.id)).toEqual([]);
    // Lost: the bank gave the shopper their money.
    stripe().closeDispute(dispute.id, 'lost');
    expect((await shop.webhook(stripe().signedObjectEvent('charge.dispute.closed', dispute, SECRET))).status).toBe(200);
    const refund = await shop.askBack(order, browser, 3, 'refund', 2);
    const posts = stripe().refundPosts.length;
    const received = await shop.acceptAndReceive(order, office, refund);
    expect(received.res.status).toBe(303);
    expect(stripe().refundPosts.length).toBe(posts);
  });
});

describe('a Dashboard refund of the whole order', () => {
  it('after credit was issued: the unspent code is switched off, so no more goes back than was paid', async () => {
    const { order, session, office, browser } = await shop.shipped(PISTOL);
    const request = await shop.askBack(order, browser, 1, 'credit');
    expect((await shop.acceptAndReceive(order, office, request)).res.status).toBe(303);
    const [code] = await codesOf(order.id);
    stripe().refund(session, 14999);
    await shop.refundedEvent(session);
    expect(stripe().promotion(code!.code)!.active).toBe(false);
    const heldBack = (await codesOf(order.id)).filter((c) => c.promo.active).reduce((t, c) => t + c.promo.coupon.amount_off!, 0);
    expect(14999 - shop.keptAtStripe(session) + heldBack).toBeLessThanOrEqual(14999);
    await vi.waitFor(() =>
      expect(shop.mails().some((m) => m.Subject === `Your store credit code ${code!.code} is switched off`)).toBe(true),
    );
    await vi.waitFor(() =>
      expect(shop.mails().some((m) => m.Subject === `Order ${order.number}: its accounts moved on Stripe’s word`)).toBe(true),
    );
  });

  it('re-prices an exchange asked before it: the difference grows to the whole price', async () => {
    const { order, session, request } = await exchange();
    stripe().refund(session, 14999);
    await shop.refundedEvent(session);
    const page = await shop.differencePage(order, request);
    expect(stripe().sessionsNaming('exchange', request).at(-1)!.asked).toBe(35499);
    expect(page.session).not.toBeNull();
  });
});

describe('a refused exchange’s difference', () => {
  it('refunded, failed at the bank, is sent again under a new key', async () => {
    const { order, request, office } = await exchange();
    const page = await shop.differencePage(order, request);
    await shop.paid(page.session!);
    const refused = await office.post(`/admin/orders/${order.number}/returns/${request}/refuse`, {
      form_token: formToken(),
      why: 'Changed our mind',
    });
    expect(refused.res.status).toBe(303);
    await shop.refundedEvent(page.session!);
    const pi = stripe().chargeOf(page.session!).payment_intent;
    const [first] = stripe().refundsOf(pi);
    const failed = stripe().failRefund(first!.id);
    expect((await shop.webhook(stripe().signedObjectEvent('refund.updated', failed, SECRET))).status).toBe(200);
    expect(shop.keptAtStripe(page.session!)).toBe(20500);
    const again = await office.post(`/admin/orders/${order.number}/returns/${request}/refuse`, {
      form_token: formToken(),
      why: 'Changed our mind',
    });
    expect(again.res.status).toBe(303);
    expect(shop.keptAtStripe(page.session!)).toBe(0);
    const keys = stripe()
      .refundPosts.filter((p) => p.fields.payment_intent === pi)
      .map((p) => p.idempotencyKey);
    expect(new Set(keys).size).toBe(2);
  });
});

describe('the back office shows each account', () => {
  it('the charge, each difference and each code with what it holds', async () => {
    const { order, codes } = await twoCodes();
    await spend(codes[0]!);
    const page = (await (await shop.owner()).get(`/admin/orders/${order.number}`)).html;
    expect(page).toContain('Money, per account');
    expect(page).toMatch(new RegExp(`Code ${codes[0]}</td>`));
    expect(page).toMatch(/data-account="credit code" data-holds="0"/);
    expect(page).toMatch(/data-account="credit code" data-holds="21668"/);
    expect(page).toMatch(/data-account="credit code" data-holds="12969"/);
  });
});
