import { and, eq } from 'drizzle-orm';
import { describe, expect, it, vi } from 'vitest';
import { returnRequests } from '#worker/after-sale/after-sale-tables.ts';
import { ledgerEntries } from '#worker/after-sale/accounts/ledger-tables.ts';
import { orders } from '#worker/orders/order-tables.ts';
import { stockMoves } from '#worker/stock/stock-tables.ts';
import { setStock } from '#worker/stock/stock-moves.ts';
import { returnGoods } from '#worker/after-sale/goods-back.ts';
import { refundOrder } from '#worker/after-sale/owner-refund.ts';
import { receiveReturn } from '#worker/after-sale/return-decisions.ts';
import { formToken, textOf } from '../../support/html';
import { placePaidOrder, shipOrder } from '../../support/paid-orders';
import { afterSaleShop, type Mail, OWNER } from '../../support/after-sale-shop';
import { shopper } from '../../support/shopper';

/**
 * Returns and warranty claims over HTTP (issue 48): the shopper's request from the order page, the
 * owner's answer in the back office, and the parcel received: a refund through Stripe, store credit as
 * a single-use promotion code the cart takes, stock back only for what can be sold again.
 */
const SECRET = 'whsec_test_returns';
const shop = afterSaleShop(SECRET);

const mailsAbout = (subject: RegExp) => shop.mails().filter((m) => subject.test(m.Subject));
const webhook = shop.webhook;

const owner = shop.owner;

/** A paid GBP order of two G-Series pistols, shipped `daysAgo` days ago: the order row and the shopper's browser on its page. */
async function shippedOrder(daysAgo = 1) {
  const { order, session } = await placePaidOrder(shop.running, {
    lines: [{ productId: 1, name: 'G-Series Laser Training Pistol', quantity: 2, unitAmount: 14999 }],
  });
  const office = await owner();
  await shipOrder(shop.running, office, order, daysAgo);
  const browser = shopper(shop.t);
  expect((await browser.get(`/gb/orders/${order.number}?token=${order.token}`)).res.status).toBe(200);
  return { order, browser, office, session };
}

/** Both pistols of a shipped order asked back for a refund, and the request accepted: waiting for the parcel. */
async function wholeOrderAccepted() {
  const { order, browser, office, session } = await shippedOrder(1);
  expect(
    (await browser.post(`/gb/orders/${order.number}/return`, { line_1: '2', reason: 'changed_mind', wants: 'refund' })).res.status,
  ).toBe(303);
  const number = `${order.number}-R1`;
  expect((await office.post(`/admin/orders/${order.number}/returns/${number}/accept`, { form_token: formToken() })).res.status).toBe(303);
  return { order, office, session, number };
}

const requestMails = (number: string) => mailsAbout(new RegExp(`^(Your return request|Return) ${number}-R\\d`));

