import { cp, mkdtemp, readFile, rm, writeFile } from 'node:fs/promises';
import { readOutbox } from '../../support/outbox';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { eq, inArray, sql } from 'drizzle-orm';
import { afterAll, afterEach, beforeAll, beforeEach, describe, expect, it, vi } from 'vitest';

import { orderLines, orders } from '#worker/orders/order-tables.ts';
import { stock, stockMoves, stockReservations } from '#worker/stock/stock-tables.ts';
import { parseStockCommand, runStockCommand, type StockCommandDeps } from '#worker/cli/stock-args.ts';
import { setStock } from '#worker/stock/stock-moves.ts';
import { syncPaymentLinks } from '#worker/stock/payment-link-switch.ts';
import { nowSeconds } from '#worker/base/clock.ts';
import { oversoldLines } from '#worker/order-reads/order-lists.ts';
import { stockCounts } from '#worker/stock/stock-queries.ts';
import { settleLapsedHolds } from '#worker/orders/lapsed-holds.ts';
import { syncContent } from '#worker/content-sync/content-sync.ts';
import { shopper } from '../../support/shopper';
import { startStripeEmulator, type StripeEmulator } from '../../support/stripe-emulator';
import { keptLog, NO_ADDRESS_LIMITS, startTestApp, type TestApp } from '../../support/test-app';
import { paymentLinks, productById, ukPaymentLinks } from '../../support/catalogue';

/**
 * Stock over HTTP on the Node runtime: the cart's checkout holds units in a Checkout Session (the
 * Stripe emulation), signed webhooks turn them into sales or let them go, payment links follow what
 * is available, and the operator's command moves stock. After every test the moves sum to on hand.
 */
const SECRET = 'whsec_test_stock';
let stripe: StripeEmulator;
let t: TestApp;

beforeAll(async () => {
  stripe = await startStripeEmulator();
  // Its log is kept, not printed: some tests make Stripe fail on purpose.
  // Every shopper here comes from 127.0.0.1: the per-address limits (tests/integration/shop/checkout.test.ts) are off.
  t = await startTestApp({
    env: { ...stripe.env, ...NO_ADDRESS_LIMITS, STRIPE_WEBHOOK_SECRET: SECRET, SITE_URL: 'https://shop.example' },
    log: keptLog().log,
  });
});
afterAll(() => Promise.all([t.close(), stripe.close()]));
beforeEach(() => {
  stripe.state.mode = 'ok';
  stripe.linkUpdates.length = 0;
});
afterEach(async () => {
  // The invariant: a product's moves sum to what it has on hand, whatever happened.
  const rows = await t.deps.db
    .select({
      productId: stock.productId,
      onHand: stock.onHand,
      moved: sql<number>`coalesce((select sum(${stockMoves.change}) from ${stockMoves} where ${stockMoves.productId} = "stock"."product_id"), 0)`,
    })
    .from(stock);
  expect(rows.length).toBeGreaterThan(0);
  for (const row of rows) expect({ product: row.productId, onHand: row.moved }).toEqual({ product: row.productId, onHand: row.onHand });
});

const deliver = (type: string, sessionId: string) => {
  const event = stripe.signedEvent(type, sessionId, SECRET);
  return fetch(`${t.url}/webhooks/stripe`, { method: 'POST', body: event.body, headers: event.headers });
};
const countOf = async (productId: number) => (await stockCounts(t.deps.db, [productId]))[0]!;
const linksOf = (name: string) => [paymentLinks[name], ukPaymentLinks[name]].filter((url): url is string => url !== undefined);

/** A shopper with these lines in the cart who presses Checkout (the island's JSON post). */
async function checkout(lines: Array<[id: number, quantity: number]>) {
  const s = shopper(t);
  for (const [id, quantity] of lines) await s.post('/cart/add', { product_id: String(id), quantity: String(quantity) });
  const { res, body } = await s.post('/cart/checkout', { attempt: crypto.randomUUID() }, { Accept: 'application/json' });
  return { status: res.status, body: JSON.parse(body) as { url?: string; error?: string; short?: unknown[] }, shopper: s };
}
/**
 * A payment link's sale of one product, completed and delivered as Stripe would; the session id. The
 * session is shaped as the Dashboard makes it: it names the link, and its product has no metadata of
 * ours (the emulation ignores `productId` for it), so the shop has to find the product by the link.
 */
