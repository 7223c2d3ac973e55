import { and, eq } from 'drizzle-orm';
import * as fc from 'fast-check';
import { describe, expect, it, vi } from 'vitest';
import { askBack, issueCredit, receive, releaseAsk, reserveRefund, voidRefund, type Move } from '#shared/after-sale/ledger-moves.ts';
import { ledgerEntries } from '#worker/after-sale/accounts/ledger-tables.ts';
import { orderLines, orders } from '#worker/orders/order-tables.ts';
import { onLedger, readLedger } from '#worker/after-sale/accounts/ledger-store.ts';
import type { LedgerEntry } from '#shared/after-sale/ledger-entry.ts';
import { formToken, textOf } from '../../support/html';
import { ledgerFaults } from '../../support/ledger-faults';
import { afterSaleShop } from '../../support/after-sale-shop';
import { shopper } from '../../support/shopper';

/**
 * Issue 55 over HTTP and against the real database: one ledger per order decides every refund,
 * return, store credit and exchange, so they no longer contradict each other.
 */
const SECRET = 'whsec_test_ledger';
const shop = afterSaleShop(SECRET);

const mails = shop.mails;
const webhook = shop.webhook;
const TARGETS = { productId: 3, name: 'Reactive Laser Target System', quantity: 1, unitAmount: 19699 };

/** A shipped order of `line` (the targets unless told), the shopper's browser and the owner's. */
const shipped = (line = TARGETS) => shop.shipped(line);

/** The shopper asks `wants` for the one unit; the owner accepts and receives it (fit to sell). */
async function returned(order: { number: string }, browser: ReturnType<typeof shopper>, office: ReturnType<typeof shopper>, wants: string) {
  const productId = String(TARGETS.productId);
  const asked = await browser.post(`/gb/orders/${order.number}/return`, { [`line_${productId}`]: '1', reason: 'changed_mind', wants });
  expect(asked.res.status).toBe(303);
  const number = `${order.number}-R1`;
  expect((await office.post(`/admin/orders/${order.number}/returns/${number}/accept`, { form_token: formToken() })).res.status).toBe(303);
  const received = await office.post(`/admin/orders/${order.number}/returns/${number}/receive`, {
    form_token: formToken(),
    confirmed: '1',
  });
  expect(received.res.status).toBe(303);
  return number;
}

describe('a £50 refund, then store credit for the same unit', () => {
  it('credits 110% of what is left (never of the full price), after which refunding the rest is refused', async () => {
    const { order, session, office, browser } = await shipped();
    const refunded = await office.post(`/admin/orders/${order.number}/refund`, { form_token: formToken(), amount: '50', confirmed: '1' });
    expect(refunded.res.status).toBe(303);
    expect(
      (await webhook(shop.running.stripe.signedObjectEvent('charge.refunded', shop.running.stripe.chargeOf(session), SECRET))).status,
    ).toBe(200);

    // The owner sees the credit the parcel will give before receiving it.
    await browser.post(`/gb/orders/${order.number}/return`, { line_3: '1', reason: 'changed_mind', wants: 'credit' });
    const number = `${order.number}-R1`;
    await office.post(`/admin/orders/${order.number}/returns/${number}/accept`, { form_token: formToken() });
    const words = await office.post(`/admin/orders/${order.number}/returns/${number}/receive`, { form_token: formToken() });
    expect(textOf(words.body)).toContain('Received: issue £161.68 of store credit');
    expect(
      (await office.post(`/admin/orders/${order.number}/returns/${number}/receive`, { form_token: formToken(), confirmed: '1' })).res
        .status,
    ).toBe(303);

    const [credit] = await shop.t.deps.db
      .select()
      .from(ledgerEntries)
      .where(and(eq(ledgerEntries.orderId, order.id), eq(ledgerEntries.kind, 'credit')));
    expect(credit!.amount).toBeLessThanOrEqual(1.1 * (19699 - 5000));
    expect(credit!.amount).toBe(16168);
    expect(shop.running.stripe.promotion(credit!.code!)!.coupon.amount_off).toBe(16168);

    const rest = await office.post(`/admin/orders/${order.number}/refund`, { form_token: formToken(), amount: '1' });
    expect(rest.res.status).toBe(409);
    expect(textOf(rest.body)).toContain(
      'nothing is left to refund (£50.00 of £196.99 given back, £146.99 turned into store credit or an exchange already)',
    );
    const admin = await office.get(`/admin/orders/${order.number}`);
    expect(textOf(admin.html)).toContain('Cannot refund: nothing is left to refund');
    // The account in figures, as the owner reads it.
    expect(admin.html).toContain('data-account-left="0"');
    expect(textOf(admin.html)).toContain('Store credit issued £161.68 (for £146.99 of the payment)');
    const timeline = textOf((await browser.get(`/gb/orders/${order.number}`)).html);
    expect(timeline).toContain('Returned: the goods have come back to us. Partly refunded: £50.00. Store credit: £161.68.');
  });
});

