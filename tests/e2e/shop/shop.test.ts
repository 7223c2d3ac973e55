import type { BrowserContext, Page } from 'playwright-core';
import { describe, expect, it } from 'vitest';

import {
  dataLayer,
  expectClean,
  layoutShift,
  markPage,
  hydrateIslands,
  pageSettled,
  samePage,
  watchPage,
  type DataLayerEvent,
  holdRequests,
} from '../../support/browser';
import { useBrowserAndShop } from '../../support/e2e';
import { paymentLinks, ukPaymentLinks } from '../../support/catalogue';
import { axeReport } from '../../support/axe';

const WIDGET = 'https://reviews.example.com/embed/widget.js';
const e2e = useBrowserAndShop({ env: { REVIEWS_WIDGET_URL: WIDGET } }, { devShop: true });

/** The island is interactive (deferred ones focused into hydration), and start-up is over (a clean console at the end). */
async function hydrated(page: Page, island: string) {
  await hydrateIslands(page, island);
}
const cards = (page: Page) => page.locator('main article');
const heading = (page: Page) => page.getByRole('heading', { level: 1 });

async function openList(path = '/products', viewport = { width: 1280, height: 900 }) {
  const page = await e2e.browser.newPage({ viewport });
  const watch = watchPage(page);
  await page.goto(`${e2e.shop.url}${path}`);
  await hydrated(page, 'ProductBrowser');
  await markPage(page);
  return { page, watch };
}

const ascending = (xs: number[]) => xs.every((x, i) => i === 0 || xs[i - 1]! <= x);

