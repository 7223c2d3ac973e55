import type { BrowserContextOptions, Page } from 'playwright-core';
import { describe, expect, it } from 'vitest';
import { promoMessages } from '#shared/site/promotions.ts';
import { currencyByRegion, type Region } from '#shared/region/region.ts';
import { pageSettled, watchPage } from '../../support/browser';
import { useBrowserAndShop } from '../../support/e2e';
import { axeReport } from '../../support/axe';

/** A page that carries the whole frame on every build (the shop's own pages are added by other issues). */
const FRAME_PAGE = '/404';

const e2e = useBrowserAndShop();

/** An EU visitor on a wide screen unless the options say otherwise. */
async function open(path = FRAME_PAGE, options: BrowserContextOptions = {}) {
  const context = await e2e.browser.newContext({
    viewport: { width: 1280, height: 900 },
    extraHTTPHeaders: { 'CF-IPCountry': 'DE' },
    ...options,
  });
  const page = await context.newPage();
  const watch = watchPage(page);
  await page.goto(`${e2e.shop.url}${path}`);
  if (options.javaScriptEnabled !== false) await pageSettled(page);
  return { page, watch, close: () => context.close() };
}

const dataLayer = (page: Page) =>
  page.evaluate(() =>
    (window as unknown as { dataLayer: unknown[] }).dataLayer.map((e) =>
      e && typeof e === 'object' && 'length' in (e as object) ? Array.from(e as ArrayLike<unknown>) : e,
    ),
  ) as Promise<unknown[]>;

describe('header dropdowns', () => {
  it('open on mouse enter, close on leave, at most one open', async () => {
    const { page, close } = await open();
    const nav = page.getByRole('navigation', { name: 'Main' });
    const pistols = nav.getByRole('link', { name: 'Laser Pistols' });
    const guides = nav.getByRole('link', { name: 'Guides' });
    expect(await pistols.isVisible()).toBe(false);
    await page.getByRole('button', { name: 'Products' }).hover();
    await expect.poll(() => pistols.isVisible()).toBe(true);
    await page.getByRole('button', { name: 'Resources' }).hover();
    await expect.poll(() => guides.isVisible()).toBe(true);
    await expect.poll(() => pistols.isVisible()).toBe(false);
    await page.mouse.move(640, 600);
    await expect.poll(() => guides.isVisible()).toBe(false);
    await close();
  });

  it('work from the keyboard: Enter opens, arrows move, Escape closes and returns focus', async () => {
    const { page, close } = await open();
    const trigger = page.getByRole('button', { name: 'Products' });
    await trigger.focus();
    await page.keyboard.press('Enter');
    await expect.poll(() => trigger.getAttribute('aria-expanded')).toBe('true');
    await page.keyboard.press('Tab');
    await expect.poll(() => page.evaluate(() => document.activeElement?.textContent)).toBe('All products');
    await page.keyboard.press('ArrowDown');
    await expect.poll(() => page.evaluate(() => document.activeElement?.textContent)).toBe('Laser Pistols');
    await page.keyboard.press('Escape');
    await expect.poll(() => trigger.getAttribute('aria-expanded')).toBe('false');
    expect(await trigger.evaluate((el) => el === document.activeElement)).toBe(true);
    await page.keyboard.press('Space');
    await expect.poll(() => trigger.getAttribute('aria-expanded')).toBe('true');
    await close();
  });

  it('highlights Contact only on the contact page', async () => {
    for (const [path, current] of [
      ['/contact', 'page'],
      [FRAME_PAGE, null],
    ] as const) {
      const { page, close } = await open(path);
      const contact = page.getByRole('navigation', { name: 'Main' }).getByRole('link', { name: 'Contact' });
      expect(await contact.getAttribute('aria-current')).toBe(current);
      expect(await contact.evaluate((el) => getComputedStyle(el).backgroundColor !== 'rgba(0, 0, 0, 0)')).toBe(current !== null);
      await close();
    }
  });
});

