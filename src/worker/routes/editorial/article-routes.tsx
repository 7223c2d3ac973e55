import { Hono, type Context } from 'hono';
import { DIGEST } from '#shared/editorial/posts.ts';
import { getPublishedPost, postProductIdsBySlug, relatedPosts } from '#worker/db/queries/posts.ts';
import { readOr } from '#worker/db/queries/read-or.ts';
import type { AppEnv } from '#worker/app-context.ts';
import { articleHead, ArticlePage } from './article-page';

/** Spec point 2: a missing slug, an unknown or unpublished article, or a failed read leads to the digest. */
function toDigest(c: Context<AppEnv>) {
  return c.redirect(DIGEST.path, 302);
}

export const blogRoutes = new Hono<AppEnv>();

blogRoutes.get('/blog', toDigest);
blogRoutes.get('/blog/', toDigest);

blogRoutes.get('/blog/:slug', async (c) => {
  const { db, settings } = c.get('deps');
  const log = c.get('log');
  const slug = c.req.param('slug');
  // The product block sits above the article body, so its ids are read with the post (in parallel):
  // a block that appeared or vanished after the first paint would move the whole article.
  const [article, productIds] = await Promise.all([
    readOr(log, 'one post', null, () => getPublishedPost(db, slug)),
    readOr(log, 'post products', [], () => postProductIdsBySlug(db, slug)),
  ]);
  if (!article) {
    log('info', 'article not shown, redirecting to the digest', { slug });
    return toDigest(c);
  }
  // Not awaited: the related block waits for it behind Suspense while the article streams.
  const related = readOr(log, 'related posts', [], () => relatedPosts(db, slug));
  return c.render(<ArticlePage article={article} productIds={productIds} related={related} />, articleHead(article, settings.SITE_URL));
});