describe('product list in Chromium', () => {
  it('filters by category in place, keeps ?category in step and records page views and lists', async () => {
    const { page, watch } = await openList();
    expect(await cards(page).count()).toBe(15);
    await page.getByRole('button', { name: 'Pistol Trainers' }).click();
    await expect.poll(() => page.url()).toBe(`${e2e.shop.url}/products?category=pistols`);
    await expect.poll(() => cards(page).count()).toBe(5);
    expect(await heading(page).textContent()).toBe('Pistol Trainers');
    expect(await page.title()).toBe('Pistol Trainers | StrikePoint Training');
    expect(await page.getByRole('button', { name: 'Pistol Trainers' }).getAttribute('aria-pressed')).toBe('true');
    const events = await dataLayer(page);
    const afterClick = events.slice(events.findLastIndex((e) => e.event === 'page_view'));
    expect(afterClick[0]).toMatchObject({
      event: 'page_view',
      page_path: '/products',
      page_location: `${e2e.shop.url}/products?category=pistols`,
    });
    expect(afterClick[1]).toMatchObject({ event: 'view_item_list', ecommerce: { item_list_id: 'pistols' } });
    expect((afterClick[1]!.ecommerce!.items as unknown[]).length).toBe(5);

    // Pressing the active category clears it.
    await page.getByRole('button', { name: 'Pistol Trainers' }).click();
    await expect.poll(() => page.url()).toBe(`${e2e.shop.url}/products`);
    await expect.poll(() => cards(page).count()).toBe(15);

    await page.getByRole('button', { name: 'Target Systems' }).click();
    await expect.poll(() => cards(page).count()).toBe(1);
    await expect.poll(() => page.locator('main article h2').textContent()).toContain('Reactive Laser Target System');
    expect(await samePage(page)).toBe(true);
    expectClean(watch);
    await page.close();
  });

  it('follows back and forward', async () => {
    const { page, watch } = await openList();
    await page.getByRole('button', { name: 'Rifle Trainers' }).click();
    await expect.poll(() => cards(page).count()).toBe(3);
    await page.getByRole('button', { name: 'Training Knives' }).click();
    await expect.poll(() => cards(page).count()).toBe(2);
    await page.goBack();
    await expect.poll(() => page.url()).toBe(`${e2e.shop.url}/products?category=rifles`);
    await expect.poll(() => cards(page).count()).toBe(3);
    expect(await heading(page).textContent()).toBe('Rifle Trainers');
    expect(await page.getByRole('button', { name: 'Rifle Trainers' }).getAttribute('aria-pressed')).toBe('true');
    await page.goBack();
    await expect.poll(() => cards(page).count()).toBe(15);
    expect(await heading(page).textContent()).toBe('All Products');
    await page.goForward();
    await expect.poll(() => cards(page).count()).toBe(3);
    expect(await samePage(page)).toBe(true);
    const events = await dataLayer(page);
    expect(events.at(-2)).toMatchObject({ event: 'page_view', page_location: `${e2e.shop.url}/products?category=rifles` });
    expect(events.at(-1)).toMatchObject({ event: 'view_item_list', ecommerce: { item_list_id: 'rifles' } });
    expectClean(watch);
    await page.close();
  });

  it("sorts by price in the visitor's currency in place, and back/forward keeps the order", async () => {
    for (const [region, symbol] of [
      ['EU', '€'],
      ['UK', '£'],
    ] as const) {
      const context = await e2e.browser.newContext({ viewport: { width: 1280, height: 900 } });
      await context.addCookies([{ name: 'preferredCountry', value: region, url: e2e.shop.url }]);
      const page = await context.newPage();
      const watch = watchPage(page);
      await page.goto(`${e2e.shop.url}/products?category=pistols`);
      await hydrated(page, 'ProductBrowser');
      await markPage(page);
      // The first figure on each card is its current price, in the region's currency.
      const prices = async () =>
        (await cards(page).allTextContents()).map((text) => {
          const m = text.match(new RegExp(`\\${symbol}([\\d,.]+)`));
          return Number(m![1]!.replace(/,/g, ''));
        });
      const sortSelect = page.getByLabel('Sort by');

      await sortSelect.selectOption('price-asc');
      await expect.poll(() => page.url()).toBe(`${e2e.shop.url}/products?category=pistols&sort=price-asc`);
      await expect.poll(async () => ascending(await prices())).toBe(true);
      expect(await cards(page).count()).toBe(5);
      const events = await dataLayer(page);
      expect(events.at(-1)).toMatchObject({ event: 'view_item_list', ecommerce: { item_list_id: 'pistols', item_list_sort: 'price-asc' } });

      await sortSelect.selectOption('price-desc');
      await expect.poll(async () => ascending((await prices()).toReversed())).toBe(true);
      expect(ascending(await prices())).toBe(false);

      await page.goBack();
      await expect.poll(() => page.url()).toBe(`${e2e.shop.url}/products?category=pistols&sort=price-asc`);
      await expect.poll(async () => ascending(await prices())).toBe(true);
      expect(await sortSelect.inputValue()).toBe('price-asc');
      await page.goForward();
      await expect.poll(() => sortSelect.inputValue()).toBe('price-desc');
      await expect.poll(async () => ascending((await prices()).toReversed())).toBe(true);
      expect(await samePage(page)).toBe(true);
      expectClean(watch);
      await context.close();
    }
  });

  it('searches as you type, without reloading on submit, and shows the empty state with Reset Filters', async () => {
    const { page, watch } = await openList();
    const search = page.getByRole('searchbox', { name: 'Search products' });
    await search.fill('RECOIL');
    await expect.poll(() => cards(page).count()).toBe(1);
    expect(await heading(page).textContent()).toBe('Search results for "RECOIL"');
    expect(page.url()).toBe(`${e2e.shop.url}/products?q=RECOIL`);
    await search.press('Enter');
    expect(await samePage(page)).toBe(true);
    // A feature-only match: 'Drop-free training magazine'.
    await search.fill('drop-free');
    await expect.poll(() => cards(page).count()).toBe(1);
    await search.fill('zzzz');
    await expect.poll(() => page.getByText('No products match your current filters.').isVisible()).toBe(true);
    await page.getByRole('link', { name: 'Reset Filters' }).click();
    await expect.poll(() => cards(page).count()).toBe(15);
    expect(await search.inputValue()).toBe('');
    expect(page.url()).toBe(`${e2e.shop.url}/products`);
    expect(await samePage(page)).toBe(true);
    expectClean(watch);
    await page.close();
  });

  it('toggles grid and list view and clears filters, keeping the view', async () => {
    const { page, watch } = await openList('/products?category=bundles');
    await page.getByRole('button', { name: 'List view' }).click();
    await expect.poll(() => page.url()).toBe(`${e2e.shop.url}/products?category=bundles&view=list`);
    expect(await page.getByRole('button', { name: 'List view' }).getAttribute('aria-pressed')).toBe('true');
    const box = await cards(page).first().boundingBox();
    expect(box!.width).toBeGreaterThan(700);
    // The availability boxes filter in place and ride in the URL: every bundle is in stock, one is new.
    await page.getByRole('checkbox', { name: 'In Stock Only' }).check();
    await expect.poll(() => page.url()).toBe(`${e2e.shop.url}/products?category=bundles&in_stock=on&view=list`);
    expect(await cards(page).count()).toBe(4);
    await page.getByRole('checkbox', { name: 'New Arrivals' }).check();
    await expect.poll(() => cards(page).count()).toBe(1);
    expect(page.url()).toBe(`${e2e.shop.url}/products?category=bundles&in_stock=on&new_arrivals=on&view=list`);
    await page.getByRole('link', { name: 'Clear Filters' }).click();
    await expect.poll(() => page.url()).toBe(`${e2e.shop.url}/products?view=list`);
    await expect.poll(() => cards(page).count()).toBe(15);
    expect(await page.getByRole('checkbox', { name: 'In Stock Only' }).isChecked()).toBe(false);
    await page.getByRole('button', { name: 'Grid view' }).click();
    await expect.poll(() => page.url()).toBe(`${e2e.shop.url}/products`);
    expect(await samePage(page)).toBe(true);
    expectClean(watch);
    await page.close();
  });

  it('hydrates on the first interaction and applies what was typed and ticked while its code was loading', async () => {
    const page = await e2e.browser.newPage({ viewport: { width: 1280, height: 900 } });
    const watch = watchPage(page);
    // The list's code arrives late (a slow phone): held from the start (the page fetches island code ahead once idle).
    const release = await holdRequests(page, '**/assets/ProductBrowser-*.js');
    await page.goto(`${e2e.shop.url}/products?category=knives`);
    await pageSettled(page);
    const island = page.locator('[data-island="ProductBrowser"]');
    expect(await island.getAttribute('data-hydrated')).toBeNull();
    await page.getByRole('searchbox', { name: 'Search products' }).fill('marking');
    await page.getByRole('checkbox', { name: 'In Stock Only' }).check();
    expect(await island.getAttribute('data-hydrated')).toBeNull();
    expect(await cards(page).count()).toBe(2);
    release();
    await page.locator('[data-island="ProductBrowser"][data-hydrated="true"]').waitFor();
    await expect.poll(() => page.url()).toBe(`${e2e.shop.url}/products?category=knives&q=marking&in_stock=on`);
    expect(await cards(page).count()).toBe(1);
    expect(await page.getByRole('searchbox', { name: 'Search products' }).inputValue()).toBe('marking');
    expect(await page.getByRole('checkbox', { name: 'In Stock Only' }).isChecked()).toBe(true);
    expectClean(watch);
    await page.close();
  });

  it('opens the filter panel on a narrow screen', async () => {
    const { page, watch } = await openList('/products', { width: 375, height: 800 });
    expect(await page.getByRole('button', { name: 'Rifle Trainers' }).isVisible()).toBe(false);
    await page.getByText('Filters', { exact: true }).click();
    await page.getByRole('button', { name: 'Rifle Trainers' }).click();
    await expect.poll(() => cards(page).count()).toBe(3);
    expectClean(watch);
    await page.close();
  });

  it('works without JavaScript through links and GET forms', async () => {
    const context = await e2e.browser.newContext({ javaScriptEnabled: false });
    const page = await context.newPage();
    await page.goto(`${e2e.shop.url}/products`);
    await page.getByRole('button', { name: 'Training Knives' }).click();
    await page.waitForURL(/category=knives/);
    expect(await cards(page).count()).toBe(2);
    await page.getByRole('searchbox', { name: 'Search products' }).fill('shock');
    await page.getByRole('button', { name: 'Search', exact: true }).click();
    await page.waitForURL(/q=shock/);
    expect(new URL(page.url()).searchParams.get('category')).toBe('knives');
    expect(await cards(page).count()).toBe(1);
    await page.getByRole('button', { name: 'List view' }).click();
    await page.waitForURL(/view=list/);
    expect(await heading(page).textContent()).toBe('Search results for "shock"');
    // Pressing the active category clears it, keeping the search.
    await page.getByRole('button', { name: 'Training Knives' }).click();
    await page.waitForURL((url) => url.searchParams.get('category') === '');
    expect(await cards(page).count()).toBe(1);
    // The order applies through its own GET form, keeping the view.
    await page.goto(`${e2e.shop.url}/products?view=list`);
    await page.getByLabel('Sort by').selectOption('price-desc');
    await page.getByRole('button', { name: 'Apply', exact: true }).click();
    await page.waitForURL(/sort=price-desc/);
    expect(new URL(page.url()).searchParams.get('view')).toBe('list');
    expect(await cards(page).first().locator('h2').textContent()).toContain('Instructor Training Bundle');
    // In Stock Only applies through its GET form too, keeping the order: the sold-out knife goes.
    await page.goto(`${e2e.shop.url}/products?category=knives&sort=price-desc`);
    expect(await cards(page).count()).toBe(2);
    await page.getByRole('checkbox', { name: 'In Stock Only' }).check();
    await page.getByRole('button', { name: 'Apply availability' }).click();
    await page.waitForURL(/in_stock=on/);
    expect(new URL(page.url()).searchParams.get('sort')).toBe('price-desc');
    expect(await cards(page).count()).toBe(1);
    await context.close();
  });
});

