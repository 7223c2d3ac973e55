import { afterAll, describe, expect, it } from 'vitest';
import { watchPage } from '../../support/browser';
import { useBrowserAndShop } from '../../support/e2e';
import { BROWSER_UA } from '../../support/html';
import { measureSkeletonSwap, SWAP_VIEWPORTS } from '../../support/skeleton-swap';
import { axeReport } from '../../support/axe';

const e2e = useBrowserAndShop();

/** A person's browser (headless Chromium's own UA counts as a bot and gets the page in one piece). */
async function openPage() {
  const context = await e2e.browser.newContext({ viewport: { width: 1280, height: 900 }, userAgent: BROWSER_UA });
  const page = await context.newPage();
  return { context, page, watch: watchPage(page) };
}

describe('digest and guides: accessibility and console', () => {
  const seriousByPage: Record<string, number> = {};
  afterAll(() => {
    // Kept in the test output for the report.
    console.info('axe serious+critical violations per page:', JSON.stringify(seriousByPage));
  });

  it.each(['/training-gun-digest', '/guides'])('%s has no serious or critical axe violations and a clean console', async (path) => {
    const { context, page, watch } = await openPage();
    expect((await page.goto(`${e2e.shop.url}${path}`))?.status()).toBe(200);
    await page.waitForLoadState('networkidle');
    await expect.poll(() => page.locator('[data-skeleton]').count()).toBe(0);
    const axe = await axeReport(page);
    seriousByPage[path] = axe.severe.length;
    console.info('axe on', path, JSON.stringify({ serious: axe.severe.length, all: axe.all }));
    expect(axe.severe).toEqual([]);
    expect(watch.problems).toEqual([]);
    expect(watch.failedUrls).toEqual([]);
    await context.close();
  });
});

describe('digest skeletons in Chromium', () => {
  it('take the same space as the streamed category cards and latest articles, so nothing below moves', async () => {
    for (const viewport of SWAP_VIEWPORTS) {
      const { withSkeletons, streamed } = await measureSkeletonSwap(e2e.browser, `${e2e.shop.url}/training-gun-digest`, {
        viewport,
        skeletons: 2,
        // Where the blocks after each streamed one start.
        measure: (page) =>
          page.evaluate(() => ({
            latest: document.getElementById('latest-heading')!.getBoundingClientRect().top,
            equipment: document.getElementById('featured-equipment-heading')!.getBoundingClientRect().top,
          })),
        // The fixed card height must hold a card's contents: nothing clipped.
        check: async (page) => {
          const clipped = await page
            .locator('article[aria-labelledby^="digest-category-"]')
            .evaluateAll((cards) => cards.filter((c) => c.scrollHeight > c.clientHeight).length);
          expect(clipped, `${viewport.width}px`).toBe(0);
        },
      });
      expect(streamed, `${viewport.width}px`).toEqual(withSkeletons);
    }
  });
});