describe('a return inside 14 days', () => {
  it('is asked from the order page with one mail, answered in the back office, and refunded once through Stripe when it arrives', async () => {
    const { order, browser, office, session } = await shippedOrder(2);
    await setStock(shop.t.deps.db, 1, 5, null);
    const page = await browser.get(`/gb/orders/${order.number}`);
    expect(textOf(page.html)).toMatch(/You can send items back until \d{1,2} [A-Z][a-z]+ \d{4}/);
    expect(page.html).toContain(`href="/gb/orders/${order.number}/return"`);
    // Without Stripe Tax, Stripe made no invoice: the shop's own, beside the page (issue 58).
    expect(page.html).toContain(`href="/gb/orders/${order.number}/invoice"`);
    const form = await browser.get(`/gb/orders/${order.number}/return`);
    expect(form.res.status).toBe(200);
    expect(form.html).toContain('value="changed_mind"');
    expect(form.html).toContain('value="credit"');

    const asked = await browser.post(`/gb/orders/${order.number}/return`, {
      line_1: '1',
      reason: 'changed_mind',
      wants: 'refund',
      note: 'Too heavy for me',
    });
    expect(asked.res.status).toBe(303);
    expect(asked.res.headers.get('location')).toBe(`/gb/orders/${order.number}`);
    const number = `${order.number}-R1`;
    const mail = await vi.waitFor(() => {
      const sent = requestMails(order.number);
      expect(sent).toHaveLength(1);
      return sent[0]!;
    });
    expect(mail.Subject).toBe(`Your return request ${number}`);
    expect(mail.To).toBe('shopper@example.com');
    expect(mail.TextBody).toContain('- 1 × G-Series Laser Training Pistol');
    expect(mail.TextBody).toContain(
      'Send the parcel to: StrikePoint Training, Unit 4, Riverside Business Park, Leeds LS10 1AB, United Kingdom.',
    );
    expect(mail.TextBody).toContain('The postage is yours to pay');
    expect(textOf((await browser.get(`/gb/orders/${order.number}`)).html)).toContain(
      `${number} (1 × G-Series Laser Training Pistol): asked for`,
    );

    // In the back office: on Today, in the list, on the order page with its actions.
    const today = await office.get('/admin');
    expect(today.html).toContain('data-returns-waiting="1"');
    // Named by its order, the way to it.
    expect(today.html).toContain(`href="/admin/orders/${order.number}#returns"`);
    expect(textOf(today.html)).toContain(`${order.number} to answer (${number}, asked`);
    expect((await office.get('/admin/returns')).html).toContain(`data-admin-return="${number}"`);
    const accepted = await office.post(`/admin/orders/${order.number}/returns/${number}/accept`, { form_token: formToken() });
    expect(accepted.res.status).toBe(303);
    await vi.waitFor(() => expect(requestMails(order.number).map((m) => m.Subject)).toContain(`Return ${number} accepted`));

    // Received twice at once with one form: Stripe gets one refund; nothing was fit to sell again.
    const received = { form_token: formToken(), line_1: '0', confirmed: '1' };
    const answers = await Promise.all([
      office.post(`/admin/orders/${order.number}/returns/${number}/receive`, received),
      office.post(`/admin/orders/${order.number}/returns/${number}/receive`, received),
    ]);
    expect(answers.map((a) => a.res.status)).toEqual([303, 303]);
    const posts = shop.running.stripe.refundPosts.filter(
      (p) => p.fields.payment_intent === shop.running.stripe.chargeOf(session).payment_intent,
    );
    expect(posts).toHaveLength(1);
    expect(posts[0]).toMatchObject({ fields: { amount: '14999' }, idempotencyKey: `refund:${order.number}:return-${number}` });
    const [row] = await shop.t.deps.db.select().from(returnRequests).where(eq(returnRequests.number, number));
    expect(row).toMatchObject({ state: 'received', answer: 'refunded £149.99', decidedBy: OWNER });
    expect(
      await shop.t.deps.db
        .select()
        .from(stockMoves)
        .where(and(eq(stockMoves.orderNumber, order.number), eq(stockMoves.reason, 'return'))),
    ).toEqual([]);

    // Stripe's webhook records it; the shopper gets the one refund mail (no "received" mail besides).
    expect(
      (await webhook(shop.running.stripe.signedObjectEvent('charge.refunded', shop.running.stripe.chargeOf(session), SECRET))).status,
    ).toBe(200);
    expect((await shop.t.deps.db.select().from(orders).where(eq(orders.id, order.id)))[0]).toMatchObject({
      refunded: 14999,
      status: 'partially_refunded',
    });
    await vi.waitFor(() => expect(mailsAbout(new RegExp(`^Refund issued: order ${order.number}$`))).toHaveLength(1));
    expect(requestMails(order.number).map((m) => m.Subject)).toEqual([`Your return request ${number}`, `Return ${number} accepted`]);
  });

  it('refuses a request with the owner’s words, mailed once; a second answer changes nothing', async () => {
    const { order, browser, office } = await shippedOrder(1);
    expect((await browser.post(`/gb/orders/${order.number}/return`, { line_1: '2', reason: 'damaged', wants: 'refund' })).res.status).toBe(
      303,
    );
    const number = `${order.number}-R1`;
    const empty = await office.post(`/admin/orders/${order.number}/returns/${number}/refuse`, { form_token: formToken(), why: ' ' });
    expect(empty.res.status).toBe(400);
    expect(textOf(empty.body)).toContain('Return request not changed: Say why it is refused');
    const why = 'The photos show the damage came from a fall after delivery';
    expect((await office.post(`/admin/orders/${order.number}/returns/${number}/refuse`, { form_token: formToken(), why })).res.status).toBe(
      303,
    );
    const late = await office.post(`/admin/orders/${order.number}/returns/${number}/accept`, { form_token: formToken() });
    expect(late.res.status).toBe(409);
    expect(textOf(late.body)).toContain(`Return ${number} is refused, not requested: nothing was done.`);
    const refusal = await vi.waitFor(() => {
      const sent = mailsAbout(new RegExp(`^Return ${number}: we cannot accept it$`));
      expect(sent).toHaveLength(1);
      return sent[0]!;
    });
    expect(refusal.TextBody).toContain(`Why: ${why}.`);
    // Refused: its items may be asked for again.
    expect((await browser.get(`/gb/orders/${order.number}/return`)).html).toContain('up to 2');
    // A request from another order is not this page's.
    expect(
      (await office.post(`/admin/orders/${order.number}/returns/SP-ZZZZ-ZZZZ-R1/accept`, { form_token: formToken() })).res.status,
    ).toBe(404);
  });
});