describe('product detail in Chromium', () => {
  it("gives the sold-out product's e-mail field the phone's width (at 360×740, at least 160 px)", async () => {
    const page = await e2e.browser.newPage({ viewport: { width: 360, height: 740 } });
    // The knife is sold out in the seeded stock.
    await page.goto(`${e2e.shop.url}/gb/product/11`);
    const field = page.getByRole('textbox', { name: /Sold out for now/ });
    const { width } = (await field.boundingBox())!;
    expect(width).toBeGreaterThanOrEqual(160);
    expect(await page.evaluate(() => document.documentElement.scrollWidth <= window.innerWidth)).toBe(true);
    await page.close();
  });

  it('cycles the gallery with arrows and thumbnails, wrapping at both ends', async () => {
    const page = await e2e.browser.newPage({ viewport: { width: 1280, height: 900 } });
    const watch = watchPage(page);
    await page.goto(`${e2e.shop.url}/product/1/g-series-laser-training-pistol`);
    await pageSettled(page);
    // The gallery hydrates on its first interaction, which is replayed: the first press already steps.
    expect(await page.locator('[data-island="ProductGallery"]').getAttribute('data-hydrated')).toBeNull();
    const main = page.getByRole('region', { name: 'Product images' }).locator('img').first();
    const src = () => main.getAttribute('src');
    expect(await src()).toBe('/images/products/1-main.svg');
    await page.getByRole('button', { name: 'Next image' }).click();
    await expect.poll(src).toBe('/images/products/1-card.svg');
    await page.getByRole('button', { name: 'Next image' }).click();
    await expect.poll(src).toBe('/images/products/1-landscape.svg');
    await page.getByRole('button', { name: 'Next image' }).click();
    await expect.poll(src).toBe('/images/products/1-main.svg');
    await page.getByRole('button', { name: 'Previous image' }).click();
    await expect.poll(src).toBe('/images/products/1-landscape.svg');
    await page.getByRole('button', { name: 'Show technical card' }).click();
    await expect.poll(src).toBe('/images/products/1-card.svg');
    expect(await page.getByRole('button', { name: 'Show technical card' }).getAttribute('aria-current')).toBe('true');
    expect(await dataLayer(page)).toContainEqual(
      expect.objectContaining({ event: 'view_item', ecommerce: expect.objectContaining({ value: 189.99 }) }),
    );
    expectClean(watch);
    await page.close();
  });
});