describe('mobile menu at 375 px', () => {
  it('opens, expands Resources, closes on Escape (focus back on the toggle), on a tap outside and on choosing a link', async () => {
    const { page, watch, close } = await open(FRAME_PAGE, { viewport: { width: 375, height: 800 } });
    expect(await page.getByRole('button', { name: 'Products' }).isVisible()).toBe(false);
    const toggle = page.locator('summary[data-menu-open]');
    await toggle.click();
    const menu = page.getByRole('navigation', { name: 'Menu' });
    await menu.waitFor();
    for (const name of ['Home', 'Products', 'Contact', 'Your orders'])
      expect(await menu.getByRole('link', { name, exact: true }).isVisible()).toBe(true);
    const about = menu.getByRole('link', { name: 'About' });
    expect(await about.isVisible()).toBe(false);
    await menu.getByText('Resources').click();
    await expect.poll(() => about.isVisible()).toBe(true);
    await page.keyboard.press('Escape');
    await expect.poll(() => menu.isVisible()).toBe(false);
    expect(await toggle.evaluate((el) => el === document.activeElement)).toBe(true);

    await toggle.click();
    await page.mouse.click(20, 700);
    await expect.poll(() => menu.isVisible()).toBe(false);

    await toggle.click();
    await page.evaluate(() => document.addEventListener('click', (e) => e.preventDefault()));
    await menu.getByRole('link', { name: 'Contact' }).click();
    await expect.poll(() => menu.isVisible()).toBe(false);
    expect(watch.problems).toEqual([]);
    await close();
  });

  it('works without JavaScript on a phone: the menu opens on a tap with Products and Your orders, and its links lead on', async () => {
    const { page, close } = await open(FRAME_PAGE, { viewport: { width: 360, height: 740 }, javaScriptEnabled: false });
    const menu = page.getByRole('navigation', { name: 'Menu' });
    expect(await menu.isVisible()).toBe(false);
    await page.locator('summary[data-menu-open]').click();
    for (const name of ['Products', 'Your orders']) expect(await menu.getByRole('link', { name, exact: true }).isVisible()).toBe(true);
    await menu.getByText('Resources').click();
    expect(await menu.getByRole('link', { name: 'About' }).isVisible()).toBe(true);
    await menu.getByRole('link', { name: 'Products', exact: true }).click();
    await page.waitForURL(/\/products$/);
    await close();
  });

  it('changes the cookie choice without JavaScript: the banner posts it, Cookie settings is a page that changes it', async () => {
    const { page, close } = await open(FRAME_PAGE, {
      viewport: { width: 360, height: 740 },
      javaScriptEnabled: false,
      extraHTTPHeaders: { 'CF-IPCountry': 'GB' },
    });
    const consent = async () => (await page.context().cookies()).find((c) => c.name === 'consent')?.value;
    await page.getByRole('region', { name: 'Cookies and analytics' }).getByRole('button', { name: 'Reject' }).click();
    await expect.poll(consent).toBe('denied');
    await page.getByRole('link', { name: 'Cookie settings' }).click();
    await page.waitForURL(/\/cookie-settings$/);
    expect(await page.locator('main [data-consent-current]').textContent()).toBe('Current choice: rejected.');
    await page.getByRole('button', { name: 'Accept analytics cookies' }).click();
    await expect.poll(consent).toBe('granted');
    expect(await page.locator('main [data-consent-current]').textContent()).toBe('Current choice: accepted.');
    await close();
  });
});

/** The strip's messages as the page's region writes them (its currency). */
const messagesOn = async (page: Page) =>
  promoMessages(currencyByRegion[(await page.evaluate(() => document.documentElement.dataset.region)) as Region]).map((m) => m.text);

/** The promotional messages on screen. */
const shown = (page: Page) =>
  page.locator('[data-promo]').evaluateAll((els) => els.filter((e) => (e as HTMLElement).offsetParent !== null).map((e) => e.textContent));

describe('promotional strip', () => {
  it('shows 3 messages on wide screens and 1 on narrow', async () => {
    const wide = await open();
    const messages = await messagesOn(wide.page);
    expect(await shown(wide.page)).toEqual(messages.slice(0, 3));
    await wide.close();
    const narrow = await open(FRAME_PAGE, { viewport: { width: 375, height: 800 } });
    expect(await shown(narrow.page)).toEqual(messages.slice(0, 1));
    await narrow.close();
  });

  it('advances every 3 s, wraps at the end, and the arrows step both ways', async () => {
    const { page, close } = await open();
    const messages = await messagesOn(page);
    await expect.poll(() => shown(page), { timeout: 4500, interval: 200 }).toEqual(messages.slice(1, 4));
    const next = page.getByRole('button', { name: 'Next promotion' });
    await next.click();
    await next.click();
    await next.click();
    expect(await shown(page)).toEqual(messages.slice(4, 7));
    // Subscribe & Save is a link to the Digest's sign-up as it rotates into view.
    expect(await page.locator('[data-promo="Subscribe & Save 5%"] a').getAttribute('href')).toMatch(/^(\/(gb|eu|us))?\/newsletter$/);
    await next.click();
    expect(await shown(page)).toEqual(messages.slice(0, 3));
    await page.getByRole('button', { name: 'Previous promotion' }).click();
    expect(await shown(page)).toEqual(messages.slice(4, 7));
    await close();
  });

  it('stays put while hovered and for visitors who prefer reduced motion', async () => {
    const hovered = await open();
    const messages = await messagesOn(hovered.page);
    await hovered.page.getByText(messages[1]!).hover();
    await hovered.page.waitForTimeout(3600);
    expect(await shown(hovered.page)).toEqual(messages.slice(0, 3));
    await hovered.close();
    const calm = await open(FRAME_PAGE, { reducedMotion: 'reduce' });
    await calm.page.waitForTimeout(3600);
    expect(await shown(calm.page)).toEqual(messages.slice(0, 3));
    await calm.close();
  });
});

