import type { BrowserContextOptions, Page } from 'playwright-core';
import { describe, expect, it } from 'vitest';
import { layoutShift, pageSettled, watchPage } from '../../support/browser';
import { useBrowserAndShop } from '../../support/e2e';

/** Islands hydrate on their trigger; the interaction that triggers one is not lost. */
const e2e = useBrowserAndShop();

/** An EU visitor (consent banner shown) on a wide screen unless the options say otherwise. */
async function open(path: string, options: BrowserContextOptions = {}) {
  const context = await e2e.browser.newContext({
    viewport: { width: 1280, height: 900 },
    extraHTTPHeaders: { 'CF-IPCountry': 'DE' },
    ...options,
  });
  const page = await context.newPage();
  const watch = watchPage(page);
  await page.goto(`${e2e.shop.url}${path}`);
  return { page, watch, close: () => context.close() };
}

const hydratedState = (page: Page, island: string) => page.locator(`[data-island="${island}"]`).first().getAttribute('data-hydrated');
/** The islands React has taken (hydrateRoot marks each container it hydrates). */
const reactRoots = (page: Page) =>
  page.evaluate(() =>
    [...document.querySelectorAll<HTMLElement>('[data-island]')]
      .filter((el) => Object.keys(el).some((key) => key.startsWith('__reactContainer')))
      .map((el) => el.dataset.island),
  );
/** The code fetched ahead at low priority once the page is idle (src/client/hydration/prefetch.ts): preloaded, not run. */
const lowPriorityPreloads = (page: Page) =>
  page.evaluate(() =>
    [...document.querySelectorAll<HTMLLinkElement>('link[rel="modulepreload"][fetchpriority="low"]')].map((l) => l.getAttribute('href')),
  );

describe('deferred islands', () => {
  it('a content page runs no React and no island code until the visitor uses an island, having fetched it ahead at low priority', async () => {
    const { page, watch, close } = await open('/faq', { viewport: { width: 375, height: 800 } });
    await pageSettled(page);
    // Fetched once the page is idle, so the first tap pays only for running it; nothing has run.
    await expect.poll(async () => (await lowPriorityPreloads(page)).some((href) => href?.startsWith('/assets/hydrate-'))).toBe(true);
    expect(await reactRoots(page)).toEqual([]);
    // The menu opens without React (a native disclosure); the desktop nav is an island, hydrated by the
    // press on it.
    await page.locator('summary[data-menu-open]').click();
    await page.getByRole('navigation', { name: 'Menu' }).waitFor();
    expect(await reactRoots(page)).toEqual([]);
    expect(watch.problems).toEqual([]);
    await close();
  });

  it.each(['/', '/product/1'])('%s runs no React until the visitor uses or nears an island, or changes region', async (path) => {
    const { page, watch, close } = await open(path);
    await pageSettled(page);
    expect(await reactRoots(page)).toEqual([]);
    // A region change hydrates the islands that show prices first, then switches every price at once.
    await page.getByRole('combobox', { name: 'Region' }).selectOption('US');
    await expect.poll(() => page.evaluate(() => document.documentElement.dataset.region)).toBe('US');
    expect((await reactRoots(page)).length).toBeGreaterThan(0);
    const priceIsland = page.locator(path === '/' ? '[data-island="FeaturedProducts"]' : '[data-island="ProductPrice"]');
    expect(await priceIsland.getAttribute('data-hydrated')).toBe('true');
    expect(await priceIsland.innerText()).toMatch(/\$\d/);
    expect(await priceIsland.innerText()).not.toMatch(/[£€]/);
    expect(watch.problems).toEqual([]);
    await close();
  });

  it('opens a desktop dropdown from the keyboard on the first key press, before the island had hydrated', async () => {
    const { page, watch, close } = await open('/faq');
    await pageSettled(page);
    expect(await hydratedState(page, 'DesktopNav')).toBeNull();
    const trigger = page.getByRole('button', { name: 'Resources' });
    // Focus and Enter at once: the Enter's click is held until React listens, then replayed.
    await trigger.focus();
    await page.keyboard.press('Enter');
    await expect.poll(() => trigger.getAttribute('aria-expanded')).toBe('true');
    expect(await hydratedState(page, 'DesktopNav')).toBe('true');
    await expect.poll(() => page.getByRole('navigation', { name: 'Main' }).getByRole('link', { name: 'Guides' }).isVisible()).toBe(true);
    expect(await trigger.evaluate((el) => el === document.activeElement)).toBe(true);
    expect(watch.problems).toEqual([]);
    await close();
  });

  it('hydrates the toaster with the first toast, which it then shows', async () => {
    const { page, watch, close } = await open('/faq');
    await pageSettled(page);
    expect(await hydratedState(page, 'Toaster')).toBeNull();
    await page.getByRole('region', { name: 'Cookies and analytics' }).getByRole('button', { name: 'Reject' }).click();
    await expect.poll(() => page.locator('.toast').allTextContents()).toEqual([expect.stringContaining('Only essential cookies')]);
    expect(await hydratedState(page, 'Toaster')).toBe('true');
    expect(watch.problems).toEqual([]);
    await close();
  });

  // A slowed CPU makes the browser paint the streamed document half-parsed, as a phone or a busy
  // machine does: a footer or consent bar painted half-way then grew upwards (0.007-0.09 per load).
  it('leaves no layout shift over 30 loads of the frame page on a slow CPU', { timeout: 120_000 }, async () => {
    const { page, close } = await open('/404');
    await (await page.context().newCDPSession(page)).send('Emulation.setCPUThrottlingRate', { rate: 6 });
    const shifts: number[] = [];
    for (let i = 0; i < 30; i++) {
      if (i > 0) await page.reload();
      shifts.push(await layoutShift(page));
    }
    expect(shifts.filter((s) => s >= 0.001)).toEqual([]);
    await close();
  });
});

describe('without JavaScript', () => {
  it('stores the consent choice through the form post and no longer asks', async () => {
    const { page, close } = await open('/faq', { javaScriptEnabled: false });
    const banner = page.getByRole('region', { name: 'Cookies and analytics' });
    await banner.getByRole('button', { name: 'Accept' }).click();
    await page.waitForURL(`${e2e.shop.url}/faq`);
    expect(await page.context().cookies()).toContainEqual(expect.objectContaining({ name: 'consent', value: 'granted' }));
    expect(await banner.count()).toBe(0);
    await close();
  });

  it('reaches the desktop dropdown links from the keyboard', async () => {
    const { page, close } = await open('/faq', { javaScriptEnabled: false });
    await page.getByRole('button', { name: 'Products' }).focus();
    await page.keyboard.press('Tab');
    expect(await page.evaluate(() => document.activeElement?.textContent)).toBe('All products');
    await close();
  });
});