/**
 * Every data-layer push is also written, with its time, to localStorage: the shop page is gone once
 * the payment page shows, and this is how the test sees what it had pushed before it navigated.
 */
const recordPushes = () => {
  const layer: unknown[] = [];
  layer.push = (...events: unknown[]) => {
    const log = JSON.parse(localStorage.getItem('__pushes') ?? '[]') as unknown[];
    localStorage.setItem('__pushes', JSON.stringify([...log, ...events.map((event) => ({ at: Date.now(), event }))]));
    return Array.prototype.push.apply(layer, events);
  };
  (window as unknown as { dataLayer: unknown[] }).dataLayer = layer;
};

async function pushesSeenBy(context: BrowserContext): Promise<Array<{ at: number; event: DataLayerEvent }>> {
  const reader = await context.newPage();
  await reader.goto(`${e2e.shop.url}/healthz`);
  const log = await reader.evaluate(() => localStorage.getItem('__pushes'));
  await reader.close();
  return JSON.parse(log ?? '[]') as Array<{ at: number; event: DataLayerEvent }>;
}

/** Intercepts the payment host with a small page; records the URL, when it was asked for, and how often. */
async function interceptPayment(context: BrowserContext) {
  const seen: { urls: string[]; at: number } = { urls: [], at: 0 };
  await context.addInitScript(recordPushes);
  await context.route('https://buy.stripe.com/**', async (route) => {
    seen.urls.push(route.request().url());
    seen.at = Date.now();
    await route.fulfill({ status: 200, contentType: 'text/html', body: '<!doctype html><title>Pay</title><h1>Payment page</h1>' });
  });
  return seen;
}

