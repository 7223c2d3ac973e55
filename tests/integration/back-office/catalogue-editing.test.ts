import { eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { openSession } from '#worker/admin/admin-sessions.ts';
import { cp, mkdtemp, readFile, rm } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { syncContent } from '#worker/content-sync/content-sync.ts';
import { exportProducts } from '#worker/content-sync/content-export.ts';
import { products } from '#worker/products/product-tables.ts';
import { setStock } from '#worker/stock/stock-moves.ts';
import { formToken, textOf } from '../../support/html';
import { startPaymentsApp, type PaymentsApp } from '../../support/payments-app';
import { shopper } from '../../support/shopper';
import { keptLog } from '../../support/test-app';

/**
 * The owner runs the catalogue from the back office (issue 79, products): every product listed with a
 * page to edit it and one to add one, the form named with the files' keys, each refusal naming its
 * field with nothing saved, a price live on the product page and charged by the next checkout, an edit
 * opened before another's refused with 409, the history with before and after, and content:sync
 * leaving the owner's change and naming it.
 */
const OWNER = 'owner@example.com';
const OTHER = 'colleague@example.com';
let running: PaymentsApp;
const kept = keptLog();
const office = async (who = OWNER) => shopper(running.app, { Cookie: `__Host-admin=${await openSession(running.app.deps.db, who)}` });

/** The edit form's fields as the page renders them (a browser sends these back), with what is changed. */
async function formOf(page: string, changes: Record<string, string>) {
  const form = page.slice(page.indexOf('data-product-form'), page.indexOf('</form>', page.indexOf('data-product-form')));
  const fields: Record<string, string> = {};
  for (const m of form.matchAll(/<input[^>]*name="([^"]+)"[^>]*?(?:value="([^"]*)")?[^>]*>/g)) {
    const tag = m[0];
    if (/type="checkbox"/.test(tag)) {
      if (/checked/.test(tag)) fields[m[1]!] = 'on';
    } else fields[m[1]!] = (/value="([^"]*)"/.exec(tag)?.[1] ?? '').replaceAll('&amp;', '&').replaceAll('&quot;', '"');
  }
  for (const m of form.matchAll(/<textarea[^>]*name="([^"]+)"[^>]*>([\s\S]*?)<\/textarea>/g))
    fields[m[1]!] = m[2]!.replaceAll('&amp;', '&');
  for (const m of form.matchAll(/<select[^>]*name="([^"]+)"[\s\S]*?<option[^>]*value="([^"]*)"[^>]*selected[^>]*>/g)) fields[m[1]!] = m[2]!;
  return { ...fields, form_token: formToken(), ...changes };
}

beforeAll(async () => {
  running = await startPaymentsApp('whsec_catalogue', kept.log, { ADMIN_EMAILS: `${OWNER},${OTHER}` });
  await setStock(running.app.deps.db, 1, 20, null);
});
afterAll(() => running.close());

