import { describe, expect, it } from 'vitest';
import { robotsTxt, sitemapXml } from '#shared/seo/sitemap.ts';

describe('sitemap and robots', () => {
  it('lists absolute URLs with escaped characters and date-only lastmod', () => {
    const xml = sitemapXml('https://shop.example', [{ path: '/' }, { path: '/blog/a&b', lastmod: '2025-03-04T10:00:00.000Z' }]);
    expect(xml).toContain('<loc>https://shop.example/</loc>');
    expect(xml).toContain('<loc>https://shop.example/blog/a&amp;b</loc><lastmod>2025-03-04</lastmod>');
    expect(xml.startsWith('<?xml version="1.0" encoding="UTF-8"?>')).toBe(true);
  });

  it('points robots at the sitemap and keeps private pages out', () => {
    const txt = robotsTxt('https://shop.example');
    expect(txt).toContain('Sitemap: https://shop.example/sitemap.xml');
    expect(txt).toContain('Disallow: /thank-you');
    expect(txt).toContain('Disallow: /orders/');
    expect(txt).toContain('Disallow: /cart');
    expect(txt).toContain('Disallow: /stock-alerts/');
  });
});