describe('checkout in Chromium', () => {
  it('records begin_checkout, then goes to the payment link with the stored campaign parameters', async () => {
    const context = await e2e.browser.newContext();
    const seen = await interceptPayment(context);
    const page = await context.newPage();
    const watch = watchPage(page);
    // Campaign parameters arrive on one page and are kept for the session.
    await page.goto(`${e2e.shop.url}/?utm_source=newsletter&utm_medium=email&utm_campaign=spring`);
    await page.goto(`${e2e.shop.url}/product/1`);
    await pageSettled(page);
    // Buy Now is a form and a small script, no island: the first press posts at once, begin_checkout first.
    expect(await page.locator('[data-island="BuyNow"]').count()).toBe(0);
    await page.getByRole('button', { name: /Buy Now/ }).click();
    await page.waitForURL('https://buy.stripe.com/**');
    expect(seen.urls).toEqual([
      `${paymentLinks['G-Series Laser Training Pistol']}?utm_source=newsletter&utm_medium=email&utm_campaign=spring`,
    ]);
    expect(await page.getByRole('heading', { name: 'Payment page' }).isVisible()).toBe(true);
    const checkout = (await pushesSeenBy(context)).filter((p) => p.event.event === 'begin_checkout');
    expect(checkout).toHaveLength(1);
    expect(checkout[0]!.at).toBeLessThanOrEqual(seen.at);
    expect(checkout[0]!.event).toMatchObject({
      ecommerce: { currency: 'USD', value: 189.99, items: [expect.objectContaining({ item_id: '1' })] },
      utm_source: 'newsletter',
    });
    expect(watch.problems).toEqual([]);
    await context.close();
  });

  it('shows it is working and ignores a second press', async () => {
    const context = await e2e.browser.newContext();
    const seen = await interceptPayment(context);
    const page = await context.newPage();
    await page.goto(`${e2e.shop.url}/product/2`);
    await pageSettled(page);
    const after = await page.evaluate(async () => {
      const button = document.querySelector<HTMLButtonElement>('form[action="/checkout/2"] button')!;
      // Two presses in one task: the first marks the form pending and disables the button, so the second does nothing.
      button.click();
      button.click();
      await new Promise<void>((resolve) => queueMicrotask(resolve));
      return { disabled: button.disabled, busy: button.getAttribute('aria-busy'), text: button.textContent };
    });
    expect(after).toEqual({ disabled: true, busy: 'true', text: 'Redirecting…' });
    await page.waitForURL('https://buy.stripe.com/**');
    expect(seen.urls).toEqual([paymentLinks['AR-Style Laser Training Rifle']]);
    expect((await pushesSeenBy(context)).filter((p) => p.event.event === 'begin_checkout')).toHaveLength(1);
    await context.close();
  });

  it('takes a double tap before anything has hydrated as one payment navigation and one begin_checkout', async () => {
    const context = await e2e.browser.newContext({ viewport: { width: 412, height: 823 }, hasTouch: true });
    const seen = await interceptPayment(context);
    const page = await context.newPage();
    const checkoutPosts: string[] = [];
    page.on('request', (r) => r.url().includes('/checkout/') && checkoutPosts.push(r.method()));
    await page.goto(`${e2e.shop.url}/product/1`, { waitUntil: 'domcontentloaded' });
    const buy = page.getByRole('button', { name: /Buy Now/ });
    await buy.dblclick();
    await page.waitForURL('https://buy.stripe.com/**');
    // With JavaScript the press goes to the payment link itself (the post is the fallback without it).
    expect(checkoutPosts).toEqual([]);
    expect(seen.urls).toEqual([paymentLinks['G-Series Laser Training Pistol']]);
    expect((await pushesSeenBy(context)).filter((p) => p.event.event === 'begin_checkout')).toHaveLength(1);
    await context.close();
  });

  it("uses the UK link for a UK visitor's card Buy, after begin_checkout", async () => {
    const context = await e2e.browser.newContext({ viewport: { width: 1280, height: 900 } });
    await context.addCookies([{ name: 'preferredCountry', value: 'UK', url: e2e.shop.url }]);
    const seen = await interceptPayment(context);
    const page = await context.newPage();
    const watch = watchPage(page);
    await page.goto(`${e2e.shop.url}/products?category=knives`);
    await hydrated(page, 'ProductBrowser');
    expect(await cards(page).first().textContent()).toContain('£');
    await page.getByRole('button', { name: 'Buy Now: Marking Edge Training Knife' }).click();
    await page.waitForURL('https://buy.stripe.com/**');
    expect(seen.urls).toEqual([ukPaymentLinks['Marking Edge Training Knife']]);
    const checkout = (await pushesSeenBy(context)).filter((p) => p.event.event === 'begin_checkout');
    expect(checkout.map((p) => p.event.ecommerce)).toEqual([expect.objectContaining({ value: 129.99, currency: 'USD' })]);
    expect(checkout[0]!.at).toBeLessThanOrEqual(seen.at);
    expect(watch.problems).toEqual([]);
    await context.close();
  });

  it('records select_item before opening a product from a card', async () => {
    const context = await e2e.browser.newContext({ viewport: { width: 1280, height: 900 } });
    await context.addInitScript(recordPushes);
    const page = await context.newPage();
    const watch = watchPage(page);
    await page.goto(`${e2e.shop.url}/products?category=rifles`);
    await hydrated(page, 'ProductBrowser');
    await page.getByRole('link', { name: 'Bolt-Action Laser Training Rifle' }).click();
    await page.waitForURL(/\/product\/5\/bolt-action-laser-training-rifle$/);
    // Only named events: consent mode pushes gtag-style argument lists too.
    const events = (await pushesSeenBy(context)).map((p) => p.event).filter((e) => typeof e.event === 'string');
    const selected = events.findIndex((e) => e.event === 'select_item');
    expect(events[selected]).toMatchObject({
      ecommerce: { item_list_id: 'rifles', items: [expect.objectContaining({ item_id: '5', index: 1 })] },
    });
    // The product page's own view comes after it.
    expect(events.slice(selected).map((e) => e.event)).toEqual(['select_item', 'page_view', 'view_item']);
    expectClean(watch);
    await context.close();
  });

  it('posts to the server and is redirected when JavaScript is off', async () => {
    const context = await e2e.browser.newContext({ javaScriptEnabled: false });
    const seen = await interceptPayment(context);
    const page = await context.newPage();
    await page.goto(`${e2e.shop.url}/product/3?utm_source=print`);
    await page.getByRole('button', { name: /Buy Now/ }).click();
    await page.waitForURL('https://buy.stripe.com/**');
    expect(seen.urls).toEqual([`${paymentLinks['Reactive Laser Target System']}?utm_source=print`]);
    await context.close();
  });
});

