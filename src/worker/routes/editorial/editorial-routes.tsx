import { Hono } from 'hono';
import { DIGEST } from '#shared/site/navigation.ts';
import { DIGEST_FEED } from '#shared/editorial/posts.ts';
import type { AppEnv } from '#worker/middleware/app-context.ts';
import { renderPage, servePage } from '#worker/render/page.tsx';
import * as article from './article/article-page.tsx';
import * as digest from './digest/digest-page.tsx';
import { feed } from './feed-route.ts';
import * as guides from './guides/guides-page.tsx';
import { postsJson } from './guides/posts-json.ts';

/** The editorial section: the digest landing, articles, the guides list, the feed and the posts JSON read. */
export const editorialRoutes = new Hono<AppEnv>()
  .get(DIGEST.path, servePage(digest))
  // Before /:slug, which would otherwise take feed.xml for a slug.
  .get(DIGEST_FEED.path, feed)
  // The article when the slug is a published post (its canonical address), else a category's landing, else the landing.
  .get(`${DIGEST.path}/:slug`, async (c) => {
    const slug = c.req.param('slug');
    // Started with the article's reads, so a category's landing needs no second round trip before its head.
    void digest.startCategories(c);
    const found = await article.find(c, slug);
    return found ? renderPage(c, article, found) : renderPage(c, digest, await digest.loadCategory(c, slug));
  })
  // A missing slug leads to the digest; /blog/{slug} is the same article under its one canonical.
  .get('/blog', (c) => c.redirect(c.get('href')(DIGEST.path), 302))
  .get('/blog/', (c) => c.redirect(c.get('href')(DIGEST.path), 302))
  .get('/blog/:slug', servePage(article))
  .get('/guides', servePage(guides))
  .get('/guides/:slug', servePage(guides))
  .get('/api/blog/posts', postsJson);