async function paidThroughLink(
  line: { productId: number; name: string; quantity: number; unitAmount: number },
  currency = 'GBP',
  paymentStatus: 'paid' | 'unpaid' = 'paid',
) {
  const session = stripe.createSession({ currency, lines: [line], paymentLink: productById(line.productId)!.payment_links.standard! });
  stripe.complete(session, paymentStatus);
  expect((await deliver('checkout.session.completed', session)).status).toBe(200);
  return session;
}
/** The shop's "New order" mail for this order, from the outbox (the mail goes out after the answer). */
const newOrderMail = (number: string) =>
  vi.waitFor(async () => {
    const mails = await readOutbox(t.deps.settings.MAIL_OUTBOX_DIR);
    const found = mails.find((m) => m.subject.startsWith(`[New order ${number}]`));
    expect(found).toBeDefined();
    return found as { text: string };
  });
const sessionIdOf = (url: string) => /\/pay\/(cs_test_\d+)/.exec(url)![1]!;

describe('a cart checkout holds its units', () => {
  it('reserves in the session, sells on completed (once, replays included) and lets nothing go twice', async () => {
    await setStock(t.deps.db, 2, 10, null);
    await setStock(t.deps.db, 3, 10, null);
    const { status, body } = await checkout([
      [2, 2],
      [3, 1],
    ]);
    expect(status).toBe(200);
    const id = sessionIdOf(body.url!);
    const sent = stripe.received.at(-1)!.fields;
    const reservation = sent['metadata[reservation]']!;
    expect(reservation).toMatch(/^cart-checkout-[0-9a-f]{32}$/);
    // Stripe stops taking payment at expires_at: 30 minutes (and a minute's margin) from now.
    expect(Number(sent.expires_at) - Date.now() / 1000).toBeGreaterThan(30 * 60);
    expect(Number(sent.expires_at) - Date.now() / 1000).toBeLessThan(32 * 60);
    expect(await countOf(2)).toEqual({ productId: 2, onHand: 10, reserved: 2 });
    expect(await countOf(3)).toEqual({ productId: 3, onHand: 10, reserved: 1 });

    stripe.complete(id);
    const answers = await Promise.all(Array.from({ length: 5 }, () => deliver('checkout.session.completed', id)));
    expect(answers.map((a) => a.status)).toEqual([200, 200, 200, 200, 200]);
    expect(await countOf(2)).toEqual({ productId: 2, onHand: 8, reserved: 0 });
    expect(await countOf(3)).toEqual({ productId: 3, onHand: 9, reserved: 0 });
    const [order] = await t.deps.db.select().from(orders).where(eq(orders.sessionId, id));
    const sales = await t.deps.db.select().from(stockMoves).where(eq(stockMoves.orderNumber, order!.number));
    expect(sales.map((m) => [m.productId, m.change, m.reason]).toSorted()).toEqual([
      [2, -2, 'sale'],
      [3, -1, 'sale'],
    ]);
    expect(await t.deps.db.select().from(stockReservations).where(eq(stockReservations.reservation, reservation))).toEqual([]);
  });

  it('lets the units go when the session expires (replays change nothing more)', async () => {
    await setStock(t.deps.db, 4, 5, null);
    const { body } = await checkout([[4, 3]]);
    const id = sessionIdOf(body.url!);
    expect(await countOf(4)).toEqual({ productId: 4, onHand: 5, reserved: 3 });
    stripe.expire(id);
    for (let i = 0; i < 3; i++) expect((await deliver('checkout.session.expired', id)).status).toBe(200);
    expect(await countOf(4)).toEqual({ productId: 4, onHand: 5, reserved: 0 });
    // Nothing was sold: no move beyond the count set above.
    expect((await t.deps.db.select().from(stockMoves).where(eq(stockMoves.productId, 4))).map((m) => m.reason)).toEqual([
      'adjust',
      'adjust',
    ]);
  });

  it('holds the same units once when one attempt is sent again (a retry after a lost answer)', async () => {
    await setStock(t.deps.db, 6, 4, null);
    const s = shopper(t);
    await s.post('/cart/add', { product_id: '6', quantity: '3' });
    const attempt = crypto.randomUUID();
    const first = await s.post('/cart/checkout', { attempt }, { Accept: 'application/json' });
    const again = await s.post('/cart/checkout', { attempt }, { Accept: 'application/json' });
    expect([first.res.status, again.res.status]).toEqual([200, 200]);
    expect(JSON.parse(again.body)).toEqual(JSON.parse(first.body)); // the same session
    expect(await countOf(6)).toEqual({ productId: 6, onHand: 4, reserved: 3 });
  });

  it('lets its own hold go when Stripe fails; a retry of an attempt that got its session gets that session again', async () => {
    await setStock(t.deps.db, 15, 6, null);
    stripe.state.mode = 'fail';
    const failed = await checkout([[15, 2]]);
    expect(failed.status).toBe(502);
    expect((await countOf(15)).reserved).toBe(0);

    stripe.state.mode = 'ok';
    const s = shopper(t);
    await s.post('/cart/add', { product_id: '15', quantity: '2' });
    const attempt = crypto.randomUUID();
    expect((await s.post('/cart/checkout', { attempt }, { Accept: 'application/json' })).res.status).toBe(200);
    const first = (await s.post('/cart/checkout', { attempt }, { Accept: 'application/json' })).body;
    // The same attempt again finds its hold and asks under the same key with the same parameters:
    // Stripe replays the first answer, even while new requests would fail, and nothing is let go.
    stripe.state.mode = 'fail';
    const again = await s.post('/cart/checkout', { attempt }, { Accept: 'application/json' });
    expect(again.res.status).toBe(200);
    expect(JSON.parse(again.body)).toEqual(JSON.parse(first));
    expect((await countOf(15)).reserved).toBe(2);
  });

  it('refuses a line the shop cannot fill: 409 naming it, no session, nothing held', async () => {
    await setStock(t.deps.db, 7, 2, null);
    const before = stripe.sessionCount();
    const { status, body } = await checkout([
      [7, 3],
      [1, 1],
    ]);
    expect(status).toBe(409);
    expect(body.error).toBe(
      'Not enough stock: 1911 Laser Training Pistol has 2 left (your cart has 3). Change the quantity or remove the item to check out.',
    );
    expect(body.short).toEqual([{ productId: 7, wanted: 3, available: 2 }]);
    expect(stripe.sessionCount()).toBe(before);
    expect((await countOf(7)).reserved).toBe(0);
    expect((await countOf(1)).reserved).toBe(0);
  });

  it('without JavaScript lands on /cart, which names the short line', async () => {
    await setStock(t.deps.db, 9, 1, null);
    const s = shopper(t);
    await s.post('/cart/add', { product_id: '9', quantity: '2' });
    const { res } = await s.post('/cart/checkout', { attempt: crypto.randomUUID() });
    expect(res.status).toBe(303);
    expect(res.headers.get('location')).toBe('/cart?checkout=short');
    const page = await s.get('/cart?checkout=short');
    expect(page.html).toContain('Recoil-Simulating Laser Training Pistol has 1 left (your cart has 2)');
  });

  it('sells the last 3 units to exactly 3 of 20 shoppers checking out at once; the rest are told', async () => {
    await setStock(t.deps.db, 5, 3, 'race');
    const before = stripe.sessionCount();
    const shoppers = await Promise.all(
      Array.from({ length: 20 }, async () => {
        const s = shopper(t);
        await s.post('/cart/add', { product_id: '5', quantity: '1' });
        return s;
      }),
    );
    const answers = await Promise.all(
      shoppers.map((s) => s.post('/cart/checkout', { attempt: crypto.randomUUID() }, { Accept: 'application/json' })),
    );
    const statuses = answers.map((a) => a.res.status);
    expect(statuses.filter((s) => s === 200)).toHaveLength(3);
    expect(statuses.filter((s) => s === 409)).toHaveLength(17);
    for (const refused of answers.filter((a) => a.res.status === 409)) {
      expect(JSON.parse(refused.body).error).toBe(
        'Not enough stock: Bolt-Action Laser Training Rifle is out of stock. Change the quantity or remove the item to check out.',
      );
    }
    expect(stripe.sessionCount() - before).toBe(3);
    expect(await countOf(5)).toEqual({ productId: 5, onHand: 3, reserved: 3 });
    // None left: its payment links stop taking payments.
    await vi.waitFor(() =>
      expect(stripe.linkUpdates).toEqual(linksOf('Bolt-Action Laser Training Rifle').map((url) => ({ url, active: false }))),
    );
    console.log(`20 shoppers for 3 units: ${statuses.join(' ')}`);
  });
});