describe('the catalogue in the back office', () => {
  it('lists every product with a page to edit it, and a page to add one', async () => {
    const o = await office();
    const list = await o.get('/admin/catalogue');
    expect(list.res.status).toBe(200);
    const rows = await running.app.deps.db.select({ id: products.id }).from(products);
    for (const { id } of rows) expect(list.html).toContain(`href="/admin/catalogue/${id}"`);
    expect(list.html).toContain('href="/admin/catalogue/new"');
    const page = await o.get('/admin/catalogue/1');
    for (const name of [
      'name',
      'category',
      'prices.GBP',
      'prices.EUR',
      'prices.USD',
      'full_prices.GBP',
      'description',
      'images.main',
      'images.alt',
    ])
      expect(page.html).toContain(`name="${name}"`);
    expect((await shopper(running.app).get('/admin/catalogue')).res.status).not.toBe(200);
    // Every product's page shows its own category chosen (targets included, which the navigation leaves out).
    for (const { id } of rows)
      expect((await o.get(`/admin/catalogue/${id}`)).html, `product ${id}`).toMatch(/<select name="category"[^>]*>[\s\S]*?selected=""/);
  });

  it('refuses a negative price and a full price below the price, naming the field, and saves nothing', async () => {
    const o = await office();
    const before = (await running.app.deps.db.select().from(products).where(eq(products.id, 1)))[0]!;
    const page = (await o.get('/admin/catalogue/1')).html;
    const negative = await o.post('/admin/catalogue/1', await formOf(page, { 'prices.GBP': '-5' }));
    expect(negative.res.status).toBe(400);
    expect(textOf(negative.body)).toContain('prices.GBP: must be more than 0');
    const below = await o.post('/admin/catalogue/1', await formOf(page, { 'full_prices.EUR': '10.00' }));
    expect(below.res.status).toBe(400);
    expect(textOf(below.body)).toContain('full_prices.EUR is below prices.EUR');
    const noAlt = await o.post('/admin/catalogue/1', await formOf(page, { 'images.alt': ' ' }));
    expect(textOf(noAlt.body)).toContain('images.alt is empty');
    const after = (await running.app.deps.db.select().from(products).where(eq(products.id, 1)))[0]!;
    expect(after).toEqual(before);
  });

  it('shows a changed price on the product page at once, charges it at the next checkout, and keeps it in the history', async () => {
    const o = await office();
    const page = (await o.get('/admin/catalogue/1')).html;
    const saved = await o.post('/admin/catalogue/1', await formOf(page, { 'prices.GBP': '139.99' }));
    expect(saved.res.status).toBe(303);
    const started = Date.now();
    const shown = await running.app.get('/gb/product/1');
    expect(Date.now() - started).toBeLessThan(1000);
    expect(textOf(shown.html)).toContain('£139.99');
    const buyer = shopper(running.app);
    await buyer.post('/gb/cart/add', { product_id: '1', quantity: '1' });
    const checkout = await buyer.post('/gb/cart/checkout', { attempt: crypto.randomUUID() }, { Accept: 'application/json' });
    expect(checkout.res.status).toBe(200);
    expect(running.stripe.received.at(-1)!.fields['line_items[0][price_data][unit_amount]']).toBe('13999');
    const history = (await o.get('/admin/catalogue/1')).html;
    expect(textOf(history)).toMatch(/owner@example\.com\s*prices\.GBP 149\.99 → 139\.99/);
  });

  it('refuses with 409 an edit opened before another’s change, saying who and when, and saves nothing over it', async () => {
    const mine = await office(OWNER);
    const theirs = await office(OTHER);
    const openedByMe = (await mine.get('/admin/catalogue/1')).html;
    const openedByThem = (await theirs.get('/admin/catalogue/1')).html;
    expect((await theirs.post('/admin/catalogue/1', await formOf(openedByThem, { name: '🔫 G-Series Pro' }))).res.status).toBe(303);
    const stale = await mine.post('/admin/catalogue/1', await formOf(openedByMe, { 'prices.EUR': '150.00' }));
    expect(stale.res.status).toBe(409);
    expect(textOf(stale.body)).toMatch(/changed by colleague@example\.com at \d{4}-/);
    const [row] = await running.app.deps.db.select().from(products).where(eq(products.id, 1));
    expect(row!.doc.name).toBe('🔫 G-Series Pro');
    expect(row!.doc.prices.EUR).toBe(174.99);
  });

  it('adds a product that is listed at once, priced in each market', async () => {
    const o = await office();
    const fresh = await o.get('/admin/catalogue/new');
    const fields = {
      ...(await formOf(fresh.html, {})),
      name: '🎯 Pocket Laser Target',
      category: 'bundles',
      'prices.GBP': '19.99',
      'prices.EUR': '22.99',
      'prices.USD': '24.99',
      'full_prices.GBP': '24.99',
      'full_prices.EUR': '27.99',
      'full_prices.USD': '29.99',
      description: 'A target that fits a pocket. It lights where the laser lands.',
      'images.main': '/images/products/1-main.svg',
      'images.alt': 'A small round laser target',
      'payment_links.standard': 'https://buy.stripe.com/test_pocket',
      meta_title: 'Pocket Laser Target',
      meta_description: 'A pocket laser target.',
    };
    const added = await o.post('/admin/catalogue/new', fields);
    expect(added.res.status).toBe(303);
    const id = Number(/\/admin\/catalogue\/(\d+)/.exec(added.res.headers.get('location') ?? '')?.[1]);
    for (const [market, price] of [
      ['gb', '£19.99'],
      ['eu', '€22.99'],
      ['us', '$24.99'],
    ] as const) {
      const shown = await running.app.get(`/${market}/product/${id}/pocket-laser-target`);
      expect(shown.res.status, market).toBe(200);
      expect(textOf(shown.html)).toContain(price);
    }
    expect(textOf((await running.app.get('/gb/products')).html)).toContain('Pocket Laser Target');
  });

  it('leaves the owner’s change when content:sync runs and names it; --force writes the file’s', async () => {
    const sync = await syncContent(running.app.deps.db);
    expect(sync.report).toMatch(
      /left product 1 g-series-laser-training-pistol as the owner changed it \(colleague@example\.com, .*; its file differs in name, prices\): -- --force writes the file's/,
    );
    const [left] = await running.app.deps.db.select().from(products).where(eq(products.id, 1));
    expect(left!.doc.prices.GBP).toBe(139.99);
    await syncContent(running.app.deps.db, { force: true });
    const [forced] = await running.app.deps.db.select().from(products).where(eq(products.id, 1));
    expect(forced!.doc.prices.GBP).toBe(149.99);
    expect(forced!.editedBy).toBeNull();
  });

  it('undoes one change from the history, and unlists a product (its page 404) without deleting it', async () => {
    const o = await office();
    const page = (await o.get('/admin/catalogue/2')).html;
    expect((await o.post('/admin/catalogue/2', await formOf(page, { 'prices.USD': '199.00' }))).res.status).toBe(303);
    const edited = (await o.get('/admin/catalogue/2')).html;
    const change = /action="\/admin\/catalogue\/2\/undo\/(\d+)"/.exec(edited)?.[1];
    const version = /name="version" value="(\d+)"/.exec(edited)?.[1];
    expect((await o.post(`/admin/catalogue/2/undo/${change}`, { form_token: formToken(), version: version! })).res.status).toBe(303);
    const [undone] = await running.app.deps.db.select().from(products).where(eq(products.id, 2));
    expect(undone!.doc.prices.USD).not.toBe(199);
    expect(textOf((await o.get('/admin/catalogue/2')).html)).toMatch(/prices\.USD 199 → /);
    const listed = (await o.get('/admin/catalogue/2')).html;
    const at = /name="version" value="(\d+)"/.exec(listed)?.[1];
    expect((await o.post('/admin/catalogue/2/listed', { form_token: formToken(), version: at!, listed: 'no' })).res.status).toBe(303);
    expect((await running.app.get('/gb/product/2')).res.status).toBe(404);
    const [row] = await running.app.deps.db.select({ listed: products.listed }).from(products).where(eq(products.id, 2));
    expect(row!.listed).toBe(false);
  });

  it('writes the database’s products back into their files (content:export): a sync then finds nothing to change', async () => {
    const o = await office();
    const page = (await o.get('/admin/catalogue/3')).html;
    const saved = await o.post('/admin/catalogue/3', await formOf(page, { 'prices.GBP': '77.77' }));
    expect(saved.res.status, textOf(saved.body).slice(0, 300)).toBe(303);
    const dir = await mkdtemp(join(tmpdir(), 'content-export-'));
    try {
      await cp('content', dir, { recursive: true });
      const { written, report } = await exportProducts(running.app.deps.db, join(dir, 'products'));
      expect(report).toContain('left out product 2');
      const three = written.find((name) => name.startsWith('03-'))!;
      expect(await readFile(join(dir, 'products', three), 'utf8')).toMatch(/GBP: 77\.77/);
      const sync = await syncContent(running.app.deps.db, { dir, dryRun: true });
      expect(sync.failed).toBe(false);
      expect(sync.report).not.toMatch(/would change product|left product 3/);
    } finally {
      await rm(dir, { recursive: true, force: true });
    }
  });
});