describe('one request per form (issue 64)', () => {
  it('a return form posted twice at once makes one request and one mail to the owner', async () => {
    const { order, browser } = await shippedOrder(1);
    const form = await browser.get(`/gb/orders/${order.number}/return`);
    const token = /name="form_token" value="([\w-]+)"/.exec(form.html)![1]!;
    const fields = { form_token: token, line_1: '1', reason: 'changed_mind', wants: 'refund' };
    // A double tap: two units were bought, so each post alone would be a valid request for one.
    const [a, b] = await Promise.all([
      browser.post(`/gb/orders/${order.number}/return`, fields),
      browser.post(`/gb/orders/${order.number}/return`, fields),
    ]);
    expect([a.res.status, b.res.status]).toEqual([303, 303]);
    expect(await shop.t.deps.db.select().from(returnRequests).where(eq(returnRequests.orderId, order.id))).toHaveLength(1);
    // The request's mails: the shopper's and the shop's, one each.
    const about = () =>
      shop.running.postmark.accepted
        .map((m) => m.body as Mail)
        .filter((m) => m.Subject.includes(`${order.number}-R1`) || m.TextBody.includes(`${order.number}-R1`));
    await vi.waitFor(() => expect(about().length).toBeGreaterThanOrEqual(2));
    await new Promise((r) => setTimeout(r, 300));
    expect(
      about()
        .map((m) => m.To)
        .toSorted(),
    ).toEqual([order.email!, 'orders@strikepoint-training.com'].toSorted());
    // A new form (a new token) for the other unit is a new request.
    const again = await browser.get(`/gb/orders/${order.number}/return`);
    const next = /name="form_token" value="([\w-]+)"/.exec(again.html)![1]!;
    expect((await browser.post(`/gb/orders/${order.number}/return`, { ...fields, form_token: next })).res.status).toBe(303);
    expect(await shop.t.deps.db.select().from(returnRequests).where(eq(returnRequests.orderId, order.id))).toHaveLength(2);
  });
});

describe('a whole order sent back', () => {
  it('is refunded with its shipping, as the policy promises', async () => {
    const { order, office, session, number } = await wholeOrderAccepted();
    expect(
      (
        await office.post(`/admin/orders/${order.number}/returns/${number}/receive`, {
          form_token: formToken(),
          confirmed: '1',
          line_1: '2',
        })
      ).res.status,
    ).toBe(303);
    const posts = shop.running.stripe.refundPosts.filter(
      (p) => p.fields.payment_intent === shop.running.stripe.chargeOf(session).payment_intent,
    );
    expect(posts.map((p) => p.fields.amount)).toEqual(['30497']); // 2 × £149.99 and the £4.99 shipping
  });
});

