import type { BrowserContext, BrowserContextOptions, Page } from 'playwright-core';
import { beforeAll, beforeEach, describe, expect, it } from 'vitest';
import { watchPage, type PageWatch } from '../../support/browser';
import { useBrowserAndShop } from '../../support/e2e';
import type { GeoEmulator } from '../../support/geo-emulator';

/** Pages that show prices: home (featured), list, detail, and an article's product block. */
const PRICE_PAGES = ['/', '/products', '/product/1', '/blog/dry-fire-fundamentals'];
const SYMBOL = { UK: '£', EU: '€', US: '$' } as const;
/** Detection waits for the island's code and the services; this machine has two cores. */
const SETTLE = { timeout: 10_000 };
type Region = keyof typeof SYMBOL;

const e2e = useBrowserAndShop();
let geo: GeoEmulator;

beforeAll(() => {
  geo = e2e.shop.geo;
});
/** By default the reverse-geocoder says GB and the IP lookup US, so each source is told apart. */
beforeEach(() => {
  geo.requests.length = 0;
  geo.answers.reverse = { status: 200, body: { countryCode: 'GB', countryName: 'United Kingdom' } };
  geo.answers.ip = { status: 200, body: { country_code: 'US', country_name: 'United States' } };
});

/**
 * Before every frame is painted, compares the currency of every price in <main> with the region
 * the header's selector shows, from the first frame the selector exists in.
 */
function watchPaints() {
  const symbols: Record<string, string> = { UK: '£', EU: '€', US: '$' };
  const state = { frames: 0, mismatches: [] as string[] };
  (window as unknown as { regionPaints: typeof state }).regionPaints = state;
  const check = () => {
    const select = document.querySelector<HTMLSelectElement>('select[data-region-select]');
    const main = document.querySelector<HTMLElement>('main');
    if (select && main) {
      state.frames++;
      for (const symbol of new Set(main.innerText.match(/[£€$](?=\d)/g))) {
        if (symbol !== symbols[select.value]) state.mismatches.push(`selector ${select.value}, price in ${symbol}`);
      }
    }
    requestAnimationFrame(check);
  };
  requestAnimationFrame(check);
}

interface Visit {
  context: BrowserContext;
  page: Page;
  watch: PageWatch;
}

/** A visitor; `country` is what the edge (Cloudflare's CF-IPCountry) says, on requests to the shop only. */
async function open({ country, ...options }: BrowserContextOptions & { country?: string } = {}): Promise<Visit> {
  const context = await e2e.browser.newContext({ viewport: { width: 1280, height: 900 }, ...options });
  if (country) {
    await context.route(`${e2e.shop.url}/**`, (route) =>
      route.continue({ headers: { ...route.request().headers(), 'cf-ipcountry': country } }),
    );
  }
  await context.addInitScript(watchPaints);
  const page = await context.newPage();
  return { context, page, watch: watchPage(page) };
}

const region = (page: Page) => page.evaluate(() => document.documentElement.dataset.region);
const source = (page: Page) => page.evaluate(() => document.documentElement.dataset.regionSource);
const selector = (page: Page) => page.getByRole('combobox', { name: 'Region' });
/** Every price text on the page, server-rendered ([data-prices]) or not. */
const priceTexts = (page: Page) =>
  page.evaluate(() => document.querySelector<HTMLElement>('main')!.innerText.match(/[£€$]\d[\d,]*\.\d{2}/g) ?? []);

async function expectPricesIn(page: Page, expected: Region) {
  await expect.poll(async () => new Set((await priceTexts(page)).map((p) => p[0])), SETTLE).toEqual(new Set([SYMBOL[expected]]));
  // Server-rendered prices outside islands carry data-prices; islands render theirs from the store.
  for (const text of await page.locator('[data-prices]').allTextContents())
    expect(text).toMatch(new RegExp(`^\\${SYMBOL[expected]}\\d[\\d,]*\\.\\d{2}$`));
  expect(await selector(page).inputValue()).toBe(expected);
  expect(await region(page)).toBe(expected);
}

async function expectNoMismatchedPaint(page: Page) {
  const paints = await page.evaluate(() => (window as unknown as { regionPaints: { frames: number; mismatches: string[] } }).regionPaints);
  expect(paints.frames).toBeGreaterThan(0);
  expect(paints.mismatches).toEqual([]);
}

const cookieValue = async (context: BrowserContext) => (await context.cookies()).find((c) => c.name === 'preferredCountry')?.value;

