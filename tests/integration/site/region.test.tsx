import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { RegionSelectorSlot } from '#worker/frame/region-selector-slot.tsx';
import { Price } from '#worker/components/price.tsx';
import { regionOf } from '../../support/html';
import { startTestApp, type TestApp } from '../../support/test-app';

/**
 * The first HTML's region on the Node runtime. The frame places the selector and the shop pages
 * render prices; this page puts both side by side so they can be checked against each other.
 */
const PAGE = '/__region';

let t: TestApp;
beforeAll(async () => {
  t = await startTestApp({
    env: { REVERSE_GEOCODE_URL: 'http://127.0.0.1:9/reverse-geocode-client', IP_LOOKUP_URL: 'https://ip.example/json/' },
    extend: (app) =>
      app.get(PAGE, (c) =>
        c.render(
          <>
            <RegionSelectorSlot placement="header" />
            <Price amounts={{ GBP: 149.99, EUR: 174.99, USD: 189.99 }} />
          </>,
          { title: 'Region', description: 'Region check.' },
        ),
      ),
  });
});
afterAll(() => t.close());

async function firstHtml(headers: Record<string, string> = {}) {
  const { res, html } = await t.get(PAGE, headers);
  return {
    res,
    html,
    ...regionOf(html),
    // Every selector on the page (this one, and the header's once the frame places it) shows the region.
    selected: [...new Set(html.match(/<option value="([A-Z]{2})" selected="">/g)?.map((o) => o.slice(15, 17)))],
    price: html.match(/<span data-prices="[^"]*">([^<]+)<\/span>/)?.[1],
  };
}

describe('first HTML currency on Node', () => {
  it('follows a saved UK cookie over the request country and language', async () => {
    const page = await firstHtml({ Cookie: 'preferredCountry=UK', 'CF-IPCountry': 'US', 'Accept-Language': 'de-DE' });
    expect(page).toMatchObject({ region: 'UK', source: 'cookie', selected: ['UK'], price: '£149.99' });
  });

  it('ignores a cookie that is not exactly UK, EU or US', async () => {
    for (const value of ['GB', 'uk', 'USD', '']) {
      const page = await firstHtml({ Cookie: `preferredCountry=${value}`, 'CF-IPCountry': 'US' });
      expect(page).toMatchObject({ region: 'US', source: 'country', selected: ['US'], price: '$189.99' });
    }
  });

  it.each([
    ['DE', 'EU', ['EU'], '€174.99'],
    ['GB', 'UK', ['UK'], '£149.99'],
    ['US', 'US', ['US'], '$189.99'],
    ['JP', 'EU', ['EU'], '€174.99'],
  ])('reads CF-IPCountry %s as %s', async (country, region, selected, price) => {
    const page = await firstHtml({ 'CF-IPCountry': country, 'Accept-Language': 'en-US' });
    expect(page).toMatchObject({ region, source: 'country', selected, price });
  });

  it('falls to the Accept-Language country when there is no request country', async () => {
    const page = await firstHtml({ 'Accept-Language': 'en-GB,en;q=0.9' });
    expect(page).toMatchObject({ region: 'UK', source: 'accept-language', selected: ['UK'], price: '£149.99' });
    const unknown = await firstHtml({ 'CF-IPCountry': 'XX', 'Accept-Language': 'en-US' });
    expect(unknown).toMatchObject({ region: 'US', source: 'accept-language' });
  });

  it('defaults to EU with nothing to go on', async () => {
    const page = await firstHtml();
    expect(page).toMatchObject({ region: 'EU', source: 'default', selected: ['EU'], price: '€174.99' });
  });

  it('hands the browser the request country and the detection settings', async () => {
    const { html } = await firstHtml({ 'CF-IPCountry': 'DE' });
    const config = html.match(/<script id="region-detection" type="application\/json">([^<]+)<\/script>/)?.[1];
    expect(JSON.parse(config!)).toEqual({
      country: 'DE',
      geolocation: true,
      reverseGeocodeUrl: 'http://127.0.0.1:9/reverse-geocode-client',
      ipLookupUrl: 'https://ip.example/json/',
    });
    expect(html).toMatch(/<label for="[^"]+" class="sr-only">Region<\/label>/);
  });
});