describe('thank-you in Chromium', () => {
  it('pushes the purchase once per session id, not again on reload', async () => {
    const page = await e2e.browser.newPage();
    const watch = watchPage(page);
    await page.goto(`${e2e.shop.url}/thank-you?product_id=1&session_id=cs_test_e2e_once`);
    const purchases = async () => (await dataLayer(page)).filter((e) => e.event === 'purchase');
    await expect.poll(async () => (await purchases()).length).toBe(1);
    expect((await purchases())[0]).toMatchObject({
      ecommerce: { transaction_id: 'cs_test_e2e_once', value: 189.99, tax: 0, shipping: 0, currency: 'USD' },
    });
    await pageSettled(page);
    await page.reload();
    await expect.poll(async () => (await dataLayer(page)).some((e) => e.event === 'page_view')).toBe(true);
    expect(await purchases()).toEqual([]);
    expectClean(watch);
    await page.close();
  });
});

describe('review widget in Chromium', () => {
  it('loads the third-party script only when its area nears the viewport', async () => {
    const page = await e2e.browser.newPage({ viewport: { width: 1280, height: 800 } });
    const watch = watchPage(page);
    const requested: string[] = [];
    await page.route('https://reviews.example.com/**', async (route) => {
      requested.push(route.request().url());
      await route.fulfill({
        contentType: 'text/javascript',
        body: "document.querySelector('[data-reviews-widget]').insertAdjacentHTML('beforeend', '<p>Widget says hello</p>');",
      });
    });
    await page.goto(`${e2e.shop.url}/`);
    await pageSettled(page);
    expect(requested).toEqual([]);
    await page.getByRole('heading', { name: 'What Our Customers Say' }).scrollIntoViewIfNeeded();
    await expect.poll(() => page.getByText('Widget says hello').isVisible()).toBe(true);
    expect(requested).toEqual([WIDGET]);
    expectClean(watch);
    await page.close();
  });
});