describe('choosing a region', () => {
  it.each(PRICE_PAGES)('updates every price on %s in place, saves the choice, and never paints a stale currency', async (path) => {
    const { context, page, watch } = await open({ country: 'DE' });
    await page.goto(`${e2e.shop.url}${path}`);
    // Detection has run (geolocation not granted, so the edge's DE decides): the island is live.
    await expect.poll(() => source(page), SETTLE).toBe('ip_geolocation');
    await expectPricesIn(page, 'EU');
    await page.evaluate(() => ((window as unknown as { sameDocument: boolean }).sameDocument = true));

    await selector(page).selectOption('US');
    await expectPricesIn(page, 'US');
    await selector(page).selectOption('UK');
    await expectPricesIn(page, 'UK');

    expect(await page.evaluate(() => (window as unknown as { sameDocument?: boolean }).sameDocument)).toBe(true);
    expect(await page.evaluate(() => localStorage.getItem('preferredCountry'))).toBe('UK');
    expect(await cookieValue(context)).toBe('UK');
    await expectNoMismatchedPaint(page);
    expect(watch.problems).toEqual([]);
    await context.close();
  });

  it('keeps the header and mobile-menu selectors in step', async () => {
    const { context, page, watch } = await open({ viewport: { width: 390, height: 844 }, country: 'US' });
    await page.goto(`${e2e.shop.url}/products`);
    await expect.poll(() => source(page), SETTLE).toBe('ip_geolocation');
    const toggle = page.locator('summary[data-menu-open]');
    await toggle.click();
    const menu = page.locator('#mobile-menu');
    await expect.poll(() => menu.getByRole('combobox', { name: 'Region' }).inputValue(), SETTLE).toBe('US');
    await menu.getByRole('combobox', { name: 'Region' }).selectOption('UK');
    // The switch waits for the list island to hydrate (on /products it hydrates on use or on a region
    // change), so that every price and both selectors change in one frame.
    await expect.poll(() => page.locator('header select[data-region-select]').first().inputValue(), SETTLE).toBe('UK');
    await toggle.click();
    await expect.poll(async () => (await priceTexts(page)).every((p) => p.startsWith('£')), SETTLE).toBe(true);
    await toggle.click();
    expect(await menu.getByRole('combobox', { name: 'Region' }).inputValue()).toBe('UK');
    await expectNoMismatchedPaint(page);
    expect(watch.problems).toEqual([]);
    await context.close();
  });

  it('logs any value but UK, EU or US as invalid and ignores it', async () => {
    const { context, page, watch } = await open({ country: 'GB' });
    await page.goto(`${e2e.shop.url}/products`);
    await expect.poll(() => source(page), SETTLE).toBe('ip_geolocation');
    await selector(page).evaluate((el) => el.append(new Option('Mars', 'MARS')));
    await selector(page).selectOption('MARS');
    expect(watch.problems).toEqual(['warning: Ignoring invalid region: MARS']);
    expect(await region(page)).toBe('UK');
    await expectPricesIn(page, 'UK');
    expect(await page.evaluate(() => localStorage.getItem('preferredCountry'))).toBeNull();
    expect(await cookieValue(context)).toBeUndefined();
    await context.close();
  });

  it('logs and ignores blocked localStorage, still applying the choice and saving it in the cookie', async () => {
    const { context, page, watch } = await open({ country: 'US' });
    // What Chromium does when the visitor blocks site data: touching localStorage throws.
    await context.addInitScript(() =>
      Object.defineProperty(window, 'localStorage', {
        get() {
          throw new DOMException('Access is denied for this document.', 'SecurityError');
        },
      }),
    );
    await page.goto(`${e2e.shop.url}/products`);
    await expect.poll(() => source(page), SETTLE).toBe('ip_geolocation');
    await selector(page).selectOption('EU');
    await expectPricesIn(page, 'EU');
    expect(await cookieValue(context)).toBe('EU');
    expect(watch.problems.filter((p) => p.includes('pageerror'))).toEqual([]);
    expect(watch.problems.filter((p) => p.includes('region'))).toEqual([
      expect.stringMatching(/^warning: Could not read the saved region from localStorage/),
      expect.stringMatching(/^warning: Could not save the region in localStorage/),
    ]);
    await context.close();
  });
});

