import type { Page } from 'playwright-core';
import { beforeAll, describe, expect, it } from 'vitest';

import { productPath } from '#shared/catalogue/product.ts';
import { expectClean, hydrateIslands, markPage, samePage, watchPage } from '../../support/browser';
import { useBrowserAndShop } from '../../support/e2e';
import { openShopDb } from '../../support/shop-db';
import { BROWSER_UA } from '../../support/html';
import { products } from '../../support/catalogue';
import { axeReport } from '../../support/axe';

const e2e = useBrowserAndShop();

/**
 * 40 older posts on top of content/ (12 published): 52 guides, 5 pages. The "Archive drill" posts
 * are the oldest, so none is on page 1: a search for them has to ask the server.
 */
const ARCHIVE = 8;
beforeAll(async () => {
  const db = await openShopDb(e2e.shop.dbFile);
  const statements = Array.from({ length: 40 }, (_, i) => {
    const at = new Date(Date.UTC(2023, 0, 40 - i)).toISOString();
    const title = i >= 40 - ARCHIVE ? `Archive drill ${i}` : `Generated drill ${i}`;
    return {
      sql: 'insert into blog_posts (title, slug, excerpt, published_at, updated_at, tags, published, content) values (?, ?, ?, ?, ?, ?, 1, ?)',
      args: [title, `generated-${i}`, `Practice number ${i}.`, at, at, '["Fundamentals"]', `<p>${i}</p>`],
    };
  });
  await db.batch(statements, 'write');
  db.close();
});

const titles = (page: Page) => page.locator('main article h3 a').allTextContents();

async function open(path: string, javaScriptEnabled = true) {
  // With JavaScript, a person's browser (streamed page); without, headless Chromium's own UA, which counts as a
  // bot and gets the page in one piece (a streamed page needs JavaScript to fill in).
  const context = await e2e.browser.newContext({
    javaScriptEnabled,
    viewport: { width: 1280, height: 900 },
    ...(javaScriptEnabled && { userAgent: BROWSER_UA }),
  });
  const page = await context.newPage();
  const watch = watchPage(page, { javaScriptDisabled: !javaScriptEnabled });
  expect((await page.goto(`${e2e.shop.url}${path}`))?.status()).toBe(200);
  if (javaScriptEnabled) {
    // The island hydrates on the first interaction: focus moving into it, as a keyboard visitor's would.
    await hydrateIslands(page, 'GuideBrowser');
    await markPage(page);
  }
  return { context, page, watch };
}

describe('guides pages', () => {
  it('searches beyond the first page: the island asks the server for what its page does not hold', async () => {
    const { context, page, watch } = await open('/guides');
    expect(await titles(page)).toHaveLength(12);
    expect(await page.getByText('Page 1 of 5').isVisible()).toBe(true);
    await page.getByRole('searchbox', { name: 'Search guides' }).pressSequentially('archive');
    await expect.poll(() => titles(page)).toEqual(Array.from({ length: ARCHIVE }, (_, k) => `Archive drill ${32 + k}`));
    expect(await page.locator('main [aria-live="polite"]').textContent()).toBe(`${ARCHIVE} guides found`);
    expect(page.url()).toBe(`${e2e.shop.url}/guides?q=archive`);
    expect(await page.getByRole('navigation', { name: 'Guides pages' }).count()).toBe(0);
    expect(await samePage(page)).toBe(true);
    expectClean(watch);
    await context.close();
  });

  it('pages with JavaScript through the page links', async () => {
    const { context, page, watch } = await open('/guides');
    const first = await titles(page);
    await Promise.all([page.waitForURL(/page=2$/), page.getByRole('link', { name: /Next/ }).click()]);
    await hydrateIslands(page, 'GuideBrowser');
    expect(await page.getByText('Page 2 of 5').isVisible()).toBe(true);
    const second = await titles(page);
    expect(second).toHaveLength(12);
    expect(second.filter((t) => first.includes(t))).toEqual([]);
    await Promise.all([page.waitForURL(/\/guides$/), page.getByRole('link', { name: /Previous/ }).click()]);
    // The hydrated list may take the link in place (the address changes first, the cards when the answer is in).
    await expect.poll(() => titles(page)).toEqual(first);
    expectClean(watch);
    await context.close();
  });

  it('pages without JavaScript through the same links', async () => {
    const { context, page } = await open('/guides?page=4', false);
    expect(await page.getByText('Page 4 of 5').isVisible()).toBe(true);
    await Promise.all([page.waitForURL(/page=5$/), page.getByRole('link', { name: /Next/ }).click()]);
    expect(await titles(page)).toHaveLength(52 - 48);
    expect(await page.getByRole('link', { name: /Next/ }).count()).toBe(0);
    await context.close();
  });

  it('/guides?page=2 has no serious or critical axe violations', async () => {
    const { context, page, watch } = await open('/guides?page=2');
    const axe = await axeReport(page);
    console.info('axe on /guides?page=2', JSON.stringify({ serious: axe.severe.length, all: axe.all }));
    expect(axe.severe).toEqual([]);
    expectClean(watch);
    await context.close();
  });
});

describe('product guide links', () => {
  // Every link of every product is fetched in tests/integration/editorial/article.test.tsx; here each distinct
  // guide is clicked once, from the first product page that links it.
  it("land on the guide's article when clicked on a product page", async () => {
    const context = await e2e.browser.newContext({ userAgent: BROWSER_UA });
    const page = await context.newPage();
    const clicked = new Set<string>();
    for (const product of products) {
      for (const guide of product.related_guides.filter((g) => !clicked.has(g.url))) {
        clicked.add(guide.url);
        await page.goto(`${e2e.shop.url}${productPath(product)}`);
        const link = page.getByRole('region', { name: 'Learn More About This Product' }).getByRole('link', { name: guide.title });
        await Promise.all([page.waitForURL(`**${guide.url}`), link.click()]);
        const canonical = await page.locator('link[rel="canonical"]').getAttribute('href');
        expect(canonical, guide.url).toMatch(new RegExp(`/training-gun-digest/${guide.url.split('/').pop()}$`));
        expect(await page.locator('meta[property="og:type"]').getAttribute('content'), guide.url).toBe('article');
        expect(await page.locator('main h1').count()).toBe(1);
      }
    }
    expect(clicked.size).toBeGreaterThanOrEqual(5);
    await context.close();
  }, 120_000);
});