/** Whether the home page at this width requested the hero picture, and shows it. */
async function heroRequests(width: number) {
  const page = await e2e.browser.newPage({ viewport: { width, height: 900 } });
  const seen: string[] = [];
  page.on('request', (r) => seen.push(new URL(r.url()).pathname));
  await page.goto(`${e2e.shop.url}/`);
  await pageSettled(page);
  const visible = await page.getByAltText('G-Series Laser Training Pistol with its laser pulse').isVisible();
  await page.close();
  return { requested: seen.includes('/images/products/1-landscape.svg'), visible };
}

describe('shop pages in Chromium', () => {
  const pages = [
    '/',
    '/products',
    '/products?q=submarine',
    '/product/1',
    '/product/8',
    '/product/11',
    '/thank-you?product_id=1&session_id=cs_axe',
  ];

  it.each(pages)('%s has no serious or critical axe violations', async (path) => {
    const context = await e2e.browser.newContext({ viewport: { width: 1280, height: 900 } });
    const page = await context.newPage();
    await page.goto(`${e2e.shop.url}${path}`);
    await pageSettled(page);
    const axe = await axeReport(page);
    expect(axe.severe).toEqual([]);
    console.info(`axe ${path}: ${axe.all.length} violations (${axe.all.join(', ') || 'none'})`);
    await context.close();
  });

  it.each(['/', '/products?category=pistols&view=list', '/product/8'])(
    "%s hydrates every island without warnings on React's development build",
    async (path) => {
      const page = await e2e.browser.newPage({ viewport: { width: 1280, height: 900 } });
      const watch = watchPage(page);
      await page.goto(`${e2e.devShop.url}${path}`);
      await hydrateIslands(page);
      expectClean(watch);
      await page.close();
    },
  );

  it('downloads the hero picture on wide screens only', async () => {
    expect(await heroRequests(1280)).toEqual({ requested: true, visible: true });
    expect(await heroRequests(375)).toEqual({ requested: false, visible: false });
  });

  it('shows no layout shift on the list and the product page', async () => {
    const page = await e2e.browser.newPage({ viewport: { width: 1280, height: 900 } });
    for (const path of ['/', '/products', '/product/1']) {
      await page.goto(`${e2e.shop.url}${path}`);
      await pageSettled(page);
      expect(await layoutShift(page), path).toBeLessThan(0.01);
    }
    await page.close();
  });
});