describe('consent and toasts', () => {
  it('asks EU visitors (denied by default), remembers the choice and confirms with one toast at a time', async () => {
    const { page, watch, close } = await open();
    const banner = page.getByRole('region', { name: 'Cookies and analytics' });
    await banner.waitFor();
    expect(await dataLayer(page)).toContainEqual(['consent', 'default', expect.objectContaining({ analytics_storage: 'denied' })]);
    await banner.getByRole('button', { name: 'Accept' }).click();
    await expect.poll(() => banner.isVisible()).toBe(false);
    expect(await page.evaluate(() => localStorage.getItem('consent'))).toBe('granted');
    expect(await dataLayer(page)).toContainEqual(['consent', 'update', expect.objectContaining({ analytics_storage: 'granted' })]);
    const toasts = page.locator('.toast');
    await expect.poll(() => toasts.count()).toBe(1);

    // Reopen from the footer and choose again at once: the limit of one keeps a single toast.
    await page.getByRole('link', { name: 'Cookie settings' }).click();
    await banner.getByRole('button', { name: 'Reject' }).click();
    await expect.poll(() => toasts.allTextContents()).toEqual([expect.stringContaining('Only essential cookies')]);

    await page.reload();
    expect(await dataLayer(page)).toContainEqual(['consent', 'default', expect.objectContaining({ analytics_storage: 'denied' })]);
    expect(await page.getByRole('region', { name: 'Cookies and analytics' }).count()).toBe(0);
    expect(watch.problems).toEqual([]);
    await close();
  });

  it('grants by default for US visitors and does not ask', async () => {
    const { page, close } = await open(FRAME_PAGE, { extraHTTPHeaders: { 'CF-IPCountry': 'US' } });
    expect(await dataLayer(page)).toContainEqual(['consent', 'default', expect.objectContaining({ analytics_storage: 'granted' })]);
    await page.waitForTimeout(300);
    expect(await page.getByRole('region', { name: 'Cookies and analytics' }).count()).toBe(0);
    await close();
  });

  it('dismisses a toast after 5 s, but not while it is hovered', async () => {
    const { page, close } = await open();
    await page.getByRole('region', { name: 'Cookies and analytics' }).getByRole('button', { name: 'Accept' }).click();
    const toast = page.locator('.toast');
    await toast.waitFor();
    await toast.hover();
    await page.waitForTimeout(6000);
    expect(await toast.isVisible()).toBe(true);
    await page.mouse.move(10, 450);
    await expect.poll(() => toast.count(), { timeout: 7000, interval: 250 }).toBe(0);
    await close();
  }, 30_000);

  it('moves focus to the toast region with F8', async () => {
    const { page, close } = await open();
    await page.getByRole('region', { name: 'Cookies and analytics' }).getByRole('button', { name: 'Accept' }).click();
    await page.locator('.toast').waitFor();
    await page.keyboard.press('F8');
    await expect.poll(() => page.evaluate(() => document.activeElement?.closest('.toast-viewport') !== null)).toBe(true);
    await close();
  });
});

describe('analytics', () => {
  it('pushes a page view at start and on back/forward route changes', async () => {
    const { page, close } = await open('/missing-a');
    const views = async () => ((await dataLayer(page)) as Array<Record<string, unknown>>).filter((e) => e.event === 'page_view');
    expect(await views()).toEqual([expect.objectContaining({ page_path: '/missing-a', page_location: `${e2e.shop.url}/missing-a` })]);
    await page.evaluate(() => history.pushState({}, '', '/missing-b'));
    await page.goBack();
    await expect.poll(async () => (await views()).length).toBe(2);
    await close();
  });

  it('captures campaign parameters, restores them on later pages and adds them to events', async () => {
    const { page, close } = await open('/missing?utm_source=newsletter&utm_campaign=spring&utm_medium=email');
    expect(JSON.parse((await page.evaluate(() => sessionStorage.getItem('utm_params')))!)).toEqual({
      utm_source: 'newsletter',
      utm_medium: 'email',
      utm_campaign: 'spring',
    });
    await page.goto(`${e2e.shop.url}/other-page`);
    const events = (await dataLayer(page)) as Array<Record<string, unknown>>;
    expect(events.find((e) => e.event === 'page_view')).toMatchObject({ utm_source: 'newsletter', utm_campaign: 'spring' });
    expect(events.find((e) => e.event === '404_error')).toMatchObject({ page_path: '/other-page', utm_source: 'newsletter' });
    await page.goto(`${e2e.shop.url}/third?utm_source=ads`);
    expect(JSON.parse((await page.evaluate(() => sessionStorage.getItem('utm_params')))!)).toEqual({ utm_source: 'ads' });
    await close();
  });
});

describe('accessibility of the frame', () => {
  it('has no serious or critical axe violations, wide and narrow', async () => {
    for (const viewport of [
      { width: 1280, height: 900 },
      { width: 375, height: 800 },
    ]) {
      const { page, close } = await open(FRAME_PAGE, { viewport });
      expect((await axeReport(page)).severe).toEqual([]);
      // The phone's menu, open.
      if (viewport.width < 768) {
        await page.locator('summary[data-menu-open]').click();
        expect((await axeReport(page)).severe).toEqual([]);
      }
      await close();
    }
  });
});