describe('store credit', () => {
  it('is a single-use code worth 110% in the order’s currency, mailed, that the cart’s code field takes and Stripe applies', async () => {
    const { order, browser, office } = await shippedOrder(3);
    await setStock(shop.t.deps.db, 1, 5, null);
    expect(
      (await browser.post(`/gb/orders/${order.number}/return`, { line_1: '1', reason: 'changed_mind', wants: 'credit' })).res.status,
    ).toBe(303);
    const number = `${order.number}-R1`;
    expect((await office.post(`/admin/orders/${order.number}/returns/${number}/accept`, { form_token: formToken() })).res.status).toBe(303);
    const received = await office.post(`/admin/orders/${order.number}/returns/${number}/receive`, {
      form_token: formToken(),
      confirmed: '1',
      line_1: '1',
    });
    expect(received.res.status).toBe(303);
    const mail = await vi.waitFor(() => {
      const sent = mailsAbout(new RegExp(`^Return ${number} received$`));
      expect(sent).toHaveLength(1);
      return sent[0]!;
    });
    const code = /code (CREDIT-[A-Z0-9]+)/.exec(mail.TextBody)![1]!;
    // 110% of £149.99, rounded down: never more than 110%.
    expect(mail.TextBody).toContain(`Your store credit: £164.98, code ${code}.`);
    expect(mail.TextBody).toContain('That is 110% of £149.99: what is left of your payment for the items you sent back');
    const promo = shop.running.stripe.promotion(code)!;
    expect(promo).toMatchObject({ max_redemptions: 1, active: true, coupon: { amount_off: 16498, currency: 'gbp' } });
    // The unit fit to sell again is back on the shelf.
    const [move] = await shop.t.deps.db
      .select()
      .from(stockMoves)
      .where(and(eq(stockMoves.orderNumber, order.number), eq(stockMoves.reason, 'return')));
    expect(move).toMatchObject({ productId: 1, change: 1, actor: OWNER });

    // The cart takes it; Stripe's session gets it.
    const cart = shopper(shop.t, { 'CF-IPCountry': 'GB' });
    await cart.post('/gb/cart/add', { product_id: '1' });
    expect((await cart.post('/gb/cart/discount', { code: code.toLowerCase() })).res.status).toBe(303);
    expect((await cart.get('/gb/cart')).html).toContain(`data-cart-offer="${code}"`);
    const checkout = await cart.post('/gb/cart/checkout', {});
    expect(checkout.res.status).toBe(303);
    expect(shop.running.stripe.received.at(-1)!.fields['discounts[0][promotion_code]']).toBe(promo.id);
  });
});

