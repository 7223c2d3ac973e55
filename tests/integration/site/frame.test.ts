import { runInNewContext } from 'node:vm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { jsonLdBlocks } from '../../support/html';
import { startTestApp, type TestApp } from '../../support/test-app';

let t: TestApp;
beforeAll(async () => {
  t = await startTestApp({ env: { SITE_URL: 'https://shop.example' } });
});
afterAll(() => t.close());

/** The fallback consent signals in the inline Consent Mode script. */
const consentFallback = (html: string) => JSON.parse(html.match(/\}\)\((\{.*?\})\);<\/script>/)![1]!).fallback;

/**
 * The page's Consent Mode script run as a browser runs it (node:vm), with this cookie and storage:
 * the default it sets, and what it marks on <html>.
 */
function consentDefault(html: string, browser: { cookie?: string; stored?: string }) {
  const script = [...html.matchAll(/<script[^>]*>([^<]*gtag\('consent','default'[^<]*)<\/script>/g)][0]![1]!;
  const marked: Record<string, string> = {};
  const page: Record<string, unknown> & { dataLayer?: ArrayLike<unknown>[] } = {
    document: { cookie: browser.cookie ?? '', documentElement: { setAttribute: (n: string, v: string) => (marked[n] = v) } },
    localStorage: { getItem: () => browser.stored ?? null },
    history: { replaceState: () => undefined, state: null },
  };
  page.window = page;
  runInNewContext(script, page);
  const [, , signals] = Array.from(page.dataLayer![0]!) as [string, string, Record<string, string>];
  return { analytics: signals.analytics_storage, marked: marked['data-consent'] };
}

describe('frame on every page', () => {
  it('has the header navigation, footer lists, contact block, tagline and the current year', async () => {
    const { html } = await t.get('/missing');
    for (const href of [
      '/products?category=pistols',
      '/products?category=rifles',
      '/products?category=targets',
      '/about',
      '/training-gun-digest',
      '/guides',
      '/contact',
    ]) {
      expect(html).toContain(`href="${href}"`);
    }
    for (const href of [
      '/products?category=new',
      '/products?category=featured',
      '/cart',
      '/shipping-policy',
      '/returns',
      '/faq',
      '/privacy-policy',
      '/terms-of-service',
    ]) {
      expect(html).toContain(`href="${href}"`);
    }
    expect(html).toContain('Reply within 24 hours');
    expect(html).toContain('https://wa.me/');
    expect(html).toContain('Premium tactical laser training systems for military, law enforcement, and civilian shooters.');
    expect(html).toContain(`© <!-- -->${new Date().getUTCFullYear()}`);
    for (const label of ['Facebook', 'Instagram', 'YouTube', 'TikTok', 'LinkedIn', 'Google Maps'])
      expect(html).toMatch(new RegExp(`aria-label="[^"]*${label}[^"]*"`));
    expect(html).toContain('Free UK, EU &amp; US delivery over €175');
    // "Your orders" is in reach from every page, in every market: the footer, the menu and the header.
    for (const path of ['/', '/faq', '/gb', '/us/faq']) {
      const page = (await t.get(path)).html;
      const orders = path.startsWith('/us') ? '/us/orders' : path.startsWith('/gb') ? '/gb/orders' : '/orders';
      expect(page.match(new RegExp(`<a [^>]*href="${orders}"[^>]*>Your orders</a>`, 'g')), path).toHaveLength(2);
      expect(page, path).toMatch(new RegExp(`<a href="${orders}" aria-label="Your orders"`));
    }
    // The strip speaks each market's currency.
    for (const [market, over] of [
      ['gb', '£150'],
      ['eu', '€175'],
      ['us', '$200'],
    ])
      expect((await t.get(`/${market}/faq`)).html).toContain(`Free UK, EU &amp; US delivery over ${over}`);
  });

  it('renders SEO tags with absolute URLs and WebSite + Organization JSON-LD', async () => {
    const { html } = await t.get('/missing');
    expect(html).toContain('<meta property="og:image" content="https://shop.example/images/share-default.jpg"/>');
    expect(html).toContain('<meta name="twitter:card" content="summary_large_image"/>');
    expect(html).not.toContain('rel="canonical"'); // the not-found page is noindex
    const types = jsonLdBlocks(html).map((d) => d['@type']);
    expect(types).toEqual(expect.arrayContaining(['WebSite', 'Organization']));
  });

  it('sets Consent Mode defaults by region before anything else, with the nonce', async () => {
    const eu = (await t.get('/missing', { 'CF-IPCountry': 'DE' })).html;
    const us = (await t.get('/missing', { 'CF-IPCountry': 'US' })).html;
    expect(consentFallback(eu).analytics_storage).toBe('denied');
    expect(consentFallback(us).analytics_storage).toBe('granted');
    expect(eu).not.toContain('googletagmanager.com/gtm.js');
  });
});

/** Posts the consent form as a browser without JavaScript would (from the shop's own page). */
const postConsent = (body: Record<string, string>) =>
  fetch(`${t.url}/consent`, { method: 'POST', headers: { Origin: t.url }, body: new URLSearchParams(body), redirect: 'manual' });

/** The consent banner section, or undefined when the page has none. */
const bannerTag = (html: string) => html.match(/<section[^>]*data-consent-banner[^>]*>/)?.[0];

describe('consent banner without JavaScript', () => {
  it('is in the page for UK/EU visitors who have not chosen, hidden for US visitors and after a choice', async () => {
    expect(bannerTag((await t.get('/missing', { 'CF-IPCountry': 'DE' })).html)).not.toContain('hidden');
    expect(bannerTag((await t.get('/missing', { 'CF-IPCountry': 'GB' })).html)).not.toContain('hidden');
    expect(bannerTag((await t.get('/missing', { 'CF-IPCountry': 'US' })).html)).toContain('hidden');
    const chosen = (await t.get('/missing', { 'CF-IPCountry': 'DE', Cookie: 'consent=granted' })).html;
    expect(bannerTag(chosen)).toContain('hidden');
    expect(chosen).toContain('Current choice: accepted.');
    // The page's Consent Mode default follows the cookie, read by the page's own script (the page is the same for everyone).
    expect(consentDefault(chosen, { cookie: 'cart=1:1; consent=granted' })).toEqual({ analytics: 'granted', marked: 'granted' });
    expect(consentDefault(chosen, { cookie: 'consent=granted', stored: 'denied' })).toEqual({ analytics: 'denied', marked: 'denied' });
    expect(consentDefault(chosen, { cookie: 'xconsent=granted' })).toEqual({ analytics: 'denied', marked: undefined });
  });

  it('posts the choice to /consent, which stores it in a cookie and goes back to the page', async () => {
    const { html } = await t.get('/faq?x=1', { 'CF-IPCountry': 'DE' });
    const form = html.match(/<form[^>]*action="\/consent"[^>]*>/)?.[0];
    expect(form, html.slice(html.indexOf('data-consent-banner'), html.indexOf('data-consent-banner') + 600)).toContain('method="post"');
    expect(html).toContain('name="return" value="/faq?x=1"');
    const res = await postConsent({ choice: 'denied', return: '/faq?x=1' });
    expect(res.status).toBe(303);
    expect(res.headers.get('location')).toBe('/faq?x=1');
    expect(res.headers.get('set-cookie')).toMatch(/^consent=denied; Path=\/; Max-Age=31536000; SameSite=Lax/);
  });

  it('refuses anything but the two choices, and returns only to a path on this site', async () => {
    expect((await postConsent({ choice: 'maybe', return: '/' })).status).toBe(400);
    expect((await postConsent({ choice: 'granted', return: '//evil.example/x' })).headers.get('location')).toBe('/');
    expect((await postConsent({ choice: 'granted', return: 'https://evil.example/' })).headers.get('location')).toBe('/');
  });

  it('goes home, not off the site, from a page whose path a browser would read as another host (/%09/evil.com)', async () => {
    const { html } = await t.get('/%09/evil.example', { 'CF-IPCountry': 'DE' });
    const returned = html.match(/name="return" value="([^"]*)"/)?.[1];
    expect(returned).toBeDefined();
    const res = await postConsent({ choice: 'granted', return: returned!.replace(/&#x?9;|&#0?9;/, '\t') });
    expect(res.headers.get('location')).toBe('/');
    expect((await postConsent({ choice: 'granted', return: '/\t/evil.example' })).headers.get('location')).toBe('/');
  });
});

describe('links built from the path', () => {
  it('stay on the site for /us//evil.example: the region selector offers /gb/evil.example, never //evil.example', async () => {
    const { html } = await t.get('/us//evil.example');
    expect(html).not.toMatch(/href="\/\/evil/);
    expect(html).not.toMatch(/"\/\/evil\.example/);
  });
});

describe('island markers', () => {
  it("carry each island's hydration timing", async () => {
    const { html } = await t.get('/missing');
    const timings = Object.fromEntries([...html.matchAll(/data-island="(\w+)"[^>]*data-hydrate="(\w+)"/g)].map((m) => [m[1], m[2]]));
    // The frame's islands all wait for use: a page with no islands of its own loads no React at start.
    expect(timings).toEqual({ DesktopNav: 'interaction', Toaster: 'interaction' });
    // The mobile menu is no island: a native disclosure in the page, opening without any script.
    expect(html).toMatch(/<details class="mobile-menu-toggle[^"]*" data-menu=""><summary[^>]*aria-label="Menu"/);
    // The promo strip and the header's region selector are plain HTML run by the entry.
    expect(html).toContain('data-promo-strip');
    expect(html).toMatch(/<select id="[^"]+" data-region-select=""/);
  });
});

describe('Google Tag Manager', () => {
  it('loads only when GTM_ID is set, with the nonce, and the CSP allows it', async () => {
    const gtm = await startTestApp({ env: { GTM_ID: 'GTM-ABC123' } });
    try {
      const { res, html } = await gtm.get('/missing');
      const nonce = res.headers.get('content-security-policy')!.match(/'nonce-([^']+)'/)![1]!;
      expect(html).toMatch(
        new RegExp(`<script nonce="${nonce.replace(/[+/=]/g, '\\$&')}">[^<]*googletagmanager\\.com/gtm\\.js[^<]*"GTM-ABC123"`),
      );
      expect(res.headers.get('content-security-policy')).toContain('https://www.googletagmanager.com');
    } finally {
      await gtm.close();
    }
    const plain = await fetch(`${t.url}/missing`);
    expect(plain.headers.get('content-security-policy')).not.toContain('googletagmanager');
    await plain.text();
  });
});

describe('sitemap.xml and robots.txt', () => {
  it("is an index of the bare addresses' sitemap and each market's", async () => {
    const xml = await (await fetch(`${t.url}/sitemap.xml`)).text();
    expect(xml).toContain('<sitemapindex xmlns="http://www.sitemaps.org/schemas/sitemap/0.9">');
    expect([...xml.matchAll(/<loc>([^<]+)<\/loc>/g)].map((m) => m[1])).toEqual([
      'https://shop.example/sitemaps/default.xml',
      'https://shop.example/sitemaps/gb.xml',
      'https://shop.example/sitemaps/eu.xml',
      'https://shop.example/sitemaps/us.xml',
    ]);
  });

  it('lists public pages and published articles with lastmod, not drafts', async () => {
    const res = await fetch(`${t.url}/sitemaps/default.xml`);
    expect(res.headers.get('content-type')).toContain('application/xml');
    const xml = await res.text();
    expect(xml).toContain('<loc>https://shop.example/</loc>');
    expect(xml).toContain('<loc>https://shop.example/shipping-policy</loc>');
    expect(xml).toContain('<loc>https://shop.example/product/1/g-series-laser-training-pistol</loc>');
    expect(xml.match(/<loc>https:\/\/shop\.example\/product\//g)).toHaveLength(15);
    expect(xml).toMatch(
      /<loc>https:\/\/shop\.example\/training-gun-digest\/dry-fire-fundamentals<\/loc><lastmod>\d{4}-\d{2}-\d{2}<\/lastmod>/,
    );
    expect(xml).not.toContain('draft-winter-training-plan');
    expect(xml).not.toContain('/thank-you');
  });

  it('lists only addresses that answer 200, in every version', async () => {
    const xml = (
      await Promise.all(['default', 'gb', 'eu', 'us'].map(async (name) => (await fetch(`${t.url}/sitemaps/${name}.xml`)).text()))
    ).join('');
    const paths = [...xml.matchAll(/<loc>https:\/\/shop\.example([^<]*)<\/loc>/g)].map((m) => m[1]!);
    expect(paths.length).toBeGreaterThan(100);
    for (const path of paths) {
      const { res } = await t.get(path);
      expect(`${path} ${res.status}`).toBe(`${path} 200`);
    }
  });

  it('robots.txt points to the sitemap', async () => {
    const txt = await (await fetch(`${t.url}/robots.txt`)).text();
    expect(txt).toContain('Sitemap: https://shop.example/sitemap.xml');
  });
});
