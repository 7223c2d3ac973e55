import { Hono, type Context } from 'hono';
import { ARTICLES_PER_CATEGORY, LATEST_POSTS, type BlogCategory } from '#shared/editorial/digest.ts';
import { atomFeed } from '#shared/editorial/feed.ts';
import { GUIDES_PAGE_SIZE, guidePageCount, parseGuideFilter, parseGuidePage, type GuideFilter } from '#shared/editorial/guides.ts';
import { categorySlug, DIGEST, DIGEST_FEED, toPostTeaser } from '#shared/editorial/posts.ts';
import {
  countGuides,
  getPublishedPost,
  listCategories,
  listFeedPosts,
  listGuides,
  listLatestPosts,
  postProductIdsBySlug,
  postsPerCategory,
  relatedPosts,
  type GuidesQuery,
} from '#worker/db/queries/posts.ts';
import { readOr } from '#worker/db/queries/read-or.ts';
import type { AppEnv } from '#worker/app-context.ts';
import { articleHead, ArticlePage } from './article-page';
import { DigestPage, digestHead } from './digest-page';
import { GuidesPage, guidesHead } from './guides-page';

/** The editorial section: the digest landing, articles, the guides list, the feed and the posts JSON read. */
export const editorialRoutes = new Hono<AppEnv>();

function categoriesOf(c: Context<AppEnv>) {
  return readOr(c.get('log'), 'list categories', [], () => listCategories(c.get('deps').db));
}

/**
 * The landing, or the landing filtered to one category. Reads start now and are awaited behind
 * Suspense; a failed read is logged and gives [], so the page still renders.
 */
function digest(c: Context<AppEnv>, category?: BlogCategory) {
  const { db, settings } = c.get('deps');
  const log = c.get('log');
  const names = category && [category.name];
  return c.render(
    <DigestPage
      category={category}
      categories={category ? Promise.resolve([category]) : categoriesOf(c)}
      categoryPosts={readOr(log, 'posts per category', [], () => postsPerCategory(db, ARTICLES_PER_CATEGORY, { names }))}
      latest={readOr(log, 'latest posts', [], () =>
        names ? postsPerCategory(db, LATEST_POSTS, { names }) : listLatestPosts(db, LATEST_POSTS),
      )}
    />,
    digestHead(settings.SITE_URL, category),
  );
}

/** The article with this slug, or null when it is unknown, unpublished, not yet due, or its read failed. */
async function article(c: Context<AppEnv>, slug: string) {
  const { db, settings } = c.get('deps');
  const log = c.get('log');
  // The product block sits above the article body, so its ids are read with the post (in parallel):
  // a block that appeared or vanished after the first paint would move the whole article.
  const [post, productIds] = await Promise.all([
    readOr(log, 'one post', null, () => getPublishedPost(db, slug)),
    readOr(log, 'post products', [], () => postProductIdsBySlug(db, slug)),
  ]);
  if (!post) return null;
  // Not awaited: the related block waits for it behind Suspense while the article streams.
  const related = readOr(log, 'related posts', [], () => relatedPosts(db, slug));
  return c.render(<ArticlePage article={post} productIds={productIds} related={related} />, articleHead(post, settings.SITE_URL));
}

/** A missing slug, an unknown or unpublished article, or a failed read leads to the digest. */
function toDigest(c: Context<AppEnv>) {
  return c.redirect(DIGEST.path, 302);
}

editorialRoutes.get(DIGEST.path, (c) => digest(c));

/** Registered before /:slug, which would otherwise take feed.xml for a slug. */
editorialRoutes.get(DIGEST_FEED.path, async (c) => {
  const { db, settings } = c.get('deps');
  const posts = await readOr(c.get('log'), 'feed posts', [], () => listFeedPosts(db, DIGEST_FEED.entries));
  c.header('Content-Type', `${DIGEST_FEED.type}; charset=utf-8`);
  c.header('Cache-Control', 'public, max-age=900');
  return c.body(atomFeed(settings.SITE_URL, posts));
});

/** The article when the slug is a published post (its canonical address), else a category's landing, else the landing. */
editorialRoutes.get(`${DIGEST.path}/:slug`, async (c) => {
  const slug = c.req.param('slug');
  const shown = await article(c, slug);
  if (shown) return shown;
  const category = (await categoriesOf(c)).find((cat) => categorySlug(cat.name) === slug);
  return digest(c, category);
});

editorialRoutes.get('/blog', toDigest);
editorialRoutes.get('/blog/', toDigest);

/** The same article as /training-gun-digest/{slug}, under that one canonical. */
editorialRoutes.get('/blog/:slug', async (c) => {
  const slug = c.req.param('slug');
  const shown = await article(c, slug);
  if (shown) return shown;
  c.get('log')('info', 'article not shown, redirecting to the digest', { slug });
  return toDigest(c);
});

/**
 * The guides list's query: the filter's category slug resolved to its name. Null when the slug
 * names no category: nothing can match, so nothing is read.
 */
function guidesQuery(filter: GuideFilter, page: number, categories: BlogCategory[]): GuidesQuery | null {
  const category = filter.category ? categories.find((cat) => categorySlug(cat.name) === filter.category) : undefined;
  if (filter.category && !category) return null;
  return { q: filter.q, category: category?.name ?? null, page, pageSize: GUIDES_PAGE_SIZE };
}

/** /guides and /guides/{slug}: one page of the filtered list; the count is read first for the head's prev/next. */
async function guides(c: Context<AppEnv>) {
  const { db, settings } = c.get('deps');
  const log = c.get('log');
  const params = new URL(c.req.url).searchParams;
  const filter = parseGuideFilter(params);
  const page = parseGuidePage(params);
  const categories = await categoriesOf(c);
  const query = guidesQuery(filter, page, categories);
  const total = query ? await readOr(log, 'count guides', 0, () => countGuides(db, query)) : 0;
  const pageCount = guidePageCount(total);
  const posts = query ? readOr(log, 'list guides', [], () => listGuides(db, query)) : Promise.resolve([]);
  return c.render(
    <GuidesPage filter={filter} page={page} pageCount={pageCount} total={total} categories={categories} posts={posts} />,
    guidesHead(settings.SITE_URL, filter, page, pageCount),
  );
}

editorialRoutes.get('/guides', (c) => guides(c));
editorialRoutes.get('/guides/:slug', (c) => guides(c));

/** The guides list as JSON (?q=&category=&page=), for the island's searches; a failed read gives the spec's empty list. */
editorialRoutes.get('/api/blog/posts', async (c) => {
  const { db } = c.get('deps');
  const log = c.get('log');
  const params = new URL(c.req.url).searchParams;
  const page = parseGuidePage(params);
  const query = guidesQuery(parseGuideFilter(params), page, await categoriesOf(c));
  const [posts, total] = query
    ? await Promise.all([
        readOr(log, 'list posts', [], () => listGuides(db, query)),
        readOr(log, 'count guides', 0, () => countGuides(db, query)),
      ])
    : [[], 0];
  c.header('Cache-Control', 'public, max-age=60');
  return c.json({ posts: posts.map(toPostTeaser), total, page, pageCount: guidePageCount(total) });
});
