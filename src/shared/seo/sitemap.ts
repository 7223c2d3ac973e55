import { DIGEST } from '../editorial/posts';
import { absoluteUrl } from './tags';

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

const xmlEscape = (s: string) =>
  s.replace(/[<>&'"]/g, (c) => ({ '<': '&lt;', '>': '&gt;', '&': '&amp;', "'": '&apos;', '"': '&quot;' })[c]!);

/** A sitemaps.org urlset with absolute URLs. */
export function sitemapXml(siteUrl: string, entries: SitemapEntry[]): string {
  const urls = entries
    .map((e) => {
      const lastmod = e.lastmod ? `<lastmod>${xmlEscape(e.lastmod.slice(0, 10))}</lastmod>` : '';
      return `<url><loc>${xmlEscape(absoluteUrl(siteUrl, e.path))}</loc>${lastmod}</url>`;
    })
    .join('\n');
  return `<?xml version="1.0" encoding="UTF-8"?>\n<urlset xmlns="http://www.sitemaps.org/schemas/sitemap/0.9">\n${urls}\n</urlset>\n`;
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
    '',
    `Sitemap: ${absoluteUrl(siteUrl, '/sitemap.xml')}`,
    '',
  ].join('\n');
}
