import { describe, expect, it, vi } from 'vitest';
import { pageSettled } from '../../support/browser';
import { useBrowserAndShop } from '../../support/e2e';
import { openShopDb } from '../../support/shop-db';
import { runDbCli } from '../../support/db-cli';

/**
 * Field data as real visitors send it: Chromium on a phone-sized viewport walks ten pages, each view's
 * Web Vitals go to POST /vitals in one beacon when the page is left, and the built `npm run vitals`
 * summarises the rows.
 */
const e2e = useBrowserAndShop();
const PAGES = [
  '/',
  '/products',
  '/product/1',
  '/gb/product/2',
  '/eu/products',
  '/cart',
  '/guides',
  '/training-gun-digest',
  '/faq',
  '/contact',
];

describe('field data from Chromium', () => {
  it('stores each view’s metrics by page type, market and device class, and nothing about the visitor', async () => {
    const context = await e2e.browser.newContext({ viewport: { width: 412, height: 900 }, hasTouch: true });
    const page = await context.newPage();
    for (const path of PAGES) {
      await page.goto(`${e2e.shop.url}${path}`);
      await pageSettled(page);
      await page.waitForSelector('html[data-vitals-reporting]', { state: 'attached', timeout: 10_000 });
      // An interaction, so INP has something to measure.
      await page.locator('h1').first().click();
    }
    await page.goto('about:blank'); // the last view is left too

    // The browser stays open until every beacon has landed: closing it cancels one still in flight.
    const db = await openShopDb(e2e.shop.dbFile);
    const rows = await vi.waitFor(
      async () => {
        const found = (await db.execute('select * from web_vitals')).rows;
        const seen = new Set(found.map((r) => `${String(r.page_type)} ${String(r.market)}`));
        const vitalsLog = e2e.shop
          .output()
          .split('\n')
          .filter((l) => l.includes('/vitals') || l.includes('vitals not'));
        expect(seen.size, `views stored: ${[...seen].join(', ')}\n${vitalsLog.join('\n')}`).toBe(PAGES.length);
        return found;
      },
      { timeout: 10_000 },
    );
    db.close();
    await context.close();
    const types = new Set(rows.map((r) => `${String(r.page_type)} ${String(r.market)}`));
    expect(types).toContain('/product/:id null');
    expect(types).toContain('/product/:id gb');
    expect(types).toContain('/products eu');
    expect(new Set(rows.map((r) => r.device))).toEqual(new Set(['phone']));
    expect(new Set(rows.map((r) => r.metric))).toEqual(new Set(['LCP', 'INP', 'CLS', 'FCP', 'TTFB']));
    // The stored columns: where and what, never who.
    expect(Object.keys(rows[0]!).toSorted()).toEqual([
      'created_at',
      'device',
      'id',
      'market',
      'metric',
      'page_type',
      'rating',
      'target',
      'value',
    ]);
    expect(rows.filter((r) => r.metric === 'LCP').every((r) => typeof r.target === 'string' && r.target.length <= 100)).toBe(true);

    const run = await runDbCli(['vitals', '--days', '1'], { env: { TURSO_DATABASE_URL: `file:${e2e.shop.dbFile}` } });
    expect(run.code, run.stderr).toBe(0);
    console.log(`npm run vitals -- --days 1, after a walk through ten pages:\n${run.stdout}`);
    expect(run.stdout).toMatch(/^\/product\/:id gb {2}n=1 {2}LCP \d+ ms \((good|needs improvement|poor)\) {2}INP /m);
    expect(run.stdout).toContain('Slowest interactions (INP):');
  });
});
