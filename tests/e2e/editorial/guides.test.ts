import type { Page } from 'playwright-core';
import { describe, expect, it } from 'vitest';
import {
  dataLayer,
  expectClean,
  hydrateIslands,
  layoutShift,
  markPage,
  pageSettled,
  samePage,
  watchPage,
  holdRequests,
} from '../../support/browser';
import { useBrowserAndShop } from '../../support/e2e';
import { BROWSER_UA } from '../../support/html';
import { measureSkeletonSwap, SWAP_VIEWPORTS } from '../../support/skeleton-swap';
import { axeReport } from '../../support/axe';

const e2e = useBrowserAndShop(undefined, { devShop: true });

const BLUE_EQUIPMENT = [
  'Blue Guns Durability Test: What Wears First and How to Check Yours',
  'Choosing Blue Training Guns for Your Programme',
  "What Are Blue Guns? A Beginner's Guide to Inert Training Replicas",
];
const LASER_EQUIPMENT = [
  'Choosing a Laser Training Bundle: Which Kit Fits Your Training?',
  'App-Compatible Laser Training Pistols: What to Look For',
];

const historyLength = (page: Page) => page.evaluate(() => history.length);

const titles = (page: Page) => page.locator('main article h3 a').allTextContents();
const search = (page: Page) => page.getByRole('searchbox', { name: 'Search guides' });
const category = (page: Page) => page.getByRole('combobox', { name: 'Category' });
const live = (page: Page) => page.locator('main [aria-live="polite"]');

/** A person's browser (headless Chromium's own UA counts as a bot and gets the page in one piece), hydrated. */
async function openGuides(path = '/guides', url = e2e.shop.url) {
  const context = await e2e.browser.newContext({ viewport: { width: 1280, height: 900 }, userAgent: BROWSER_UA });
  const page = await context.newPage();
  const watch = watchPage(page);
  expect((await page.goto(`${url}${path}`))?.status()).toBe(200);
  // The island hydrates on the first interaction: focus moving into it, as a keyboard visitor's would.
  await hydrateIslands(page, 'GuideBrowser');
  await markPage(page);
  return { context, page, watch };
}

/**
 * Runs in the page: where the shown search box, category select and first card are (a streamed
 * block waits hidden until swapped in; the results' space-keeping copy of the skeletons is invisible).
 */
function shownBoxes() {
  return ['#guides-q', '#guides-category', 'main ul > li'].map((selector) => {
    const r = [...document.querySelectorAll<HTMLElement>(selector)]
      .find((el) => el.checkVisibility({ checkVisibilityCSS: true }))!
      .getBoundingClientRect();
    return [selector, r.left, r.top, r.width, r.height];
  });
}

