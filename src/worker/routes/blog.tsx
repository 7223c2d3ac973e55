import { Hono, type Context } from 'hono';
import { DIGEST } from '../../shared/blog';
import { getPublishedPost, postProductIds, relatedPosts } from '../db/queries/blog';
import { readOr } from '../db/queries/read-or';
import type { AppEnv } from '../env';
import { articleHead, ArticlePage } from '../pages/blog/article-page';

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
  const article = await readOr(log, 'one post', null, () => getPublishedPost(db, slug));
  if (!article) {
    log('info', 'article not shown, redirecting to the digest', { slug });
    return toDigest(c);
  }
  // Not awaited: the page's Suspense boundaries wait for them while the article itself streams.
  const productIds = readOr(log, 'post products', [], () => postProductIds(db, article.id));
  const related = readOr(log, 'related posts', [], () => relatedPosts(db, slug));
  return c.render(<ArticlePage article={article} productIds={productIds} related={related} />, articleHead(article, settings.SITE_URL));
});
