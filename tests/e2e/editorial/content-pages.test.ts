import type { Page } from 'playwright-core';
import { afterAll, describe, expect, it } from 'vitest';
import { watchPage } from '../../support/browser';
import { useBrowserAndShop } from '../../support/e2e';
import { axeReport } from '../../support/axe';

const e2e = useBrowserAndShop();

/** Which FAQ sections are open, in page order. */
function openSections(page: Page): Promise<boolean[]> {
  return page.locator('details[name="faq-sections"]').evaluateAll((els) => els.map((el) => (el as HTMLDetailsElement).open));
}

describe('FAQ accordion in Chromium', () => {
  it('keeps at most one section open, closes the open one on click, and answers the keyboard', async () => {
    const page = await e2e.browser.newPage();
    const watch = watchPage(page);
    await page.goto(`${e2e.shop.url}/faq`);
    const summary = (name: string) => page.locator('summary', { hasText: name });

    expect(await openSections(page)).toEqual([true, false, false, false]);
    await summary('Orders & Shipping').click();
    await expect.poll(() => openSections(page)).toEqual([false, true, false, false]);
    await expect.poll(() => page.getByRole('heading', { name: 'How long does delivery take?' }).isVisible()).toBe(true);
    await expect.poll(() => page.getByRole('heading', { name: 'What are laser training guns?' }).isVisible()).toBe(false);

    await summary('Orders & Shipping').click();
    await expect.poll(() => openSections(page)).toEqual([false, false, false, false]);

    await summary('Technical Support').focus();
    await page.keyboard.press('Enter');
    await expect.poll(() => openSections(page)).toEqual([false, false, false, true]);
    await page.keyboard.press('Space');
    await expect.poll(() => openSections(page)).toEqual([false, false, false, false]);

    // Tabbing reaches each section's summary, and the focused one shows a visible outline.
    await page.keyboard.press('Shift+Tab');
    const focused = await page.evaluate(() => {
      const el = document.activeElement as HTMLElement;
      return { text: el.textContent, outline: getComputedStyle(el).outlineStyle };
    });
    expect(focused).toEqual({ text: 'Returns & Warranty', outline: 'solid' });

    expect(watch.problems).toEqual([]);
    expect(watch.failedUrls).toEqual([]);
    await page.close();
  });
});

describe('content pages: accessibility and console', () => {
  const paths = [
    '/about',
    '/faq',
    '/privacy-policy',
    '/terms-of-service',
    '/shipping-policy',
    '/returns',
    '/cookie-settings',
    '/newsletter',
  ];
  const seriousByPage: Record<string, number> = {};

  afterAll(() => {
    // Kept in the test output for the report.
    console.info('axe serious+critical violations per page:', JSON.stringify(seriousByPage));
  });

  it.each(paths)('%s has no serious or critical axe violations and a clean console', async (path) => {
    const context = await e2e.browser.newContext();
    const page = await context.newPage();
    const watch = watchPage(page);
    const response = await page.goto(`${e2e.shop.url}${path}`);
    expect(response?.status()).toBe(200);
    await page.waitForLoadState('networkidle');
    const axe = await axeReport(page);
    seriousByPage[path] = axe.severe.length;
    expect(axe.severe).toEqual([]);
    expect(watch.problems).toEqual([]);
    expect(watch.failedUrls).toEqual([]);
    await context.close();
  });
});