describe('guides list with JavaScript', () => {
  it('filters as the visitor types, keeping ?q= in step without a history entry or a reload', async () => {
    const { context, page, watch } = await openGuides();
    expect(await titles(page)).toHaveLength(12);
    const entries = await historyLength(page);
    await search(page).pressSequentially('LASER');
    await expect.poll(() => titles(page).then((t) => t.length)).toBe(6);
    expect(page.url()).toBe(`${e2e.shop.url}/guides?q=LASER`);
    expect(await live(page).textContent()).toBe('6 guides found');
    await search(page).press('Enter');
    await search(page).fill('  law ');
    await expect.poll(() => page.url()).toBe(`${e2e.shop.url}/guides?q=law`);
    expect(await titles(page)).toEqual(['Laser Training for Law Enforcement: Judgement, Use of Force and Realism']);
    expect(await live(page).textContent()).toBe('1 guide found');
    await page.getByRole('button', { name: 'Search' }).click();
    expect(await historyLength(page)).toBe(entries);
    expect(await samePage(page)).toBe(true);
    expectClean(watch);
    await context.close();
  });

  it('filters by category as a new history entry and page view, and follows back and forward', async () => {
    const { context, page, watch } = await openGuides('/guides?q=laser');
    expect(await titles(page)).toHaveLength(6);
    const entries = await historyLength(page);
    await category(page).selectOption({ label: 'Equipment Guides' });
    await expect.poll(() => titles(page)).toEqual(LASER_EQUIPMENT);
    expect(page.url()).toBe(`${e2e.shop.url}/guides?q=laser&category=equipment-guides`);
    expect(await historyLength(page)).toBe(entries + 1);
    expect((await dataLayer(page)).at(-1)).toMatchObject({ event: 'page_view', page_path: '/guides', page_location: page.url() });
    await category(page).selectOption({ label: 'Fundamentals' });
    await expect.poll(() => titles(page)).toEqual(['Trigger Control and Par Times: Measuring Progress in Dry Fire']);

    await page.goBack();
    await expect.poll(() => titles(page)).toEqual(LASER_EQUIPMENT);
    expect(page.url()).toBe(`${e2e.shop.url}/guides?q=laser&category=equipment-guides`);
    expect(await category(page).inputValue()).toBe('equipment-guides');
    expect(await search(page).inputValue()).toBe('laser');
    await page.goBack();
    await expect.poll(() => titles(page).then((t) => t.length)).toBe(6);
    expect(await category(page).inputValue()).toBe('');
    await page.goForward();
    await expect.poll(() => titles(page)).toEqual(LASER_EQUIPMENT);
    expect((await dataLayer(page)).at(-1)).toMatchObject({
      event: 'page_view',
      page_location: `${e2e.shop.url}/guides?q=laser&category=equipment-guides`,
    });
    expect(await samePage(page)).toBe(true);
    expectClean(watch);
    await context.close();
  });

  it('shows the empty state, and Reset Filters clears both filters and puts the focus in the search box', async () => {
    const { context, page, watch } = await openGuides('/guides/blue-guns');
    await category(page).selectOption({ label: 'Tactical Training' });
    await expect.poll(() => titles(page).then((t) => t.length)).toBe(4);
    await search(page).fill('zzzz');
    await expect.poll(() => page.getByRole('heading', { name: 'No guides found' }).isVisible()).toBe(true);
    expect(await page.getByText('Try adjusting your search or filter criteria.').isVisible()).toBe(true);
    expect(page.url()).toBe(`${e2e.shop.url}/guides?q=zzzz&category=tactical-training`);
    await page.getByRole('link', { name: 'Reset Filters' }).click();
    // The cards already here show at once (the 4 of the last answer), the server's 12 after its pause
    // (250 ms) and round trip: on a loaded machine that is past the poll's default second.
    await expect.poll(() => titles(page).then((t) => t.length), { timeout: 5000 }).toBe(12);
    expect(page.url()).toBe(`${e2e.shop.url}/guides`);
    expect(await search(page).inputValue()).toBe('');
    expect(await category(page).inputValue()).toBe('');
    expect(await page.evaluate(() => document.activeElement?.id)).toBe('guides-q');
    // The count is announced after the list settles (a loaded machine shows the cards a frame earlier).
    await expect.poll(() => live(page).textContent()).toBe('12 guides found');
    expect(await samePage(page)).toBe(true);
    expectClean(watch);
    await context.close();
  });

  it('hydrates on the first interaction and applies a search typed while its code was loading', async () => {
    const context = await e2e.browser.newContext({ viewport: { width: 1280, height: 900 }, userAgent: BROWSER_UA });
    const page = await context.newPage();
    const watch = watchPage(page);
    // Held from the start: the page fetches island code ahead once idle.
    const release = await holdRequests(page, '**/assets/GuideBrowser-*.js');
    await page.goto(`${e2e.shop.url}/guides`);
    await pageSettled(page);
    const island = page.locator('[data-island="GuideBrowser"]');
    expect(await island.getAttribute('data-hydrated')).toBeNull();
    await search(page).fill('laser');
    expect(await island.getAttribute('data-hydrated')).toBeNull();
    release();
    await page.locator('[data-island="GuideBrowser"][data-hydrated="true"]').waitFor();
    await expect.poll(() => page.url()).toBe(`${e2e.shop.url}/guides?q=laser`);
    expect(await search(page).inputValue()).toBe('laser');
    expectClean(watch);
    await context.close();
  });

  it('does not move anything while the island hydrates', async () => {
    const { context, page } = await openGuides('/guides?category=fundamentals');
    // As the shop test: under 0.01 (see layoutShift); the results keep the skeletons' space, so a short list moves nothing.
    expect(await layoutShift(page)).toBeLessThan(0.01);
    await context.close();
  });

  it('puts the streamed form and first cards where the placeholder form and skeletons were', async () => {
    for (const viewport of SWAP_VIEWPORTS) {
      const { withSkeletons, streamed } = await measureSkeletonSwap(e2e.browser, `${e2e.shop.url}/guides`, {
        viewport,
        skeletons: 1,
        measure: (page) => page.evaluate(shownBoxes),
      });
      expect(streamed, `${viewport.width}px`).toEqual(withSkeletons);
    }
  });

  it.each(['/guides', '/guides?q=zzzz'])('%s has no serious or critical axe violations', async (path) => {
    const { context, page, watch } = await openGuides(path);
    const axe = await axeReport(page);
    console.info('axe on', path, JSON.stringify({ serious: axe.severe.length, all: axe.all }));
    expect(axe.severe).toEqual([]);
    expectClean(watch);
    await context.close();
  });

  it("hydrates and filters without warnings on React's development build", async () => {
    const { context, page, watch } = await openGuides('/guides?q=blue&category=equipment-guides', e2e.devShop.url);
    expect(await titles(page)).toEqual(BLUE_EQUIPMENT);
    await search(page).fill('');
    await category(page).selectOption({ label: 'All' });
    await expect.poll(() => titles(page).then((t) => t.length)).toBe(12);
    await page.goBack();
    await expect.poll(() => category(page).inputValue()).toBe('equipment-guides');
    expect(page.url()).toBe(`${e2e.devShop.url}/guides?category=equipment-guides`);
    expect(await titles(page)).toEqual(expect.arrayContaining(BLUE_EQUIPMENT));
    expectClean(watch);
    await context.close();
  });
});