describe('a saved preference', () => {
  it('wins over geolocation and the request country on the next visit, server-side too', async () => {
    const { context, page, watch } = await open({
      country: 'US',
      permissions: ['geolocation'],
      geolocation: { latitude: 51.5074, longitude: -0.1278 },
    });
    await page.goto(`${e2e.shop.url}/product/1`);
    await expect.poll(() => source(page), SETTLE).toBe('browser_geolocation');
    await expectPricesIn(page, 'UK');
    await selector(page).selectOption('EU');
    const calls = geo.requests.length;

    const reloaded = await page.reload();
    expect(await reloaded!.text()).toContain('data-region="EU" data-region-source="cookie"');
    await expectPricesIn(page, 'EU');
    await page.goto(`${e2e.shop.url}/products`);
    await expectPricesIn(page, 'EU');
    expect(await source(page)).toBe('cookie');
    expect(geo.requests).toHaveLength(calls); // no detection for a visitor who chose
    await expectNoMismatchedPaint(page);
    expect(watch.problems).toEqual([]);
    await context.close();
  });

  it('in localStorage alone still wins, and puts the cookie back', async () => {
    const { context, page } = await open({ country: 'DE' });
    await context.addInitScript(() => localStorage.setItem('preferredCountry', 'US'));
    await page.goto(`${e2e.shop.url}/products`);
    await expectPricesIn(page, 'US');
    expect(await source(page)).toBe('localStorage');
    expect(await cookieValue(context)).toBe('US');
    expect(geo.requests).toEqual([]);
    await expectNoMismatchedPaint(page);
    await context.close();
  });
});

describe('detection in the browser', () => {
  it('switches to the geolocated region, showing a spinner meanwhile', async () => {
    geo.answers.reverse = { status: 200, body: { countryCode: 'GB' }, delayMs: 800 };
    const { context, page, watch } = await open({
      country: 'DE',
      permissions: ['geolocation'],
      geolocation: { latitude: 51.5074, longitude: -0.1278 },
    });
    await page.goto(`${e2e.shop.url}/product/1`);
    await page.getByRole('status').filter({ hasText: 'Detecting your region' }).first().waitFor();
    expect(await selector(page).inputValue()).toBe('EU');
    await expect.poll(() => source(page), SETTLE).toBe('browser_geolocation');
    await expectPricesIn(page, 'UK');
    // The spinner stays in the page (hidden by CSS once detection is over), so no island has to render it.
    expect(await page.getByText('Detecting your region').first().isVisible()).toBe(false);
    const [call] = geo.calls('/data/reverse-geocode-client');
    expect(Object.fromEntries(call!.searchParams)).toEqual({ latitude: '51.5074', longitude: '-0.1278', localityLanguage: 'en' });
    expect(geo.calls('/json/')).toEqual([]);
    // Detection does not save: the choice stays the visitor's to make.
    expect(await cookieValue(context)).toBeUndefined();
    await expectNoMismatchedPaint(page);
    expect(watch.problems).toEqual([]);
    await context.close();
  });

  it('falls through denied geolocation to the IP lookup when the edge gave no country', async () => {
    geo.answers.ip = { status: 200, body: { country_code: 'GB' } };
    const { context, page, watch } = await open({ locale: 'en-US' });
    const response = await page.goto(`${e2e.shop.url}/`);
    // The server guessed from Accept-Language (read from its HTML: detection may be over by the load event).
    expect(await response!.text()).toContain('data-region-source="accept-language"');
    await expect.poll(() => source(page), SETTLE).toBe('ip_geolocation');
    await expectPricesIn(page, 'UK');
    expect(geo.calls('/data/reverse-geocode-client')).toEqual([]);
    expect(geo.calls('/json/')).toHaveLength(1);
    await expectNoMismatchedPaint(page);
    expect(watch.problems).toEqual([]);
    await context.close();
  });

  it('falls through a failing reverse-geocode to the edge country, without an IP lookup', async () => {
    geo.answers.reverse = { status: 500, body: { error: 'down' } };
    const { context, page, watch } = await open({
      country: 'GB',
      permissions: ['geolocation'],
      geolocation: { latitude: 48.85, longitude: 2.35 },
    });
    await page.goto(`${e2e.shop.url}/products`);
    await expect.poll(() => source(page), SETTLE).toBe('ip_geolocation');
    await expectPricesIn(page, 'UK');
    expect(geo.calls('/data/reverse-geocode-client')).toHaveLength(1);
    expect(geo.calls('/json/')).toEqual([]);
    expect(watch.problems).toEqual([]);
    await context.close();
  });

  it('falls through a failing IP lookup to the browser language', async () => {
    geo.answers.ip = { status: 429, body: { error: true, reason: 'RateLimited' } };
    const { context, page, watch } = await open({ locale: 'en-GB', extraHTTPHeaders: { 'Accept-Language': 'fr' } });
    await page.goto(`${e2e.shop.url}/products`);
    expect(await page.evaluate(() => navigator.language)).toBe('en-GB');
    await expect.poll(() => source(page), SETTLE).toBe('browser_language');
    await expectPricesIn(page, 'UK');
    await expectNoMismatchedPaint(page);
    expect(watch.problems).toEqual([]);
    await context.close();
  });
});
