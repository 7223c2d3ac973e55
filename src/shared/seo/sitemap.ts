import { DIGEST } from '#shared/site/navigation.ts';
import { escapeHtml } from '#shared/site/html-escape.ts';
import { alternateLinks, marketHref, markets, type Market } from '#shared/market/market.ts';
import { absoluteUrl } from './tags.ts';

export interface SitemapEntry {
  path: string;
  /** ISO date or date-time of the last change. */
  lastmod?: string;
}

/**
 * Public pages that are not products or articles (the site's routes less /cart, /thank-you and /404).
 * A sitemap must not list addresses that answer 404, so a page joins when it is built.
 */
export const staticSitemapPaths = [
  '/',
  '/products',
  '/about',
  '/contact',
  '/faq',
  '/privacy-policy',
  '/terms-of-service',
  '/shipping-policy',
  '/returns',
  DIGEST.path,
  '/guides',
] as const;

/** The sitemaps the index lists: the bare (adaptive) addresses, then each market's. */
export const sitemapNames = ['default', ...markets] as const;
export type SitemapName = (typeof sitemapNames)[number];

export function sitemapPath(name: SitemapName): string {
  return `/sitemaps/${name}.xml`;
}

/** /sitemap.xml: a sitemaps.org index of one sitemap per version of the site. */
export function sitemapIndexXml(siteUrl: string, lastmod?: string): string {
  const when = lastmod ? `<lastmod>${escapeHtml(lastmod.slice(0, 10))}</lastmod>` : '';
  const items = sitemapNames.map((name) => `<sitemap><loc>${escapeHtml(absoluteUrl(siteUrl, sitemapPath(name)))}</loc>${when}</sitemap>`);
  return `<?xml version="1.0" encoding="UTF-8"?>\n<sitemapindex xmlns="http://www.sitemaps.org/schemas/sitemap/0.9">\n${items.join('\n')}\n</sitemapindex>\n`;
}

/**
 * One version's urlset (`market` null: the bare addresses): absolute URLs, each with the
 * xhtml:link alternates of every version, itself included, as Google reads hreflang from sitemaps.
 */
export function sitemapXml(siteUrl: string, entries: SitemapEntry[], market: Market | null = null): string {
  const urls = entries
    .map((e) => {
      const lastmod = e.lastmod ? `<lastmod>${escapeHtml(e.lastmod.slice(0, 10))}</lastmod>` : '';
      const alternates = alternateLinks(e.path, siteUrl)
        .map((l) => `<xhtml:link rel="alternate" hreflang="${l.hreflang}" href="${escapeHtml(l.href)}"/>`)
        .join('');
      return `<url><loc>${escapeHtml(absoluteUrl(siteUrl, marketHref(market, e.path)))}</loc>${lastmod}${alternates}</url>`;
    })
    .join('\n');
  return `<?xml version="1.0" encoding="UTF-8"?>\n<urlset xmlns="http://www.sitemaps.org/schemas/sitemap/0.9" xmlns:xhtml="http://www.w3.org/1999/xhtml">\n${urls}\n</urlset>\n`;
}

export function robotsTxt(siteUrl: string): string {
  return [
    'User-agent: *',
    'Allow: /',
    'Disallow: /cart',
    'Disallow: /thank-you',
    'Disallow: /orders/',
    'Disallow: /api/',
    'Disallow: /checkout/',
    'Disallow: /stock-alerts/',
    'Disallow: /admin',
    // Discount links, bare and under a market: redirects that keep a code, nothing to index.
    'Disallow: /discount/',
    'Disallow: /*/discount/',
    '',
    `Sitemap: ${absoluteUrl(siteUrl, '/sitemap.xml')}`,
    '',
  ].join('\n');
}