describe('guides list without JavaScript', () => {
  it('filters through the GET form, and Reset Filters clears both filters', async () => {
    // Headless Chromium's UA counts as a bot, so the page comes in one piece (a streamed page needs JavaScript to fill in).
    const context = await e2e.browser.newContext({ javaScriptEnabled: false });
    const page = await context.newPage();
    await page.goto(`${e2e.shop.url}/guides`);
    expect(await titles(page)).toHaveLength(12);

    await search(page).fill('blue');
    await category(page).selectOption({ label: 'Equipment Guides' });
    await Promise.all([page.waitForURL(/\/guides\?/), page.getByRole('button', { name: 'Search' }).click()]);
    expect(new URL(page.url()).search).toBe('?q=blue&category=equipment-guides');
    expect(await titles(page)).toEqual(BLUE_EQUIPMENT);
    expect(await search(page).inputValue()).toBe('blue');

    await category(page).selectOption({ label: 'Fundamentals' });
    await Promise.all([page.waitForURL(/category=fundamentals/), search(page).press('Enter')]);
    expect(await page.getByRole('heading', { name: 'No guides found' }).isVisible()).toBe(true);
    await Promise.all([page.waitForURL(/\/guides$/), page.getByRole('link', { name: 'Reset Filters' }).click()]);
    expect(await titles(page)).toHaveLength(12);
    expect(await search(page).inputValue()).toBe('');
    expect(await category(page).inputValue()).toBe('');
    await context.close();
  });
});