describe('store credit worth more than the cart', () => {
  it('names in the cart what stays, and after paying sends that back as a new code', async () => {
    const { order, office, browser } = await shipped();
    await returned(order, browser, office, 'credit');
    const [credit] = await shop.t.deps.db
      .select()
      .from(ledgerEntries)
      .where(and(eq(ledgerEntries.orderId, order.id), eq(ledgerEntries.kind, 'credit')));
    expect(credit!.amount).toBe(21668);

    // An £86.99 cart: the code takes £86.99 off and £129.69 stays, said before paying.
    const cart = shopper(shop.t, { 'CF-IPCountry': 'GB' });
    await cart.post('/gb/cart/add', { product_id: '4' });
    expect((await cart.post('/gb/cart/discount', { code: credit!.code! })).res.status).toBe(303);
    const page = await cart.get('/gb/cart');
    expect(page.html).toContain('data-credit-stays="12969"');
    expect(textOf(page.html)).toContain(
      '£129.69 of your store credit is not used on this order: it stays yours, and we e-mail it to you as a new code once you have paid.',
    );
    const { body } = await cart.post('/gb/cart/checkout', {}, { Accept: 'application/json' });
    const session = /cs_test_\d+/.exec(body)![0];
    shop.running.stripe.complete(session);
    for (let i = 0; i < 2; i++)
      expect((await webhook(shop.running.stripe.signedEvent('checkout.session.completed', session, SECRET))).status).toBe(200);
    const [paid] = await shop.t.deps.db.select().from(orders).where(eq(orders.sessionId, session));
    expect(paid).toMatchObject({ discount: 8699, discountCode: credit!.code });

    const kept = await vi.waitFor(() => {
      const sent = mails().filter((m) => m.Subject === 'Your store credit: £129.69 kept for you');
      expect(sent).toHaveLength(1);
      return sent[0]!;
    });
    const code = /stays yours as a new code: (CREDIT-[A-Z0-9]+)\./.exec(kept.TextBody)![1]!;
    expect(code).not.toBe(credit!.code);
    expect(shop.running.stripe.promotion(code)).toMatchObject({
      max_redemptions: 1,
      active: true,
      coupon: { amount_off: 12969, currency: 'gbp' },
    });
    const read = await readLedger(shop.t.deps.db, order.id);
    expect(read!.ledger.creditIssued - read!.ledger.creditSpent).toBe(12969);
  });
});

describe('a full return, refunded', () => {
  it('says Returned on the order page, offers no return, and no later mail says "on its way"', async () => {
    const { order, session, office, browser } = await shipped();
    const before = mails().length;
    await returned(order, browser, office, 'refund');
    expect(
      (await webhook(shop.running.stripe.signedObjectEvent('charge.refunded', shop.running.stripe.chargeOf(session), SECRET))).status,
    ).toBe(200);
    await vi.waitFor(() => expect(mails().some((m) => m.Subject === `Refund issued: order ${order.number}`)).toBe(true));
    const page = await browser.get(`/gb/orders/${order.number}`);
    expect(textOf(page.html)).toContain('Returned: the goods have come back to us. Refunded: £196.99, all of it.');
    expect(page.html).not.toContain(`/gb/orders/${order.number}/return"`);
    expect((await browser.get(`/gb/orders/${order.number}/return`)).res.status).toBe(409);
    const later = mails()
      .slice(before)
      .filter((m) => m.TextBody.includes(order.number));
    expect(later.length).toBeGreaterThanOrEqual(3);
    for (const m of later.filter((x) => x.To !== shop.running.app.deps.settings.ORDERS_TO_EMAIL)) {
      expect(
        m.TextBody.split('\n').find((l) => l.startsWith('Where your order stands:')),
        m.Subject,
      ).not.toMatch(/on its way/);
    }
    const last = later.at(-1)!;
    expect(last.TextBody).toContain('Where your order stands: Returned: the goods have come back to us. Refunded: £196.99, all of it.');
  });
});

