import { describe, expect, it } from 'vitest';
import { watchPage } from '../../support/browser';
import { BROWSER_UA, mainOf, streamedAddress } from '../../support/html';
import { useBrowserAndShop } from '../../support/e2e';
import { measureSkeletonSwap, SWAP_VIEWPORTS } from '../../support/skeleton-swap';
import { axeReport } from '../../support/axe';

const PATH = '/training-gun-digest/dry-fire-fundamentals';

const e2e = useBrowserAndShop();

describe('article page in Chromium', () => {
  it('has no serious or critical axe violations, a clean console, and both streamed blocks in place', async () => {
    // A person's browser (headless Chromium's own UA counts as a bot and gets the page in one piece).
    const context = await e2e.browser.newContext({ viewport: { width: 1280, height: 900 }, userAgent: BROWSER_UA });
    const page = await context.newPage();
    const watch = watchPage(page);
    const response = await page.goto(`${e2e.shop.url}${PATH}`);
    expect(response?.status()).toBe(200);
    await page.waitForLoadState('networkidle');
    await expect.poll(() => page.getByRole('heading', { name: 'RELATED ARTICLES' }).isVisible()).toBe(true);
    expect(await page.getByRole('heading', { name: 'PRODUCTS FEATURED IN THIS ARTICLE' }).isVisible()).toBe(true);
    expect(await page.locator('[data-skeleton]').count()).toBe(0);
    expect(await page.getByRole('link', { name: /G-Series Laser Training Pistol/ }).getAttribute('href')).toBe(
      '/product/1/g-series-laser-training-pistol',
    );

    const axe = await axeReport(page);
    console.info('axe on', PATH, JSON.stringify({ serious: axe.severe.length, all: axe.all }));
    expect(axe.severe).toEqual([]);
    expect(watch.problems).toEqual([]);
    expect(watch.failedUrls).toEqual([]);
    await context.close();
  });

  it('reserves the same space with its skeletons as the streamed blocks take, so nothing moves', async () => {
    // The HTML a browser gets for an address the page cache does not keep: shell with skeletons, blocks streamed after it.
    const streamed = await (await fetch(streamedAddress(`${e2e.shop.url}${PATH}`), { headers: { 'User-Agent': BROWSER_UA } })).text();
    expect(mainOf(streamed)).toContain('data-skeleton="related-articles"');
    for (const viewport of SWAP_VIEWPORTS) {
      const { withSkeletons, streamed: withBlocks } = await measureSkeletonSwap(e2e.browser, `${e2e.shop.url}${PATH}`, {
        viewport,
        skeletons: 1,
        // Where the article body and the link after the related block start.
        measure: (page) =>
          page.evaluate(() => ({
            body: document.querySelector('.article-body')!.getBoundingClientRect().top,
            after: document.querySelector('a.btn[href="/training-gun-digest"]')!.getBoundingClientRect().top,
          })),
      });
      expect(withBlocks, `${viewport.width}px`).toEqual(withSkeletons);
    }
  });
});
