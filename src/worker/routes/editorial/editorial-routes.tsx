import { Hono, type Context } from 'hono';
import { DIGEST, toPostTeaser } from '#shared/editorial/posts.ts';
import { parseGuideFilter } from '#shared/editorial/guides.ts';
import { getPublishedPost, listCategories, listPosts, postProductIdsBySlug, relatedPosts } from '#worker/db/queries/posts.ts';
import { readOr } from '#worker/db/queries/read-or.ts';
import type { AppEnv } from '#worker/app-context.ts';
import { articleHead, ArticlePage } from './article-page';
import { DigestPage, digestHead } from './digest-page';
import { GuidesPage, guidesHead } from './guides-page';

/** The editorial section: the digest landing, the guides list, articles, and the posts JSON read. */
export const editorialRoutes = new Hono<AppEnv>();

/** Both reads start now and are awaited behind Suspense; a failed read is logged and gives [], so the page still renders. */
function postsAndCategories(c: Context<AppEnv>) {
  const { db } = c.get('deps');
  const log = c.get('log');
  return {
    categories: readOr(log, 'list categories', [], () => listCategories(db)),
    posts: readOr(log, 'list posts', [], () => listPosts(db)),
  };
}

/** The landing, for /training-gun-digest and, by the spec, any /training-gun-digest/{slug}. */
function digest(c: Context<AppEnv>) {
  return c.render(<DigestPage {...postsAndCategories(c)} />, digestHead(c.get('deps').settings.SITE_URL));
}

function guides(c: Context<AppEnv>) {
  const filter = parseGuideFilter(new URL(c.req.url).searchParams);
  return c.render(<GuidesPage filter={filter} {...postsAndCategories(c)} />, guidesHead(c.get('deps').settings.SITE_URL));
}

editorialRoutes.get(DIGEST.path, digest);
editorialRoutes.get(`${DIGEST.path}/:slug`, digest);
editorialRoutes.get('/guides', guides);
editorialRoutes.get('/guides/:slug', guides);

/** A missing slug, an unknown or unpublished article, or a failed read leads to the digest. */
function toDigest(c: Context<AppEnv>) {
  return c.redirect(DIGEST.path, 302);
}

editorialRoutes.get('/blog', toDigest);
editorialRoutes.get('/blog/', toDigest);

editorialRoutes.get('/blog/:slug', async (c) => {
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

/** JSON reads of the digest for islands; a failed read gives the spec's empty list. */
editorialRoutes.get('/api/blog/posts', async (c) => {
  const posts = await readOr(c.get('log'), 'list posts', [], () => listPosts(c.get('deps').db));
  c.header('Cache-Control', 'public, max-age=60');
  return c.json({ posts: posts.map(toPostTeaser) });
});