describe('products as content', () => {
  it('a price changed in its file and synced is what the page shows and what a new Checkout Session charges', async () => {
    const dir = await mkdtemp(join(tmpdir(), 'shop-products-'));
    const file = join(dir, 'products/05-bolt-action-laser-training-rifle.md');
    try {
      await cp('content/products', join(dir, 'products'), { recursive: true });
      const original = await readFile(file, 'utf8');
      expect(original).toContain('GBP: 315.99');
      await setStock(t.deps.db, 5, 10, null);
      const uk = shopper(t, { 'CF-IPCountry': 'GB' });
      expect((await uk.get('/gb/product/5')).html).not.toContain('£289.49');

      await writeFile(file, original.replace('GBP: 315.99', 'GBP: 289.49'));
      const synced = await syncContent(t.deps.db, { dir });
      expect(synced.report).toContain('changed product 5 bolt-action-laser-training-rifle: prices (');
      // The instance that ran the sync sees it at once; others when their content gate is next read (a minute).
      await t.deps.readCache.contentChanged();
      const page = (await uk.get('/gb/product/5')).html;
      // Now £289.49, with the unchanged full price beside it as the saving.
      expect(page).toContain('£289.49');

      await uk.post('/cart/add', { product_id: '5' });
      const { res } = await uk.post('/cart/checkout', { attempt: crypto.randomUUID() }, { Accept: 'application/json' });
      expect(res.status).toBe(200);
      const sent = stripe.received.at(-1)!.fields;
      expect(sent.currency ?? sent['line_items[0][price_data][currency]']).toBe('gbp');
      expect(sent['line_items[0][price_data][unit_amount]']).toBe('28949');
    } finally {
      await writeFile(file, (await readFile(file, 'utf8')).replace('GBP: 289.49', 'GBP: 315.99'));
      await syncContent(t.deps.db, { dir });
      await t.deps.readCache.contentChanged();
      await rm(dir, { recursive: true, force: true });
    }
  });
});

