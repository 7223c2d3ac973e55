import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { jsonLdBlocks } from '../support/html';
import { startTestApp, type TestApp } from '../support/test-app';

let t: TestApp;
beforeAll(async () => {
  t = await startTestApp({ env: { SITE_URL: 'https://shop.example' } });
});
afterAll(() => t.close());

/** The fallback consent signals in the inline Consent Mode script. */
const consentFallback = (html: string) => JSON.parse(html.match(/\}\)\((\{.*?\})\);<\/script>/)![1]!).fallback;

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
    expect(html).toContain('Free Shipping in US, UK &amp; EU');
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
  it('lists public pages and published articles with lastmod, not drafts', async () => {
    const res = await fetch(`${t.url}/sitemap.xml`);
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

  it('lists only addresses that answer 200', async () => {
    const xml = await (await fetch(`${t.url}/sitemap.xml`)).text();
    const paths = [...xml.matchAll(/<loc>https:\/\/shop\.example([^<]*)<\/loc>/g)].map((m) => m[1]!);
    expect(paths.length).toBeGreaterThan(25);
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
