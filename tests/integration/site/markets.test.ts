import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { displayPrice } from '#shared/catalogue/prices.ts';

import { DIGEST } from '#shared/site/navigation.ts';
import { regionOfMarket, type Market } from '#shared/market/market.ts';
import { formatMoney } from '#shared/money.ts';
import { currencyByRegion } from '#shared/region/region.ts';
import { BROWSER_UA, GOOGLEBOT_UA, jsonLdBlocks, mainOf, textOf } from '../../support/html';
import { startStripeEmulator, type StripeEmulator } from '../../support/stripe-emulator';
import { startTestApp, type TestApp } from '../../support/test-app';
import { productById } from '../../support/catalogue';

/** /gb, /eu and /us on the Node runtime over HTTP: each market's pages in its currency, linked with hreflang. */
let t: TestApp;
let stripe: StripeEmulator;
beforeAll(async () => {
  stripe = await startStripeEmulator();
  t = await startTestApp({ env: { SITE_URL: 'https://shop.example', ...stripe.env } });
});
afterAll(() => Promise.all([t.close(), stripe.close()]));

const SITE = 'https://shop.example';
const PRODUCT = '/product/1/g-series-laser-training-pistol';
const SAMPLE = [
  '/',
  '/products',
  '/products?category=pistols',
  PRODUCT,
  DIGEST.path,
  `${DIGEST.path}/dry-fire-fundamentals`,
  '/guides',
  '/about',
  '/shipping-policy',
  '/contact',
];
const MARKETS: Market[] = ['gb', 'eu', 'us'];
const prefixed = (market: Market, path: string) => (path === '/' ? `/${market}` : `/${market}${path}`);

const canonicalOf = (html: string) => html.match(/<link rel="canonical" href="([^"]+)"/)?.[1];
const alternatesOf = (html: string) =>
  [...html.matchAll(/<link rel="alternate" hrefLang="([^"]+)" href="([^"]+)"/g)].map((m) => ({ hreflang: m[1]!, href: m[2]! }));
/** Every link and form target in the page's body that is a path on this site (the selector's links to other markets aside). */
const sitePaths = (html: string) =>
  [...html.slice(html.indexOf('<body')).matchAll(/<(?:a|form)\s[^>]*>/g)]
    .map((m) => m[0])
    .filter((tag) => !tag.includes('data-market-link'))
    .flatMap((tag) => [...tag.matchAll(/\s(?:href|action)="(\/[^"]*)"/g)].map((m) => m[1]!))
    .filter((p) => !p.startsWith('//'));

describe('market pages', () => {
  it('answer 200 for a sample of pages in every market, canonical to themselves, with reciprocal absolute alternates', async () => {
    for (const market of MARKETS) {
      for (const path of SAMPLE) {
        const address = prefixed(market, path);
        const { res, html } = await t.crawl(address);
        expect(`${address} ${res.status}`).toBe(`${address} 200`);
        expect(canonicalOf(html), address).toBe(`${SITE}${address}`);
        const alternates = alternatesOf(html);
        expect(alternates.map((a) => a.hreflang)).toEqual(['en-GB', 'en', 'en-US', 'x-default']);
        expect(alternates.every((a) => a.href.startsWith(`${SITE}/`))).toBe(true);
        // Itself among them, and the bare page's set is the same one (reciprocal).
        expect(alternates.map((a) => a.href)).toContain(`${SITE}${address}`);
        const bare = await t.crawl(path);
        expect(alternatesOf(bare.html), path).toEqual(alternates);
      }
    }
  });

  it("show the market's currency in the visible price and the one offer of the structured data, whoever asks", async () => {
    const product = productById(1)!;
    for (const market of MARKETS) {
      const currency = currencyByRegion[regionOfMarket[market]];
      // A visitor from elsewhere, with another saved choice: the address decides.
      const { html } = await t.get(prefixed(market, PRODUCT), {
        'CF-IPCountry': market === 'us' ? 'DE' : 'US',
        Cookie: `preferredCountry=${market === 'gb' ? 'US' : 'UK'}`,
      });
      const price = formatMoney(displayPrice(product, currency), currency);
      expect(textOf(mainOf(html))).toContain(price);
      const offers = jsonLdBlocks(html).find((b) => b['@type'] === 'Product')!.offers as Array<Record<string, string>>;
      expect(offers).toHaveLength(1);
      expect(offers[0]).toMatchObject({
        priceCurrency: currency,
        price: displayPrice(product, currency).toFixed(2),
        url: `${SITE}${prefixed(market, PRODUCT)}`,
      });
      expect(html).toContain(`data-market="${market}"`);
    }
  });

  it('keep every internal link and form in the market', async () => {
    for (const path of ['/', '/products', PRODUCT, `${DIGEST.path}/dry-fire-fundamentals`, '/guides', '/contact']) {
      const { html } = await t.get(prefixed('gb', path), { Cookie: 'cart=1:1' });
      // The consent banner posts to the one /consent, carrying the page (with its market) to return to.
      const outside = sitePaths(html).filter((p) => !/^\/gb(\/|\?|$)/.test(p) && p !== '/consent');
      expect(outside, path).toEqual([]);
      expect(html).toContain(`name="return" value="${prefixed('gb', path)}"`);
    }
  });

  it('the region selector is links to the same page in each market', async () => {
    const { html } = await t.get(prefixed('eu', PRODUCT));
    const links = [...html.matchAll(/<a href="([^"]+)" hrefLang="[^"]+" data-market-link="(\w+)"/g)].map((m) => [m[2], m[1]]);
    expect(links.slice(0, 3)).toEqual([
      ['UK', prefixed('gb', PRODUCT)],
      ['EU', prefixed('eu', PRODUCT)],
      ['US', prefixed('us', PRODUCT)],
    ]);
  });

  it('/gb alone is the market home, /gb/ goes there, and an unknown prefix or page is a 404', async () => {
    const home = await t.get('/gb');
    expect(home.res.status).toBe(200);
    expect(canonicalOf(home.html)).toBe(`${SITE}/gb`);
    const slash = await t.get('/gb/');
    expect(slash.res.status).toBe(301);
    expect(slash.res.headers.get('location')).toBe('/gb');
    for (const path of ['/fr', '/fr/products', '/gb/nothing-here', '/GB/products']) {
      expect((await t.get(path)).res.status, path).toBe(404);
    }
  });
});

