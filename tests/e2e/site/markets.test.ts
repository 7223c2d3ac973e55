import type { Page } from 'playwright-core';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { expectClean, hydrateIslands, pageSettled, watchPage } from '../../support/browser';
import { useBrowserAndShop } from '../../support/e2e';
import { noCountry } from '../../support/geo-emulator';
import { startStripeEmulator, type StripeEmulator } from '../../support/stripe-emulator';

/** Market addresses in Chromium: links stay in the market, the selector moves between markets, the cart checks out in one. */
let stripe: StripeEmulator;

beforeAll(async () => {
  stripe = await startStripeEmulator();
});
afterAll(async () => {
  await stripe?.close();
});
const e2e = useBrowserAndShop(() => ({ env: stripe.env }));

const PRODUCT = '/product/1/g-series-laser-training-pistol';
/** The site paths every link and form of the page points at (the selector's links to other markets aside). */
const sitePaths = (page: Page) =>
  page.evaluate(() =>
    [...document.querySelectorAll<HTMLAnchorElement | HTMLFormElement>('body a[href], body form[action]')]
      .filter((el) => !el.hasAttribute('data-market-link'))
      .map((el) => new URL(el instanceof HTMLFormElement ? el.action : el.href))
      .filter((url) => url.origin === location.origin && url.pathname !== '/consent')
      .map((url) => url.pathname),
  );

describe('markets in Chromium', () => {
  it('navigating on /gb keeps /gb links, also after the list filters itself in place', async () => {
    const page = await e2e.browser.newPage({ viewport: { width: 1280, height: 900 } });
    const watch = watchPage(page);
    await page.goto(`${e2e.shop.url}/gb`);
    await pageSettled(page);
    expect((await sitePaths(page)).filter((p) => !p.startsWith('/gb'))).toEqual([]);
    await page.locator('main').getByRole('link', { name: 'Shop Now' }).first().click();
    await page.waitForURL(`${e2e.shop.url}/gb/products`);
    await hydrateIslands(page, 'ProductBrowser');
    await page.getByRole('button', { name: 'Pistol Trainers' }).click();
    await expect.poll(() => page.url()).toBe(`${e2e.shop.url}/gb/products?category=pistols`);
    expect(await page.locator('main article').first().textContent()).toContain('£');
    expect((await sitePaths(page)).filter((p) => !p.startsWith('/gb'))).toEqual([]);
    await page.locator('main article a').first().click();
    await page.waitForURL(/\/gb\/product\/\d+/);
    await pageSettled(page);
    expect((await sitePaths(page)).filter((p) => !p.startsWith('/gb'))).toEqual([]);
    expectClean(watch);
    await page.close();
  });

  for (const javaScriptEnabled of [false, true]) {
    it(`the selector on /eu/product/1 goes to /us/product/1 (JavaScript ${javaScriptEnabled ? 'on' : 'off'})`, async () => {
      const context = await e2e.browser.newContext({ javaScriptEnabled, viewport: { width: 1280, height: 900 } });
      const page = await context.newPage();
      const watch = watchPage(page, { javaScriptDisabled: !javaScriptEnabled });
      await page.goto(`${e2e.shop.url}/eu${PRODUCT}`);
      if (javaScriptEnabled) await pageSettled(page);
      expect(await page.locator('main').textContent()).toContain('€');
      await page.locator('header a[data-market-link="US"]').first().click();
      await page.waitForURL(`${e2e.shop.url}/us${PRODUCT}`);
      expect(await page.locator('main').textContent()).toContain('$');
      const saved = (await context.cookies()).find((c) => c.name === 'preferredCountry')?.value;
      // With JavaScript the pick is saved as the visitor's choice, as picking in the select is.
      expect(saved).toBe(javaScriptEnabled ? 'US' : undefined);
      expectClean(watch);
      await context.close();
    });
  }

  it('never switches a market page by itself: a visitor found elsewhere is offered their market in a toast', async () => {
    e2e.shop.geo.answers.ip = { status: 200, body: { country_code: 'DE', country_name: 'Germany' } };
    const page = await e2e.browser.newPage({ viewport: { width: 1280, height: 900 } });
    try {
      await page.goto(`${e2e.shop.url}/us${PRODUCT}`);
      await pageSettled(page);
      const offer = page.locator('.toast').filter({ hasText: 'Shopping from Germany?' });
      await offer.waitFor();
      expect(await offer.textContent()).toContain('See prices in € (EUR)');
      expect(await offer.getByRole('link').getAttribute('href')).toBe(`/eu${PRODUCT}`);
      expect(await page.locator('html').getAttribute('data-region')).toBe('US');
      expect(await page.locator('main').textContent()).toContain('$');
    } finally {
      e2e.shop.geo.answers.ip = noCountry();
      await page.close();
    }
  });

  it('the cart checked out from /eu creates an EUR session and comes back to /eu', async () => {
    const context = await e2e.browser.newContext({ viewport: { width: 1280, height: 900 } });
    await context.addCookies([{ name: 'cart', value: encodeURIComponent('1:2|3:1'), url: e2e.shop.url }]);
    const page = await context.newPage();
    await page.goto(`${e2e.shop.url}/eu/cart`);
    await pageSettled(page);
    expect(await page.locator('main').textContent()).toContain('€');
    const before = stripe.received.length;
    await page.getByRole('button', { name: 'Checkout' }).click();
    await page.waitForURL(`${stripe.url}/pay/**`);
    expect(stripe.received.length).toBe(before + 1);
    const fields = stripe.received.at(-1)!.fields;
    expect(fields['line_items[0][price_data][currency]']).toBe('eur');
    expect(fields.cancel_url).toMatch(/\/eu\/cart$/);
    await context.close();
  });
});