describe('a product new to the shop', () => {
  it('has a stock row of 0, and its links (which Stripe made active) are switched off until a delivery', async () => {
    const dir = await mkdtemp(join(tmpdir(), 'shop-products-'));
    try {
      await cp('content/products', join(dir, 'products'), { recursive: true });
      const knife = await readFile(join(dir, 'products/11-shock-feedback-training-knife.md'), 'utf8');
      await writeFile(
        join(dir, 'products/16-blue-training-gun.md'),
        knife
          .replace('id: 11', 'id: 16')
          .replace('slug: shock-feedback-training-knife', 'slug: blue-training-gun')
          .replace('name: 🔪 Shock Feedback Training Knife', 'name: 🔫 Blue Training Gun G17')
          .replace(/standard: \S+/, `standard: ${stripe.spareLinkUrl}`),
      );
      const synced = await syncContent(t.deps.db, { dir });
      expect(synced.plan.products.add.map((f) => f.product.id)).toEqual([16]);
      expect(await countOf(16)).toEqual({ productId: 16, onHand: 0, reserved: 0 });
      expect(stripe.linkActive(stripe.spareLinkUrl)).toBe(true);
      // What `npm run content:sync` does after writing (src/worker/runtimes/cli.ts).
      await syncPaymentLinks({ db: t.deps.db, gateway: t.deps.gateway, log: t.deps.log }, [16], { force: true });
      expect(stripe.linkActive(stripe.spareLinkUrl)).toBe(false);
    } finally {
      await rm(join(dir, 'products/16-blue-training-gun.md'), { force: true });
      await syncContent(t.deps.db, { dir, prune: true });
      await t.deps.readCache.contentChanged();
      await rm(dir, { recursive: true, force: true });
    }
  });
});