describe('the bare pages', () => {
  it('stay adaptive and keep their canonical; Googlebot from a US address gets dollars with the same alternates', async () => {
    const bot = await t.crawl(PRODUCT, { 'User-Agent': GOOGLEBOT_UA, 'CF-IPCountry': 'US' });
    expect(canonicalOf(bot.html)).toBe(`${SITE}${PRODUCT}`);
    expect(textOf(mainOf(bot.html))).toContain(formatMoney(displayPrice(productById(1)!, 'USD'), 'USD'));
    expect(alternatesOf(bot.html)).toEqual(alternatesOf((await t.crawl(prefixed('gb', PRODUCT))).html));
    // Without a country the spec's default region stays EU.
    const nowhere = await t.crawl(PRODUCT);
    expect(nowhere.html).toContain('data-region="EU"');
    expect(nowhere.html).not.toContain('data-market=');
    // Pages that must not be indexed name no alternates.
    expect(alternatesOf((await t.get('/cart', { 'User-Agent': BROWSER_UA })).html)).toEqual([]);
  });
});

describe('sitemaps', () => {
  it('an index of four, each URL with its alternates', async () => {
    const index = await (await fetch(`${t.url}/sitemap.xml`)).text();
    expect(index).toContain(`<loc>${SITE}/sitemaps/gb.xml</loc>`);
    const gb = await (await fetch(`${t.url}/sitemaps/gb.xml`)).text();
    expect(gb).toContain('xmlns:xhtml="http://www.w3.org/1999/xhtml"');
    const entry = gb.match(new RegExp(`<url><loc>${SITE}/gb${PRODUCT}</loc>.*?</url>`))?.[0];
    expect(entry).toBeDefined();
    expect([...entry!.matchAll(/<xhtml:link rel="alternate" hreflang="([^"]+)" href="([^"]+)"\/>/g)].map((m) => [m[1], m[2]])).toEqual([
      ['en-GB', `${SITE}/gb${PRODUCT}`],
      ['en', `${SITE}/eu${PRODUCT}`],
      ['en-US', `${SITE}/us${PRODUCT}`],
      ['x-default', `${SITE}${PRODUCT}`],
    ]);
    expect(gb.match(/<url>/g)!.length).toBe((await (await fetch(`${t.url}/sitemaps/default.xml`)).text()).match(/<url>/g)!.length);
    expect((await fetch(`${t.url}/sitemaps/fr.xml`)).status).toBe(404);
  });
});

describe('one cart across markets', () => {
  it("is repriced in the market it is shown in and checks out in that market's currency", async () => {
    const headers = { 'User-Agent': BROWSER_UA, Origin: t.url, 'CF-IPCountry': 'US' };
    const added = await fetch(`${t.url}/gb/cart/add`, {
      method: 'POST',
      headers,
      body: new URLSearchParams({ product_id: '1', quantity: '2' }),
      redirect: 'manual',
    });
    expect(added.status).toBe(303);
    expect(added.headers.get('location')).toBe('/gb/cart');
    const cookie = added.headers
      .getSetCookie()
      .find((c) => c.startsWith('cart='))!
      .split(';')[0]!;
    await fetch(`${t.url}/cart/add`, {
      method: 'POST',
      headers: { ...headers, Cookie: cookie },
      body: new URLSearchParams({ product_id: '3' }),
      redirect: 'manual',
    }).then(async (r) => {
      expect(r.status).toBe(303);
    });
    const both = 'cart=' + encodeURIComponent('1:2|3:1');
    const eu = await t.get('/eu/cart', { Cookie: both });
    expect(textOf(mainOf(eu.html))).toContain(formatMoney(displayPrice(productById(1)!, 'EUR') * 2, 'EUR'));
    const checkout = await fetch(`${t.url}/eu/cart/checkout`, {
      method: 'POST',
      headers: { ...headers, Cookie: both },
      body: new URLSearchParams({ attempt: 'markets-1' }),
      redirect: 'manual',
    });
    expect(checkout.status).toBe(303);
    const sent = stripe.received.at(-1)!.fields;
    expect(sent['line_items[0][price_data][currency]']).toBe('eur');
    expect(sent.success_url).toBe(`${SITE}/eu/thank-you?session_id={CHECKOUT_SESSION_ID}`);
    expect(sent.cancel_url).toBe(`${SITE}/eu/cart`);
  });
});
