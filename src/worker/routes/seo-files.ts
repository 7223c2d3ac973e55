import { Hono } from 'hono';
import { robotsTxt, sitemapXml, staticSitemapPaths, type SitemapEntry } from '../../shared/sitemap';
import { articlePath } from '../../shared/blog';
import { productPath } from '../../shared/catalogue/names';
import { products } from '../../shared/catalogue/products';
import { listPostsForSitemap } from '../db/queries/blog';
import { readOr } from '../db/queries/read-or';
import type { AppEnv } from '../env';

/** /sitemap.xml (public pages, products, published articles with lastmod) and /robots.txt. */
export const seoFileRoutes = new Hono<AppEnv>()
  .get('/robots.txt', (c) => {
    c.header('Cache-Control', 'public, max-age=3600');
    return c.text(robotsTxt(c.get('deps').settings.SITE_URL));
  })
  .get('/sitemap.xml', async (c) => {
    const { db, settings } = c.get('deps');
    const posts = await readOr(c.get('log'), 'sitemap posts', [], () => listPostsForSitemap(db));
    const entries: SitemapEntry[] = [
      ...staticSitemapPaths.map((path) => ({ path })),
      ...products.map((p) => ({ path: productPath(p) })),
      ...posts.map((p) => ({ path: articlePath(p.slug), lastmod: p.updatedAt })),
    ];
    c.header('Content-Type', 'application/xml; charset=utf-8');
    c.header('Cache-Control', 'public, max-age=3600');
    return c.body(sitemapXml(settings.SITE_URL, entries));
  });