describe('payment links', () => {
  it('a Buy Now sale through a Dashboard-made link moves stock: 5 → 3, then its last units switch the links off in Stripe', async () => {
    await setStock(t.deps.db, 5, 5, null);
    const session = await paidThroughLink({ productId: 5, name: 'Tactical Shotgun Laser Trainer', quantity: 2, unitAmount: 44999 });
    expect((await countOf(5)).onHand).toBe(3);
    const [order] = await t.deps.db.select().from(orders).where(eq(orders.sessionId, session));
    expect((await t.deps.db.select().from(orderLines).where(eq(orderLines.orderId, order!.id)))[0]!.productId).toBe(5);

    await paidThroughLink({ productId: 5, name: 'Tactical Shotgun Laser Trainer', quantity: 3, unitAmount: 44999 });
    expect((await countOf(5)).onHand).toBe(0);
    const urls = linksOf(productById(5)!.name.replace(/^\S+\s/, ''));
    expect(urls.length).toBeGreaterThan(0);
    await vi.waitFor(() => expect(urls.map(stripe.linkActive)).toEqual(urls.map(() => false)));
  });

  it('a link sale the shop cannot place is said in the shop’s mail and the log, never a silent blank', async () => {
    const kept = keptLog();
    const original = t.deps.log;
    t.deps.log = kept.log;
    try {
      // A link the Dashboard made that no product file names (a BLUE GUN link of the spec's list).
      const session = stripe.createSession({
        currency: 'GBP',
        lines: [{ productId: 0, name: 'BLUE GUN 1911', quantity: 1, unitAmount: 5999 }],
        paymentLink: stripe.unlistedLinkUrl,
      });
      stripe.complete(session);
      expect((await deliver('checkout.session.completed', session)).status).toBe(200);
      const [order] = await t.deps.db.select().from(orders).where(eq(orders.sessionId, session));
      expect((await t.deps.db.select().from(orderLines).where(eq(orderLines.orderId, order!.id)))[0]!.productId).toBeNull();
      expect(kept.lines.map((l) => l.msg)).toContain('payment link sale not matched to a product: stock not moved');
      const shopMail = await newOrderMail(order!.number);
      expect(shopMail.text.split('\n')[0]).toMatch(/^BLUE GUN 1911: not matched to a product .*stock did not move/);
    } finally {
      t.deps.log = original;
    }
  });

  it('are switched off at 0 available and on again on restock (npm run stock -- add)', async () => {
    await setStock(t.deps.db, 10, 1, null);
    await paidThroughLink({ productId: 10, name: 'Marking Edge Training Knife', quantity: 1, unitAmount: 3499 });
    const urls = linksOf('Marking Edge Training Knife');
    await vi.waitFor(() => expect(stripe.linkUpdates).toEqual(urls.map((url) => ({ url, active: false }))));
    expect(urls.map(stripe.linkActive)).toEqual(urls.map(() => false));

    const deps = commandDeps(t.deps.gateway);
    expect(await runStockCommand(deps, parseStockCommand(['add', '10', '12', '--note', 'delivery 4411']))).toBe(
      '10 Marking Edge Training Knife: on hand 0 → 12 (restock)',
    );
    expect(urls.map(stripe.linkActive)).toEqual(urls.map(() => true));
    const [restock] = await t.deps.db.select().from(stockMoves).where(eq(stockMoves.reason, 'restock'));
    expect(restock).toMatchObject({ productId: 10, change: 12, note: 'delivery 4411' });
  });

  it('a sale past what is on hand stays recorded and the shop is told: oversold, N short', async () => {
    await setStock(t.deps.db, 12, 1, null);
    const session = await paidThroughLink(
      { productId: 12, name: 'Pistol & Targets Starter Bundle', quantity: 3, unitAmount: 29999 },
      'USD',
    );
    expect(await countOf(12)).toEqual({ productId: 12, onHand: -2, reserved: 0 });
    const [order] = await t.deps.db.select().from(orders).where(eq(orders.sessionId, session));
    expect((await t.deps.db.select().from(orderLines).where(eq(orderLines.orderId, order!.id)))[0]!.short).toBe(2);
    const shopMail = await newOrderMail(order!.number);
    expect(shopMail.text.split('\n')[0]).toBe('Pistol & Targets Starter Bundle: oversold: 2 short (restock it, or tell the customer).');
    const list = await runStockCommand(commandDeps(), { action: 'list' });
    expect(list).toMatch(/^12 +Pistol & Targets Starter Bundle +-2 +0 +0 +0 +Out of Stock \(oversold: 2 short\)$/m);
  });

  it('a Buy Now sale of units a cart holds: its links were off before it, and it is recorded and listed as oversold', async () => {
    await setStock(t.deps.db, 8, 2, null);
    const held = await checkout([[8, 2]]);
    expect(held.status).toBe(200);
    // Nothing left available: the product's payment links were switched off when the cart held its units.
    const urls = linksOf('Compact Carry Laser Trainer');
    await vi.waitFor(() => expect(stripe.linkUpdates).toEqual(urls.map((url) => ({ url, active: false }))));
    // A buyer who opened the link before it went off pays all the same: the sale takes what the cart holds.
    const session = await paidThroughLink({ productId: 8, name: 'Compact Carry Laser Trainer', quantity: 1, unitAmount: 13999 });
    expect(await countOf(8)).toEqual({ productId: 8, onHand: 1, reserved: 2 });
    const [order] = await t.deps.db.select().from(orders).where(eq(orders.sessionId, session));
    expect((await t.deps.db.select().from(orderLines).where(eq(orderLines.orderId, order!.id)))[0]!.short).toBe(1);
    expect((await newOrderMail(order!.number)).text.split('\n')[0]).toBe(
      'Compact Carry Laser Trainer: oversold: 1 short (restock it, or tell the customer).',
    );
    expect(await oversoldLines(t.deps.db)).toContainEqual(expect.objectContaining({ number: order!.number, short: 1 }));
    // The cart's hold goes (its session expires) so the tests after this one find the product as they left it.
    await t.deps.db.delete(stockReservations).where(eq(stockReservations.productId, 8));
  });

  it('a pending payment that fails gives its units back', async () => {
    await setStock(t.deps.db, 13, 4, null);
    const session = await paidThroughLink(
      { productId: 13, name: 'Pro Pistol Training Bundle', quantity: 1, unitAmount: 39999 },
      'GBP',
      'unpaid',
    );
    expect((await countOf(13)).onHand).toBe(3);
    await deliver('checkout.session.async_payment_failed', session);
    await deliver('checkout.session.async_payment_failed', session);
    expect((await countOf(13)).onHand).toBe(4);
    const moves = await t.deps.db.select().from(stockMoves).where(eq(stockMoves.productId, 13));
    expect(moves.map((m) => [m.change, m.reason])).toEqual([
      [25, 'adjust'], // the opening stock
      [-21, 'adjust'],
      [-1, 'sale'],
      [1, 'release'],
    ]);
  });
});

