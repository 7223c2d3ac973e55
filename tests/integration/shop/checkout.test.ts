import { checkoutGatewayFor } from '#worker/payments/choose-gateway.ts';
import { noChangeFeed } from '#worker/base/change-feed-contract.ts';
import { sql } from 'drizzle-orm';
import { afterAll, beforeAll, beforeEach, describe, expect, it } from 'vitest';
import { cartNotices } from '#shared/cart/notices.ts';
import { parseSettings } from '#worker/base/settings.ts';
import { startCheckout, type CheckoutDeps, type CheckoutRequest } from '#worker/checkout/start-checkout.ts';
import { prepareDatabase } from '#worker/runtimes/migrate-node.ts';
import { setStock } from '#worker/stock/stock-moves.ts';
import { stockCounts } from '#worker/stock/stock-queries.ts';
import { productById } from '../../support/catalogue';
import { startStripeEmulator, type StripeEmulator } from '../../support/stripe-emulator';
import { useMigratedDb } from '../../support/temp-db';
import { keptLog, startTestApp } from '../../support/test-app';
import { shopper } from '../../support/shopper';

/**
 * The checkout without HTTP: startCheckout against a real libSQL file and the Stripe emulation, one
 * outcome back for each way a cart can end (the route only turns it into a redirect, JSON or the page).
 */
const store = useMigratedDb();
let stripe: StripeEmulator;
const kept = keptLog();
const waiting: Promise<unknown>[] = [];

beforeAll(async () => {
  stripe = await startStripeEmulator();
  await prepareDatabase(store.db);
});
afterAll(() => stripe.close());
beforeEach(async () => {
  stripe.state.mode = 'ok';
  kept.lines.length = 0;
  for (const id of [1, 2, 10]) await setStock(store.db, id, 10, null);
});

/** The settings, with the share one network may hold off unless a test is about it (these carts buy more than a fifth). */
function deps(withStripe: boolean, env: Record<string, string> = { CHECKOUT_HOLD_SHARE: '0' }): CheckoutDeps {
  const settings = parseSettings({ SITE_URL: 'https://shop.example', ...(withStripe ? stripe.env : {}), ...env }, 'node');
  return {
    db: store.db,
    settings,
    log: kept.log,
    gateway: checkoutGatewayFor(settings),
    changes: noChangeFeed,
    background: (work) => waiting.push(work),
  };
}

let nonceAsked = 0;
function request(cart: CheckoutRequest['cart'], more: Partial<CheckoutRequest> = {}): CheckoutRequest {
  return {
    cart,
    sender: '203.0.113.7',
    region: 'UK',
    market: null,
    campaign: {},
    attempt: 'attempt-0001',
    buyerNonce: () => {
      nonceAsked++;
      return 'nonce-of-this-browser';
    },
    offerCode: null,
    ...more,
  };
}
const from = (sender: string, attempt: string, cart: CheckoutRequest['cart']) =>
  startCheckout(deps(true), request(cart, { sender, attempt }));
const held = async (id: number) => (await stockCounts(store.db, [id]))[0]!.reserved;

