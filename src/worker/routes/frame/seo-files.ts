import type { Context } from 'hono';
import { productPath } from '#shared/catalogue/product.ts';
import { products } from '#shared/catalogue/products.ts';
import { articlePath } from '#shared/editorial/posts.ts';
import { robotsTxt, sitemapXml, staticSitemapPaths, type SitemapEntry } from '#shared/seo/sitemap.ts';
import type { AppEnv } from '#worker/app-context.ts';
import { postReads } from '#worker/db/queries/post-reads.ts';

/** /robots.txt. */
export function robots(c: Context<AppEnv>) {
  c.header('Cache-Control', 'public, max-age=3600');
  return c.text(robotsTxt(c.get('deps').settings.SITE_URL));
}

/** /sitemap.xml: public pages, products, published articles with lastmod. */
export async function sitemap(c: Context<AppEnv>) {
  const { db, settings } = c.get('deps');
  const [posts] = await c.get('reads').all([postReads(db).sitemap()] as const);
  const entries: SitemapEntry[] = [
    ...staticSitemapPaths.map((path) => ({ path })),
    ...products.map((p) => ({ path: productPath(p) })),
    ...posts.map((p) => ({ path: articlePath(p.slug), lastmod: p.updatedAt })),
  ];
  c.header('Content-Type', 'application/xml; charset=utf-8');
  c.header('Cache-Control', 'public, max-age=3600');
  return c.body(sitemapXml(settings.SITE_URL, entries));
}