describe('an exchange', () => {
  it('offers no cheaper product; a dearer one is paid for through Stripe by the mailed link, and ships once back and paid', async () => {
    const { order, browser, office } = await shippedOrder(2);
    const form = await browser.get(`/gb/orders/${order.number}/return`);
    expect(form.html).toContain('name="exchange_for"');
    // Only products worth at least the £149.99 pistol that goes back: not the £86.99 Essential pistol.
    expect(form.html).toContain('<option value="2">');
    expect(form.html).not.toContain('<option value="4">');
    const cheaper = await browser.post(`/gb/orders/${order.number}/return`, {
      line_1: '1',
      reason: 'changed_mind',
      wants: 'exchange',
      exchange_for: '4',
    });
    expect(cheaper.res.status).toBe(400);
    expect(textOf(cheaper.body)).toContain(
      'Choose the product you would like instead from the list: one in stock and worth at least £149.99.',
    );
    const none = await browser.post(`/gb/orders/${order.number}/return`, { line_1: '1', reason: 'changed_mind', wants: 'exchange' });
    expect(none.res.status).toBe(400);
    const chosen = { line_1: '1', reason: 'changed_mind', wants: 'exchange', exchange_for: '2' };
    expect((await browser.post(`/gb/orders/${order.number}/return`, chosen)).res.status).toBe(303);
    const number = `${order.number}-R1`;

    // The request's mail says what is owed and where to pay it; the owner hears of the request too.
    const asked = await vi.waitFor(() => {
      const sent = mailsAbout(new RegExp(`^Your return request ${number}$`));
      expect(sent).toHaveLength(1);
      return sent[0]!;
    });
    expect(asked.TextBody).toContain('You asked for AR-Style Laser Training Rifle instead.');
    expect(asked.TextBody).toContain('AR-Style Laser Training Rifle costs £205.00 more than what you send back.');
    await vi.waitFor(() =>
      expect(mailsAbout(new RegExp(`^Return requested: ${number}`)).map((m) => m.To)).toEqual([
        shop.running.app.deps.settings.ORDERS_TO_EMAIL ?? shop.running.app.deps.settings.CONTACT_TO_EMAIL,
      ]),
    );
    const link = new URL(/Pay the £205\.00 difference: (\S+)/.exec(asked.TextBody)![1]!);
    expect(link.pathname).toBe(`/gb/orders/${order.number}/returns/${number}/pay`);
    expect((await browser.get(`/gb/orders/${order.number}`)).html).toContain(`/gb/orders/${order.number}/returns/${number}/pay`);

    // The link opens Stripe for the difference alone: no address, no codes, and it is not an order.
    const pay = await shopper(shop.t).get(`${link.pathname}${link.search}`);
    expect(pay.res.status).toBe(303);
    const session = /cs_test_\d+/.exec(pay.res.headers.get('location')!)![0];
    const posted = shop.running.stripe.received.at(-1)!.fields;
    // Opened again a second later (issue 64): the same page, not a refusal (Stripe's key, the same parameters).
    await new Promise((r) => setTimeout(r, 1100));
    const again = await shopper(shop.t).get(`${link.pathname}${link.search}`);
    expect(again.res.status).toBe(303);
    expect(again.res.headers.get('location')).toBe(pay.res.headers.get('location'));
    // And an hour later (a new idempotency key): still that page while it takes payment, never a second one to pay.
    vi.useFakeTimers({ toFake: ['Date'] });
    vi.setSystemTime(Date.now() + 3_600_000);
    try {
      const later = await shopper(shop.t).get(`${link.pathname}${link.search}`);
      expect(later.res.headers.get('location')).toBe(pay.res.headers.get('location'));
    } finally {
      vi.useRealTimers();
    }
    expect(posted['line_items[0][price_data][unit_amount]']).toBe('20500');
    expect(posted['metadata[exchange]']).toBe(number);
    expect(posted.allow_promotion_codes).toBeUndefined();
    expect(posted['shipping_address_collection[allowed_countries][0]']).toBeUndefined();
    shop.running.stripe.complete(session);
    for (let i = 0; i < 2; i++)
      expect((await webhook(shop.running.stripe.signedEvent('checkout.session.completed', session, SECRET))).status).toBe(200);
    expect(await shop.t.deps.db.select().from(orders).where(eq(orders.sessionId, session))).toEqual([]);
    const paid = await shop.t.deps.db
      .select()
      .from(ledgerEntries)
      .where(and(eq(ledgerEntries.orderId, order.id), eq(ledgerEntries.kind, 'difference_paid')));
    expect(paid.map((e) => e.amount)).toEqual([20500]);
    expect((await shopper(shop.t).get(`${link.pathname}${link.search}`)).res.status).toBe(409);

    // Not sent before the parcel is back; then sent once, with its mail, and the order says so.
    const parcel = { carrier: 'royal-mail', tracking: 'RM123456785GB' };
    expect(
      (await office.post(`/admin/orders/${order.number}/returns/${number}/ship-exchange`, { form_token: formToken(), ...parcel })).res
        .status,
    ).toBe(409);
    expect((await office.post(`/admin/orders/${order.number}/returns/${number}/accept`, { form_token: formToken() })).res.status).toBe(303);
    expect(
      (
        await office.post(`/admin/orders/${order.number}/returns/${number}/receive`, {
          form_token: formToken(),
          confirmed: '1',
          line_1: '1',
        })
      ).res.status,
    ).toBe(303);
    const received = await vi.waitFor(() => {
      const sent = mailsAbout(new RegExp(`^Return ${number} received$`));
      expect(sent).toHaveLength(1);
      return sent[0]!;
    });
    expect(received.TextBody).toContain('Your exchange is paid for: we are sending it now');
    // Sold out since it was asked: not sent until stock comes in.
    await setStock(shop.t.deps.db, 2, 0, null);
    // A parcel nobody could follow is refused first, as an order's is.
    const noCarrier = await office.post(`/admin/orders/${order.number}/returns/${number}/ship-exchange`, { form_token: formToken() });
    expect(noCarrier.res.status).toBe(400);
    expect(textOf(noCarrier.body)).toContain('Enter the tracking number the carrier gave.');
    const soldOut = await office.post(`/admin/orders/${order.number}/returns/${number}/ship-exchange`, {
      form_token: formToken(),
      ...parcel,
    });
    expect(soldOut.res.status).toBe(409);
    expect(textOf(soldOut.body)).toContain('product 2 is out of stock. Receive stock first, or refund the return.');
    await setStock(shop.t.deps.db, 2, 3, null);
    const sent = await office.post(`/admin/orders/${order.number}/returns/${number}/ship-exchange`, { form_token: formToken(), ...parcel });
    expect(sent.res.status).toBe(303);
    const onItsWay = await vi.waitFor(() => {
      const mails = mailsAbout(new RegExp(`^Your exchange ${number} is on its way$`));
      expect(mails).toHaveLength(1);
      return mails[0]!;
    });
    expect(onItsWay.TextBody).toContain(
      'Follow it on Royal Mail’s page: https://www.royalmail.com/track-your-item#/tracking-results/RM123456785GB',
    );
    const [out] = await shop.t.deps.db
      .select()
      .from(stockMoves)
      .where(and(eq(stockMoves.orderNumber, order.number), eq(stockMoves.reason, 'sale'), eq(stockMoves.productId, 2)));
    expect(out).toMatchObject({ change: -1, note: `exchange ${number}` });
    expect(textOf((await browser.get(`/gb/orders/${order.number}`)).html)).toContain(
      'Exchange on its way: the product you chose instead has left us.',
    );
  });
});