describe('startCheckout with Stripe set up', () => {
  it('holds the units, then sends the shopper to the Checkout Session made with the attempt’s key', async () => {
    const before = stripe.received.length;
    const outcome = await startCheckout(
      deps(true),
      request([
        { id: 1, quantity: 2 },
        { id: 10, quantity: 1 },
      ]),
    );
    expect(outcome).toEqual({ kind: 'redirect', url: expect.stringMatching(/\/pay\/cs_test_\d+$/) });
    expect(stripe.received.length).toBe(before + 1);
    const sent = stripe.received.at(-1)!;
    // The key is the hold's reservation and the hold's end: the parameters a retry of this attempt sends.
    expect(sent.fields['metadata[reservation]']).toMatch(/^cart-checkout-[0-9a-f]{32}$/);
    expect(sent.idempotencyKey).toMatch(new RegExp(`^${sent.fields['metadata[reservation]']}-[0-9a-f-]{36}$`));
    expect(sent.fields['line_items[0][price_data][currency]']).toBe('gbp');
    // A new payment method (docs/code-layout.md's checklist) is the Dashboard's to turn on: the session names none,
    // so Checkout offers every method the account has on; one that settles later arrives as async_payment_*.
    expect(Object.keys(sent.fields).filter((k) => k.startsWith('payment_method_types'))).toEqual([]);
    expect([await held(1), await held(10)]).toEqual([2, 1]);

    // The same attempt again (a double submit): the same key, and the units are held once.
    const again = await startCheckout(
      deps(true),
      request([
        { id: 1, quantity: 2 },
        { id: 10, quantity: 1 },
      ]),
    );
    expect(again.kind).toBe('redirect');
    expect(stripe.received.at(-1)!.idempotencyKey).toBe(sent.idempotencyKey);
    expect(await held(1)).toBe(2);
  });

  it('refuses a cart the shop cannot fill by name, holding nothing and asking Stripe nothing', async () => {
    await setStock(store.db, 2, 1, null);
    const before = stripe.received.length;
    const outcome = await startCheckout(deps(true), request([{ id: 2, quantity: 3 }], { attempt: 'attempt-short' }));
    expect(outcome).toMatchObject({ kind: 'short', short: [{ productId: 2, wanted: 3, available: 1 }] });
    expect(outcome.kind === 'short' && outcome.notice.text).toContain(`has 1 left (your cart has 3)`);
    expect(stripe.received.length).toBe(before);
    expect(await held(2)).toBe(0);
  });

  it('lets the hold go when Stripe fails and says so; the same form again reaches Stripe (Stripe replays a key’s 500)', async () => {
    stripe.state.mode = 'fail';
    const before = stripe.received.length;
    const outcome = await startCheckout(deps(true), request([{ id: 2, quantity: 4 }], { attempt: 'attempt-fails' }));
    expect(outcome).toEqual({ kind: 'unavailable' });
    expect(await held(2)).toBe(0);
    expect(kept.lines.map((l) => l.msg)).toContain('checkout session failed');

    stripe.state.mode = 'ok';
    const retried = await startCheckout(deps(true), request([{ id: 2, quantity: 4 }], { attempt: 'attempt-fails' }));
    expect(retried.kind).toBe('redirect');
    const [first, second] = stripe.received.slice(before);
    expect(second!.idempotencyKey).not.toBe(first!.idempotencyKey);
    expect(await held(2)).toBe(4);
  });

  it('bounds what one address starts and holds, durably, while another address still checks out', async () => {
    for (const id of [1, 2, 3, 4, 5, 10]) await setStock(store.db, id, 50, null);
    // A cart over the cap (50 units at once) is refused before anything is held.
    const big = [1, 2, 10]
      .map((id) => ({ id, quantity: 10 }))
      .concat([
        { id: 3, quantity: 10 },
        { id: 4, quantity: 10 },
        { id: 5, quantity: 10 },
      ]);
    expect(await from('198.51.100.9', 'attempt-big', big)).toMatchObject({ kind: 'limited', notice: cartNotices.tooManyHeld });
    expect(await held(3)).toBe(0);
    // Ten checkouts per ten minutes: the eleventh from the address is refused with a Retry-After.
    const outcomes = [];
    for (let i = 0; i < 11; i++) outcomes.push((await from('198.51.100.10', `attempt-many-${i}`, [{ id: 10, quantity: 1 }])).kind);
    expect(outcomes).toEqual([...Array<string>(10).fill('redirect'), 'limited']);
    const refused = await from('198.51.100.10', 'attempt-many-x', [{ id: 10, quantity: 1 }]);
    expect(refused).toMatchObject({ kind: 'limited', notice: cartNotices.tooManyCheckouts, retryAfterS: expect.any(Number) });
    expect(await from('192.0.2.44', 'attempt-other', [{ id: 10, quantity: 1 }])).toMatchObject({ kind: 'redirect' });
  });

  it('refuses a code the cart does not meet by name, holding nothing; forgets one Stripe no longer takes', async () => {
    stripe.addPromotion({ code: 'BIG200', amountOff: { amount: 2000, currency: 'gbp' }, minimum: { amount: 20_000, currency: 'gbp' } });
    const before = stripe.received.length;
    const heldBefore = await held(1);
    const short = await startCheckout(deps(true), request([{ id: 1, quantity: 1 }], { attempt: 'attempt-min', offerCode: 'big200' }));
    expect(short).toEqual({ kind: 'offer', ended: false, notice: { tone: 'error', text: 'BIG200 needs an order of £200.00 or more.' } });
    const ended = await startCheckout(deps(true), request([{ id: 1, quantity: 1 }], { attempt: 'attempt-old', offerCode: 'OLDCODE' }));
    expect(ended).toMatchObject({ kind: 'offer', ended: true });
    expect(stripe.received.length).toBe(before);
    expect(await held(1)).toBe(heldBefore);
    // Enough in the cart: the code goes to Stripe, under a key of its own (the same attempt without it is another request).
    const met = await startCheckout(deps(true), request([{ id: 1, quantity: 2 }], { attempt: 'attempt-min', offerCode: 'BIG200' }));
    expect(met.kind).toBe('redirect');
    const withCode = stripe.received.at(-1)!;
    expect(withCode.fields['discounts[0][promotion_code]']).toMatch(/^promo_test_\d+$/);
    const without = await startCheckout(deps(true), request([{ id: 1, quantity: 2 }], { attempt: 'attempt-min' }));
    expect(without.kind).toBe('redirect');
    expect(stripe.received.at(-1)!.idempotencyKey).not.toBe(withCode.idempotencyKey);
  });

  it('finds codes case-insensitively, never one past its end or used up', async () => {
    const gateway = checkoutGatewayFor(deps(true).settings)!;
    stripe.addPromotion({ code: 'PAST5', percentOff: 5, expiresAt: Math.floor(Date.now() / 1000) - 60 });
    stripe.addPromotion({ code: 'ONCE5', percentOff: 5, maxRedemptions: 1 }).times_redeemed = 1;
    expect(await gateway.findPromotionCode('spring10')).toMatchObject({ code: 'SPRING10', percentOff: 10, amountOff: {} });
    expect(await gateway.findPromotionCode('TAKE15')).toMatchObject({
      percentOff: null,
      amountOff: { GBP: 1500, EUR: 1700, USD: 1900 },
      minimum: { GBP: 5000 },
    });
    for (const code of ['PAST5', 'ONCE5', 'OLDCODE', 'NOPE']) expect(await gateway.findPromotionCode(code)).toBeNull();
  });

  it('says the cart is empty when none of its lines is a product', async () => {
    expect(await startCheckout(deps(true), request([{ id: 999, quantity: 1 }]))).toEqual({ kind: 'refused', notice: cartNotices.empty });
  });
});