describe('holds past their time', () => {
  it('keep their units until Stripe says the session was not paid; a paid one whose webhook is late is recorded', async () => {
    await setStock(t.deps.db, 14, 5, null);
    await setStock(t.deps.db, 13, 5, null);
    const paid = await checkout([[14, 2]]);
    const abandoned = await checkout([[13, 1]]);
    expect([paid.status, abandoned.status]).toEqual([200, 200]);
    // The buyer pays; the completed webhook does not come (the database was down when Stripe tried).
    stripe.complete(sessionIdOf(paid.body.url!));
    stripe.expire(sessionIdOf(abandoned.body.url!));
    // Both holds past their time: they still hold (another shopper cannot take the paid units).
    const lapse = (...urls: string[]) =>
      t.deps.db
        .update(stockReservations)
        .set({ expiresAt: nowSeconds() - 60 })
        .where(inArray(stockReservations.sessionId, urls.map(sessionIdOf)));
    await lapse(paid.body.url!, abandoned.body.url!);
    expect([(await countOf(14)).reserved, (await countOf(13)).reserved]).toEqual([2, 1]);

    const later: Promise<unknown>[] = [];
    const run = await settleLapsedHolds({
      ...t.deps,
      gateway: t.deps.gateway!,
      background: (work) => later.push(work),
    });
    await Promise.allSettled(later);
    expect(run).toEqual({ released: 1, recorded: 1, kept: 0 });
    expect(await countOf(14)).toEqual({ productId: 14, onHand: 3, reserved: 0 });
    expect(await countOf(13)).toEqual({ productId: 13, onHand: 5, reserved: 0 });
    const [order] = await t.deps.db
      .select()
      .from(orders)
      .where(eq(orders.sessionId, sessionIdOf(paid.body.url!)));
    expect(order).toMatchObject({ status: 'paid' });
    // The webhook that finally lands adds nothing.
    expect((await deliver('checkout.session.completed', sessionIdOf(paid.body.url!))).status).toBe(200);
    expect((await countOf(14)).onHand).toBe(3);
  });

  it('are kept while Stripe cannot say', async () => {
    await setStock(t.deps.db, 12, 5, null);
    const open = await checkout([[12, 1]]);
    await t.deps.db
      .update(stockReservations)
      .set({ expiresAt: nowSeconds() - 60 })
      .where(eq(stockReservations.sessionId, sessionIdOf(open.body.url!)));
    stripe.state.readsFail = true;
    try {
      const run = await settleLapsedHolds({ ...t.deps, gateway: t.deps.gateway!, background: () => {} });
      expect(run.kept).toBeGreaterThanOrEqual(1);
      expect((await countOf(12)).reserved).toBe(1);
    } finally {
      stripe.state.readsFail = false;
      stripe.expire(sessionIdOf(open.body.url!));
      await settleLapsedHolds({ ...t.deps, gateway: t.deps.gateway!, background: () => {} });
    }
  });
});