describe('outside the window', () => {
  it('offers only the warranty and says why; a request for more than was bought is refused', async () => {
    const { order, browser } = await shippedOrder(40);
    const page = textOf((await browser.get(`/gb/orders/${order.number}`)).html);
    expect(page).toMatch(/The 14-day return window ended on \d{1,2} [A-Z][a-z]+ \d{4}\. The 12-month warranty covers faults until/);
    const form = await browser.get(`/gb/orders/${order.number}/return`);
    expect(textOf(form.html)).toContain(`Warranty claim: order ${order.number}`);
    expect(form.html).toContain('value="warranty_fault"');
    expect(form.html).not.toContain('value="changed_mind"');
    expect(form.html).not.toContain('value="refund"');
    const late = await browser.post(`/gb/orders/${order.number}/return`, { line_1: '1', reason: 'changed_mind', wants: 'refund' });
    expect(late.res.status).toBe(400);
    expect(textOf(late.body)).toContain(
      'The 14-day return window has closed: only a warranty claim for a fault (a repair or a replacement) can be made now.',
    );
    const tooMany = await browser.post(`/gb/orders/${order.number}/return`, { line_1: '3', reason: 'warranty_fault', wants: 'replace' });
    expect(tooMany.res.status).toBe(400);
    expect(textOf(tooMany.body)).toContain('You can send back at most 2 of that item');
    expect(tooMany.body).toContain('value="3"');
    expect(await shop.t.deps.db.select().from(returnRequests).where(eq(returnRequests.orderId, order.id))).toEqual([]);
    // Without the order's token there is no form and no request.
    expect((await shopper(shop.t).get(`/gb/orders/${order.number}/return`)).res.status).toBe(404);
    expect(
      (await shopper(shop.t).post(`/gb/orders/${order.number}/return`, { line_1: '1', reason: 'warranty_fault', wants: 'replace' })).res
        .status,
    ).toBe(404);
  });
});

describe('one unit asked back under several names (issue 54)', () => {
  it('is refused with a 400 and nothing recorded, for the shopper and the owner; the one unit yields at most 110% in credit', async () => {
    const { order } = await placePaidOrder(shop.running, {
      lines: [{ productId: 1, name: 'G-Series Laser Training Pistol', quantity: 1, unitAmount: 14999 }],
    });
    const office = await owner();
    await shipOrder(shop.running, office, order, 2);
    const browser = shopper(shop.t);
    expect((await browser.get(`/gb/orders/${order.number}?token=${order.token}`)).res.status).toBe(200);
    const aliased = await browser.post(`/gb/orders/${order.number}/return`, {
      line_1: '1',
      line_01: '1',
      line_001: '1',
      reason: 'changed_mind',
      wants: 'credit',
    });
    expect(aliased.res.status).toBe(400);
    expect(await shop.t.deps.db.select().from(returnRequests).where(eq(returnRequests.orderId, order.id))).toEqual([]);
    const unitsBack = await office.post(`/admin/orders/${order.number}/return`, { form_token: formToken(), line_1: '1', line_01: '1' });
    expect(unitsBack.res.status).toBe(400);
    const returned = and(eq(stockMoves.orderNumber, order.number), eq(stockMoves.reason, 'return'));
    expect(await shop.t.deps.db.select().from(stockMoves).where(returned)).toEqual([]);

    const asked = await browser.post(`/gb/orders/${order.number}/return`, { line_1: '1', reason: 'changed_mind', wants: 'credit' });
    expect(asked.res.status).toBe(303);
    const number = `${order.number}-R1`;
    // A second request for the same unit: nothing is left to ask back.
    const again = await browser.post(`/gb/orders/${order.number}/return`, { line_1: '1', reason: 'changed_mind', wants: 'credit' });
    expect(again.res.status).toBe(409);
    expect(textOf(again.body)).toContain('every item on it has been asked back already');
    expect((await office.post(`/admin/orders/${order.number}/returns/${number}/accept`, { form_token: formToken() })).res.status).toBe(303);
    // Receiving more units fit to sell than the request sends back is refused too.
    const overReceived = await office.post(`/admin/orders/${order.number}/returns/${number}/receive`, {
      form_token: formToken(),
      line_1: '2',
      confirmed: '1',
    });
    expect(overReceived.res.status).toBe(400);
    expect(
      (
        await office.post(`/admin/orders/${order.number}/returns/${number}/receive`, {
          form_token: formToken(),
          confirmed: '1',
          line_1: '1',
        })
      ).res.status,
    ).toBe(303);
    const [entry] = await shop.t.deps.db
      .select()
      .from(ledgerEntries)
      .where(and(eq(ledgerEntries.orderId, order.id), eq(ledgerEntries.kind, 'credit')));
    const credit = shop.running.stripe.promotion(entry!.code!)!.coupon.amount_off;
    expect(credit).toBeLessThanOrEqual(order.total * 1.1);
    expect(credit).toBe(Math.floor(14999 * 1.1));
  });
});

