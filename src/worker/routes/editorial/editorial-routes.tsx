import { Hono, type Context } from 'hono';
import { DIGEST } from '#shared/site/navigation.ts';
import { DIGEST_FEED } from '#shared/editorial/posts.ts';
import type { AppEnv } from '#worker/middleware/app-context.ts';
import { laterPage, mayGoEarly, serveLater, servePage } from '#worker/render/page.tsx';
import type { LaterPage } from '#worker/render/early-page.ts';
import * as article from './article/article-page.tsx';
import * as digest from './digest/digest-page.tsx';
import { feed } from './feed-route.ts';
import * as guides from './guides/guides-page.tsx';
import { postsJson } from './guides/posts-json.ts';
import { renderNotFound } from '#worker/routes/site/not-found-page.tsx';

/**
 * /training-gun-digest/{slug}: the article when the slug is a published post (its canonical address),
 * else a category's landing, else a 404 (issue 69: a made-up address is no page, for crawlers or the cache).
 */
async function articleOrLanding(c: Context<AppEnv>, slug: string): Promise<LaterPage> {
  const found = await article.find(c, slug);
  if (found) return laterPage(c, article, found);
  const category = await digest.loadCategory(c, slug);
  if (category) return laterPage(c, digest, category);
  const preview = await article.ownersPreview(c, slug);
  if (preview) return laterPage(c, article, preview);
  const moved = await article.movedPost(c, slug);
  if (moved) return moved;
  // The categories could not be read (an outage, nothing kept): the landing stands in, never a 404
  // for what may be a real category (a kept-page request then answers 503 with Retry-After).
  return c.get('reads').degraded() ? laterPage(c, digest, await digest.load(c)) : renderNotFound(c);
}

/** The editorial section: the digest landing, articles, the guides list, the feed and the posts JSON read. */
export const editorialRoutes = new Hono<AppEnv>()
  .get(DIGEST.path, servePage(digest))
  // Before /:slug, which would otherwise take feed.xml for a slug.
  .get(DIGEST_FEED.path, feed)
  // An article, a category's landing or a 404; an article the read cache holds may go early.
  .get(`${DIGEST.path}/:slug`, async (c) => {
    const slug = c.req.param('slug');
    // Started with the article's reads, so a category's landing needs no second round trip before its head.
    void digest.startCategories(c);
    const tags = mayGoEarly(c) ? await article.early(c) : null;
    return serveLater(c, tags, articleOrLanding(c, slug));
  })
  // A missing slug leads to the digest; /blog/{slug} is the same article under its one canonical.
  .get('/blog', (c) => c.redirect(c.get('href')(DIGEST.path), 302))
  .get('/blog/', (c) => c.redirect(c.get('href')(DIGEST.path), 302))
  .get('/blog/:slug', servePage(article))
  .get('/guides', servePage(guides))
  // The spec's guides list at /guides/{slug}, for a published guide's or a category's slug (its canonical
  // is /guides); any other slug is a 404.
  .get('/guides/:slug', async (c) => {
    const slug = c.req.param('slug');
    const known = (await article.isPostSlug(c, slug)) || (await digest.isCategorySlug(c, slug));
    // A read that failed (an outage) proves nothing unknown: the list stands in, as for a known slug.
    return known || c.get('reads').degraded() ? servePage(guides)(c, async () => {}) : renderNotFound(c);
  })
  .get('/api/blog/posts', postsJson);