/** What `npm run stock` runs with, against this app's database (its changes purge this app's pages). */
const commandDeps = (gateway: StockCommandDeps['gateway'] = null): StockCommandDeps => ({
  ...t.deps,
  gateway,
  settings: { ...t.deps.settings, LOW_STOCK_AT: 5 },
  tell: true,
});

describe('npm run stock', () => {
  it('refuses an unknown id, a count below 0 and a non-integer, naming the problem', async () => {
    const deps = commandDeps();
    const movesBefore = await t.deps.db.select().from(stockMoves);
    await expect(runStockCommand(deps, parseStockCommand(['set', '99', '5']))).rejects.toThrow(/^no product with id 99/);
    expect(await t.deps.db.select().from(stockMoves)).toEqual(movesBefore);
    expect(() => parseStockCommand(['set', 'x', '5'])).toThrow(/^no product with id x/);
    expect(() => parseStockCommand(['set', '1', '-1'])).toThrow('stock cannot be set below 0 (asked for -1)');
    expect(() => parseStockCommand(['add', '1', '2.5'])).toThrow(/^the quantity must be a whole number, not 2.5/);
    expect(() => parseStockCommand(['add', '1', '0'])).toThrow(/^the units received must be more than 0, not 0/);
    expect(() => parseStockCommand(['move', '1', '2'])).toThrow(/^unknown command move/);
    expect(() => parseStockCommand(['set', '1', '2', '--memo', 'x'])).toThrow(/^unknown option --memo/);
    expect(() => parseStockCommand(['add', '8', '10', '--note'])).toThrow(/^--note needs a value/);
    expect(() => parseStockCommand(['add'])).toThrow(/^stock add needs a product id/);
    expect(parseStockCommand(['set', '1', '2', '--note=counted'])).toEqual({ action: 'set', productId: 1, quantity: 2, note: 'counted' });
  });

  it('sets a count with one adjust move of the difference, and writes nothing when it is already so', async () => {
    const deps = commandDeps();
    await setStock(t.deps.db, 14, 25, null);
    expect(await runStockCommand(deps, parseStockCommand(['set', '14', '7', '--note', 'count']))).toBe(
      '14 Instructor Training Bundle: on hand 25 → 7 (adjust)',
    );
    expect(await runStockCommand(deps, parseStockCommand(['set', '14', '7']))).toBe(
      '14 Instructor Training Bundle: on hand already 7, nothing written',
    );
    const moves = await t.deps.db.select().from(stockMoves).where(eq(stockMoves.productId, 14));
    expect(moves.at(-1)).toMatchObject({ change: -18, reason: 'adjust', note: 'count' });
    expect(await runStockCommand(deps, { action: 'list' })).toMatch(/^14 +Instructor Training Bundle +7 +0 +7 +0 +In Stock$/m);
  });
});