describe('receiving a parcel (issue 65)', () => {
  it('puts the received units back by default, says the refund in words first, and moves nothing before its own button', async () => {
    const { order, office, session, number } = await wholeOrderAccepted();
    const form = await office.get(`/admin/orders/${order.number}`);
    expect(form.html).toMatch(/name="line_1"[^>]*value="2"|value="2"[^>]*name="line_1"/);
    const refundsBefore = shop.running.stripe.refundPosts.length;

    // The form's button only asks: the words, and nothing moved.
    const asked = await office.post(`/admin/orders/${order.number}/returns/${number}/receive`, { form_token: formToken(), line_1: '1' });
    expect(asked.res.status).toBe(200);
    const words = textOf(asked.body);
    expect(words).toContain(`Return ${number} of order ${order.number}: Refund £304.97 through Stripe.`);
    expect(words).toContain('Back in stock: 1 × G-Series Laser Training Pistol.');
    expect(words).toContain('Staying out of stock, not fit to sell: 1 × G-Series Laser Training Pistol.');
    expect(shop.running.stripe.refundPosts.length).toBe(refundsBefore);
    const [still] = await shop.t.deps.db.select().from(returnRequests).where(eq(returnRequests.number, number));
    expect(still!.state).toBe('accepted');

    // Its own button receives: the refund goes to Stripe, one unit back on the shelf, the other said to stay out.
    const confirmed = await office.post(`/admin/orders/${order.number}/returns/${number}/receive`, {
      form_token: formToken(),
      line_1: '1',
      confirmed: '1',
    });
    expect(confirmed.res.status).toBe(303);
    const posts = shop.running.stripe.refundPosts.filter(
      (p) => p.fields.payment_intent === shop.running.stripe.chargeOf(session).payment_intent,
    );
    expect(posts.map((p) => p.fields.amount)).toEqual(['30497']);
    const flash = decodeURIComponent(confirmed.res.headers.get('set-cookie') ?? '');
    expect(flash).toContain('1 × G-Series Laser Training Pistol stay out of stock: not fit to sell.');
    const moves = await shop.t.deps.db.select().from(stockMoves).where(eq(stockMoves.orderNumber, order.number));
    expect(moves.filter((m) => m.reason === 'return').map((m) => m.change)).toEqual([1]);
  });
});

describe('goods coming back', () => {
  it('tell the features that follow goods once, whichever door they come through: a request received, the owner’s put back, a refund with goods', async () => {
    const told: string[] = [];
    // The listeners are the after-sale's wiring point (wiring/after-sale-wiring.ts); here one that only notes who it heard of.
    const deps = {
      ...shop.t.deps,
      log: () => {},
      mailWaiting: false,
      afterSale: { goodsBack: [async (_: unknown, n: string) => void told.push(n)] },
    };
    const { order: received, number } = await wholeOrderAccepted();
    await receiveReturn(deps, number, [{ productId: 1, quantity: 2 }], OWNER);
    const { order: putBack } = await shippedOrder(1);
    await returnGoods(deps, { number: putBack.number, lines: [{ productId: 1, quantity: 1 }] }, OWNER);
    const { order: refunded } = await shippedOrder(1);
    await refundOrder(
      deps,
      { number: refunded.number, amount: 14999, goodsBack: [{ productId: 1, quantity: 1 }], intent: 'goods-door' },
      OWNER,
    );
    expect(told).toEqual([received.number, putBack.number, refunded.number]);
  });
});