/** Every money amount in <main>: the shop pages' prices (server-rendered islands included). */
const mainPrices = (html: string) => html.slice(html.indexOf('<main'), html.indexOf('</main>')).match(/[£€$]\d[\d,]*\.\d{2}/g) ?? [];

describe('first HTML currency on the shop pages', () => {
  it.each([
    ['cookie UK', 'UK', '£', 'GBP', { Cookie: 'preferredCountry=UK', 'CF-IPCountry': 'US' }],
    ['CF-IPCountry DE', 'EU', '€', 'EUR', { 'CF-IPCountry': 'DE' }],
    ['CF-IPCountry GB', 'UK', '£', 'GBP', { 'CF-IPCountry': 'GB' }],
    ['CF-IPCountry US', 'US', '$', 'USD', { 'CF-IPCountry': 'US' }],
    ['CF-IPCountry JP', 'EU', '€', 'EUR', { 'CF-IPCountry': 'JP' }],
    ['Accept-Language en-GB', 'UK', '£', 'GBP', { 'Accept-Language': 'en-GB,en;q=0.9' }],
    ['nothing', 'EU', '€', 'EUR', {}],
  ])('%s: region %s, every price on the list and detail pages in %s (%s)', async (_case, region, symbol, currency, headers) => {
    for (const path of ['/products', '/product/1']) {
      const { html } = await t.get(path, headers);
      expect(html).toContain(`data-region="${region}"`);
      const prices = mainPrices(html);
      expect(prices.length).toBeGreaterThan(0);
      expect(new Set(prices.map((p) => p[0]))).toEqual(new Set([symbol]));
      if (path === '/product/1') expect(html).toContain(`<meta property="product:price:currency" content="${currency}"/>`);
    }
  });
});

/** Each island of the page and whether it is marked as following the region. */
async function following(path: string) {
  const { html } = await t.get(path);
  const markers = [...html.matchAll(/<div class="contents" data-island="(\w+)"[^>]*>/g)];
  return Object.fromEntries(markers.map((m) => [m[1], m[0].includes('data-follows-region=""')]));
}

describe('islands that follow the region', () => {
  it('mark themselves data-follows-region (a region change hydrates them at once); the others do not', async () => {
    expect(await following('/')).toMatchObject({ FeaturedProducts: true, DesktopNav: false });
    expect(await following('/products')).toMatchObject({ ProductBrowser: true });
    expect(await following('/product/1')).toMatchObject({ ProductPrice: true, ProductGallery: false });
    expect(await following('/cart')).toMatchObject({ CartView: true });
  });
});

describe('caching of region-dependent responses', () => {
  it('marks every HTML page private and varying on what decides the region', async () => {
    for (const path of [PAGE, '/no-such-page']) {
      const { res } = await t.get(path);
      expect(res.headers.get('cache-control')).toBe('private, no-cache');
      expect(res.headers.get('vary')).toContain('Cookie, CF-IPCountry, Accept-Language');
    }
  });

  it('leaves responses that do not show a region alone', async () => {
    const res = await fetch(`${t.url}/api/blog/posts`);
    await res.text();
    expect(res.headers.get('vary') ?? '').not.toContain('CF-IPCountry');
  });
});

describe('headers for browser detection', () => {
  it('lets the page call exactly the configured services and ask for its own position', async () => {
    const res = await fetch(`${t.url}${PAGE}`);
    await res.text();
    expect(res.headers.get('content-security-policy')).toContain("connect-src 'self' http://127.0.0.1:9 https://ip.example;");
    expect(res.headers.get('permissions-policy')).toContain('geolocation=(self)');
  });

  it('forbids geolocation and the reverse-geocoding call when the operator turned geolocation off', async () => {
    const off = await startTestApp({ env: { REGION_GEOLOCATION: 'off' } });
    try {
      const { res } = await off.get('/x');
      expect(res.headers.get('content-security-policy')).toContain("connect-src 'self' https://ipapi.co;");
      expect(res.headers.get('permissions-policy')).toContain('geolocation=()');
    } finally {
      await off.close();
    }
  });
});