describe('an exchange refused', () => {
  it('is cancelled on the ledger: nothing owed, no way to pay, the unit may be asked again', async () => {
    const { order, office, browser } = await shipped();
    const asked = { line_3: '1', reason: 'changed_mind', wants: 'exchange', exchange_for: '2' };
    expect((await browser.post(`/gb/orders/${order.number}/return`, asked)).res.status).toBe(303);
    const number = `${order.number}-R1`;
    const pay = `/gb/orders/${order.number}/returns/${number}/pay`;
    expect((await browser.get(`/gb/orders/${order.number}`)).html).toContain(pay);
    const refused = await office.post(`/admin/orders/${order.number}/returns/${number}/refuse`, {
      form_token: formToken(),
      why: 'Opened and used',
    });
    expect(refused.res.status).toBe(303);
    expect((await browser.get(`/gb/orders/${order.number}`)).html).not.toContain(pay);
    expect((await browser.get(pay)).res.status).toBe(404);
    const read = await readLedger(shop.t.deps.db, order.id);
    expect(read!.ledger.exchangeBasis).toBe(0);
    expect(read!.ledger.differenceDue).toBe(0);
    expect(
      (await browser.post(`/gb/orders/${order.number}/return`, { line_3: '1', reason: 'changed_mind', wants: 'refund' })).res.status,
    ).toBe(303);
  });
});

describe('every mail of this file', () => {
  it('speaks in the shop’s voice: no “I paid”, no “my card”', () => {
    expect(mails().length).toBeGreaterThan(10);
    for (const m of mails()) expect(`${m.Subject}\n${m.TextBody}`, m.Subject).not.toMatch(/\bI paid\b|\bmy card\b|\bI changed my mind\b/i);
  });
});

describe('the ledger against the real database, with concurrent posts', () => {
  it('never gives more back than paid, nor a unit back twice, however the posts interleave (200 sequences)', async () => {
    let n = 0;
    const action = fc.oneof(
      fc.record({ t: fc.constant('ask' as const), r: fc.integer({ min: 1, max: 3 }), q: fc.integer({ min: 1, max: 3 }) }),
      fc.record({ t: fc.constant('release' as const), r: fc.integer({ min: 1, max: 3 }) }),
      fc.record({ t: fc.constant('receive' as const), r: fc.integer({ min: 0, max: 3 }), q: fc.integer({ min: 1, max: 2 }) }),
      fc.record({ t: fc.constant('refund' as const), ref: fc.integer({ min: 1, max: 3 }), amount: fc.integer({ min: 1, max: 40_000 }) }),
      fc.record({ t: fc.constant('void' as const), ref: fc.integer({ min: 1, max: 3 }) }),
      fc.record({ t: fc.constant('credit' as const), r: fc.integer({ min: 1, max: 3 }), value: fc.integer({ min: 1, max: 40_000 }) }),
    );
    type A = typeof action extends fc.Arbitrary<infer T> ? T : never;
    const moveOf =
      (a: A) =>
      (l: Parameters<typeof askBack>[0]): Move => {
        const r = `R${'r' in a ? a.r : 0}`;
        switch (a.t) {
          case 'ask':
            return askBack(l, r, [{ productId: 1, quantity: a.q }]);
          case 'release':
            return releaseAsk(l, r);
          case 'receive':
            return receive(l, a.r === 0 ? `direct-${a.q}` : r, a.r === 0 ? null : r, [{ productId: 1, quantity: a.q, fit: 0 }]);
          case 'refund':
            return reserveRefund(l, `refund:${a.ref}`, a.amount);
          case 'void':
            return voidRefund(l, `refund:${a.ref}`);
          case 'credit':
            return issueCredit(l, `credit:${r}`, a.value, `CREDIT-T${n}-${a.r}`, r);
        }
      };
    await fc.assert(
      fc.asyncProperty(fc.array(fc.tuple(action, fc.integer({ min: 1, max: 3 })), { minLength: 1, maxLength: 8 }), async (rounds) => {
        n++;
        const [row] = await shop.t.deps.db
          .insert(orders)
          .values({
            sessionId: `cs_ledger_${n}_${Date.now()}`,
            number: `SP-LDG${n}-${Date.now() % 100000}`,
            status: 'paid',
            currency: 'GBP',
            subtotal: 29998,
            shipping: 499,
            total: 30497,
            token: `token-${n}`,
          })
          .returning({ id: orders.id });
        await shop.t.deps.db
          .insert(orderLines)
          .values({ orderId: row!.id, position: 0, productId: 1, name: 'Pistol', quantity: 2, unitAmount: 14999 });
        for (const [a, copies] of rounds) {
          // The same post `copies` times at once: decided one after the other by the ledger's stamp.
          await Promise.all(
            Array.from({ length: copies }, () =>
              onLedger(shop.t.deps.db, row!.id, 'test', (l) => ({ move: moveOf(a)(l), value: null })).catch((err: unknown) => {
                if (!(err instanceof Error) || err.name !== 'Refusal') throw err;
              }),
            ),
          );
        }
        const read = await readLedger(shop.t.deps.db, row!.id);
        expect(ledgerFaults(read!.ledger.facts, read!.ledger.entries as LedgerEntry[])).toEqual([]);
      }),
      { numRuns: 200 },
    );
  });
});
