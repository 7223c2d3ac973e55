import type { Context } from 'hono';
import { productPath } from '#shared/catalogue/product.ts';
import { catalogueRead } from '#worker/catalogue/catalogue-reads.ts';
import { articlePath } from '#shared/editorial/posts.ts';
import type { Market } from '#shared/market/market.ts';
import {
  robotsTxt,
  sitemapIndexXml,
  sitemapNames,
  sitemapXml,
  staticSitemapPaths,
  type SitemapEntry,
  type SitemapName,
} from '#shared/seo/sitemap.ts';
import type { AppEnv } from '#worker/middleware/app-context.ts';
import { postReads } from '#worker/posts/post-reads.ts';

/** /robots.txt. */
export function robots(c: Context<AppEnv>) {
  c.header('Cache-Control', 'public, max-age=3600');
  return c.text(robotsTxt(c.get('deps').settings.SITE_URL));
}

const xml = (c: Context<AppEnv>, body: string) => {
  c.header('Content-Type', 'application/xml; charset=utf-8');
  c.header('Cache-Control', 'public, max-age=3600');
  return c.body(body);
};

/** /sitemap.xml: the index of the bare addresses' sitemap and each market's. */
export function sitemapIndex(c: Context<AppEnv>) {
  return xml(c, sitemapIndexXml(c.get('deps').settings.SITE_URL));
}

/** /sitemaps/default.xml and one per market (/sitemaps/gb.xml …): public pages, products, published articles with lastmod, in one version of the site. */
export async function sitemap(c: Context<AppEnv>) {
  const name = c.req.param('name')?.replace(/\.xml$/, '');
  if (!sitemapNames.includes(name as SitemapName)) return c.notFound();
  const { db, settings } = c.get('deps');
  const [posts, products] = await c.get('reads').all([postReads(db).sitemap(), catalogueRead(db)] as const);
  const entries: SitemapEntry[] = [
    ...staticSitemapPaths.map((path) => ({ path })),
    ...(products ?? []).map((p) => ({ path: productPath(p) })),
    ...posts.map((p) => ({ path: articlePath(p.slug), lastmod: p.updatedAt })),
  ];
  return xml(c, sitemapXml(settings.SITE_URL, entries, name === 'default' ? null : (name as Market)));
}
