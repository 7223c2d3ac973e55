import { describe, expect, it } from 'vitest';
import { hydrateIslands, pageSettled, watchPage } from '../../support/browser';
import { useBrowserAndShop } from '../../support/e2e';

const e2e = useBrowserAndShop(undefined, { devShop: true });

describe('islands in Chromium', () => {
  it('opens and closes the mobile menu on click without React, with a clean console', async () => {
    const page = await e2e.browser.newPage({ viewport: { width: 375, height: 800 } });
    const watch = watchPage(page);
    // The frame is on every page; until the shop's pages exist, the not-found page carries it.
    await page.goto(`${e2e.shop.url}/some-missing-page`);
    await pageSettled(page);
    // No island: the menu is a native disclosure in the page; the toggle opens and closes it.
    expect(await page.locator('[data-island="MobileMenu"]').count()).toBe(0);
    const toggle = page.locator('summary[data-menu-open]');
    const menu = page.getByRole('navigation', { name: 'Menu' });
    await expect.poll(() => menu.isVisible()).toBe(false);
    await toggle.click();
    await expect.poll(() => menu.isVisible()).toBe(true);
    await toggle.click();
    await expect.poll(() => menu.isVisible()).toBe(false);
    expect(watch.problems).toEqual([]);
    expect(watch.failedUrls).toEqual([`${e2e.shop.url}/some-missing-page`]);
    await page.close();
  });

  it("hydrates without warnings on React's development build", async () => {
    const page = await e2e.browser.newPage({ viewport: { width: 375, height: 800 } });
    const watch = watchPage(page);
    await page.goto(`${e2e.devShop.url}/404`);
    await hydrateIslands(page);
    await page.locator('summary[data-menu-open]').click();
    await expect.poll(() => page.getByRole('navigation', { name: 'Menu' }).isVisible()).toBe(true);
    // React's development build reports mismatched server HTML through console.error.
    expect(watch.problems).toEqual([]);
    expect(watch.failedUrls).toEqual([`${e2e.devShop.url}/404`]);
    await page.close();
  });
});

describe('not-found page in Chromium', () => {
  it('shows the page and pushes 404_error with the missed path after the page view', async () => {
    const page = await e2e.browser.newPage();
    const watch = watchPage(page);
    const response = await page.goto(`${e2e.shop.url}/no/such/thing`);
    expect(response?.status()).toBe(404);
    await expect.poll(() => page.getByRole('heading', { level: 1 }).textContent()).toBe('Page Not Found');
    const layer = await page.waitForFunction(() => (window as unknown as { dataLayer?: unknown[] }).dataLayer?.length);
    await layer.dispose();
    const events = (await page.evaluate(() => (window as unknown as { dataLayer: unknown[] }).dataLayer)) as Array<Record<string, unknown>>;
    const names = events.map((e) => e.event);
    expect(names.indexOf('page_view')).toBeLessThan(names.indexOf('404_error'));
    expect(events.find((e) => e.event === 'page_view')).toMatchObject({
      page_path: '/no/such/thing',
      page_title: expect.stringContaining('Page Not Found'),
    });
    expect(events).toContainEqual({ event: '404_error', page_path: '/no/such/thing' });
    // The 404 document itself is the only failed request.
    expect(watch.problems).toEqual([]);
    expect(watch.failedUrls).toEqual([`${e2e.shop.url}/no/such/thing`]);
    await page.getByRole('link', { name: 'Browse Products' }).waitFor();
    expect(await page.getByRole('link', { name: 'Back to Home' }).getAttribute('href')).toBe('/');
    await page.close();
  });
});