describe('startCheckout without Stripe', () => {
  it('sends a single item to its payment link with the campaign, without asking for the buyer', async () => {
    nonceAsked = 0;
    const outcome = await startCheckout(deps(false), request([{ id: 1, quantity: 1 }], { campaign: { utm_source: 'news' } }));
    const link = productById(1)!.payment_links.uk ?? productById(1)!.payment_links.standard;
    expect(outcome).toEqual({ kind: 'redirect', url: `${link}?utm_source=news` });
    expect(nonceAsked).toBe(0);
  });

  it('has more than one item paid line by line', async () => {
    expect(await startCheckout(deps(false), request([{ id: 1, quantity: 2 }]))).toEqual({ kind: 'one-by-one' });
  });
});

describe('POST /cart/checkout from one address, over HTTP', () => {
  it('bounds the share one network holds: eight /64s of one /56, or eight addresses of one /24, hold a fifth at most; another network buys; links stay on', async () => {
    const withShare = deps(true, {});
    const before = stripe.linkUpdates.length;
    for (const [label, senders] of [
      ['IPv6', Array.from({ length: 8 }, (_, i) => `2001:db8:77:${(0xab00 + i).toString(16)}::1`)],
      ['IPv4', Array.from({ length: 8 }, (_, i) => `198.51.7.${10 + i}`)],
    ] as const) {
      await setStock(store.db, 6, 40, null);
      await store.db.run(sql`delete from stock_reservations where product_id = 6`);
      const outcomes = [];
      for (const [i, sender] of senders.entries()) {
        // Each asks for as much as a fifth of what is on hand (8 of 40).
        outcomes.push(
          (await startCheckout(withShare, request([{ id: 6, quantity: 8 }], { sender, attempt: `${label}-attempt-${i}` }))).kind,
        );
      }
      expect(outcomes, label).toEqual(['redirect', ...Array<string>(7).fill('limited')]);
      expect(await held(6), label).toBe(8);
      // A shopper from another network still buys.
      const elsewhere = label === 'IPv6' ? '2001:db8:78::1' : '198.51.8.1';
      expect(
        (await startCheckout(withShare, request([{ id: 6, quantity: 8 }], { sender: elsewhere, attempt: `${label}-other` }))).kind,
      ).toBe('redirect');
    }
    // Nothing was held down to none available: no payment link was switched off.
    await Promise.all(waiting);
    expect(stripe.linkUpdates.slice(before)).toEqual([]);
  });

  it('30 forged 130-unit carts meet 429 and hold nothing; a shopper from another address checks out', async () => {
    const app = await startTestApp({ env: { ...stripe.env, CLIENT_IP_HEADER: 'x-forwarded-for' } });
    try {
      for (const id of [1, 2, 3, 4, 5, 6, 7, 8, 9, 10, 11, 12, 13]) await setStock(app.deps.db, id, 25, null);
      const forged = Array.from({ length: 13 }, (_, i) => `${i + 1}:10`).join('|');
      const statuses = [];
      for (let i = 0; i < 30; i++) {
        const attacker = shopper(app, { 'X-Forwarded-For': '203.0.113.50' });
        attacker.setCookie(forged);
        const { res } = await attacker.post('/cart/checkout', { attempt: crypto.randomUUID() });
        statuses.push(res.status);
        if (res.status === 429) expect(Number(res.headers.get('retry-after'))).toBeGreaterThan(0);
      }
      expect(statuses).toEqual(Array<number>(30).fill(429));
      const counts = await stockCounts(app.deps.db, [1, 2, 3, 4, 5, 6, 7, 8, 9, 10, 11, 12, 13]);
      expect(Math.min(...counts.map((c) => c.onHand - c.reserved))).toBeGreaterThanOrEqual(15);

      const other = shopper(app, { 'X-Forwarded-For': '198.51.100.77' });
      await other.post('/cart/add', { product_id: '1', quantity: '2' });
      const { res } = await other.post('/cart/checkout', { attempt: crypto.randomUUID() });
      expect(res.status).toBe(303);
      expect(res.headers.get('location')).toMatch(/\/pay\/cs_test_\d+$/);
    } finally {
      await app.close();
    }
  });
});
