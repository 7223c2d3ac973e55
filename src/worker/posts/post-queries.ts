import { and, asc, desc, eq, inArray, lte, ne, or, sql, type SQL } from 'drizzle-orm';
import type { Db } from '#worker/db/client.ts';
import { blogPosts, blogProductRelations, postCategories, postRedirects } from '#worker/posts/post-tables.ts';
import { products } from '#worker/products/product-tables.ts';

/**
 * Every read is bounded (a LIMIT, or one row) and served by an index on (published, published_at)
 * or (published, category, published_at). `now` is an ISO timestamp: a post is shown only once
 * its published_at has come (scheduled publishing, no new sync needed). Routes pass the request's
 * time; the default is the clock.
 */
const clock = () => new Date().toISOString();

const summaryColumns = {
  id: blogPosts.id,
  title: blogPosts.title,
  slug: blogPosts.slug,
  excerpt: blogPosts.excerpt,
  featuredImage: blogPosts.featuredImage,
  publishedAt: blogPosts.publishedAt,
  tags: blogPosts.tags,
} as const;

/** Published and due: what visitors may see. */
function visible(now: string): SQL {
  return and(eq(blogPosts.published, true), lte(blogPosts.publishedAt, now))!;
}

/** The newest visible posts, at most `limit` (the latest block, the feed). */
export function listLatestPosts(db: Db, limit: number, now = clock()) {
  return db.select(summaryColumns).from(blogPosts).where(visible(now)).orderBy(desc(blogPosts.publishedAt)).limit(limit);
}

/** The feed's entries: the newest visible posts with their dates and body. */
export function listFeedPosts(db: Db, limit: number, now = clock()) {
  return db
    .select({ ...summaryColumns, updatedAt: blogPosts.updatedAt })
    .from(blogPosts)
    .where(visible(now))
    .orderBy(desc(blogPosts.publishedAt))
    .limit(limit);
}

/** Slugs and last-change dates of visible posts (two short columns per post: the sitemap lists them all). */
export function listPostsForSitemap(db: Db, now = clock()) {
  return db
    .select({ slug: blogPosts.slug, updatedAt: blogPosts.updatedAt })
    .from(blogPosts)
    .where(visible(now))
    .orderBy(desc(blogPosts.publishedAt));
}

/** The categories (a handful of rows, written by the sync). */
export function listCategories(db: Db) {
  return db.select().from(postCategories).orderBy(asc(postCategories.name));
}

/**
 * Up to `perCategory` newest visible posts of each category (or of the named ones), in one query:
 * for every category row an index seek takes its newest ids, so the cost does not grow with the archive.
 */
export function postsPerCategory(db: Db, perCategory: number, opts: { names?: string[]; now?: string } = {}) {
  const now = opts.now ?? clock();
  const newestOfCategory = sql`(select q.id from ${blogPosts} q where q.published = 1 and q.category = ${postCategories.name} and q.published_at <= ${now} order by q.published_at desc limit ${perCategory})`;
  return db
    .select(summaryColumns)
    .from(postCategories)
    .innerJoin(blogPosts, sql`${blogPosts.id} in ${newestOfCategory}`)
    .where(opts.names ? inArray(postCategories.name, opts.names) : undefined)
    .orderBy(desc(blogPosts.publishedAt));
}

/** A search of the posts (the guides list): search text, a category's slug, a 1-based page. */
export interface PostQuery {
  q: string;
  /** A category's slug (as in /guides?category=); null for all. A slug no category has finds nothing. */
  category: string | null;
  page: number;
  pageSize: number;
}

/**
 * categorySlug (src/shared/editorial/posts.ts) in SQL: trimmed, lower-cased, spaces to hyphens. The
 * same for the names the sync writes (single spaces; SQLite's lower() folds ASCII letters only).
 */
const categorySlugSql = sql`lower(replace(trim(${postCategories.name}), ' ', '-'))`;

/** FTS5's trigram tokenizer needs 3 characters; shorter text is matched with LIKE on the same bounded read. */
const TRIGRAM = 3;

/** The search text as one FTS5 phrase (quotes doubled), so operators and punctuation are plain text. */
const ftsPhrase = (q: string) => `"${q.replaceAll('"', '""')}"`;
const likePattern = (q: string) => `%${q.replace(/[\\%_]/g, (ch) => `\\${ch}`)}%`;

/**
 * The guides filter. `fromSearch` (for counting a search) writes the other terms with a unary +,
 * which keeps SQLite off their indexes: it then walks only the search's matches, by rowid, instead
 * of every visible post checking each against them (half the time at 10,000 posts).
 */
function postsWhere(query: PostQuery, now: string, fromSearch = false): SQL {
  const q = query.q.trim();
  const useFts = q.length >= TRIGRAM;
  const conditions: SQL[] =
    fromSearch && useFts ? [sql`+${blogPosts.published} = 1`, sql`+${blogPosts.publishedAt} <= ${now}`] : [visible(now)];
  if (query.category) {
    // The slug resolved in the same statement, so a page's reads need not wait for the categories first.
    const name = sql`(select ${postCategories.name} from ${postCategories} where ${categorySlugSql} = ${query.category} limit 1)`;
    conditions.push(fromSearch && useFts ? sql`+${blogPosts.category} = ${name}` : sql`${blogPosts.category} = ${name}`);
  }
  if (useFts) {
    conditions.push(sql`${blogPosts.id} in (select rowid from blog_posts_fts where blog_posts_fts match ${ftsPhrase(q)})`);
  } else if (q) {
    const pattern = likePattern(q);
    conditions.push(or(sql`${blogPosts.title} like ${pattern} escape '\\'`, sql`${blogPosts.excerpt} like ${pattern} escape '\\'`)!);
  }
  return and(...conditions)!;
}

/** One page of the posts a query finds, newest first (a query builder: awaiting it reads; `.toSQL()` shows it). */
export function listPosts(db: Db, query: PostQuery, now = clock()) {
  return db
    .select(summaryColumns)
    .from(blogPosts)
    .where(postsWhere(query, now))
    .orderBy(desc(blogPosts.publishedAt))
    .limit(query.pageSize)
    .offset((query.page - 1) * query.pageSize);
}

/** How many guides match (the page count in the head is known before the page's cards stream). */
export function countPosts(db: Db, query: PostQuery, now = clock()) {
  return db
    .select({ n: sql<number>`count(*)` })
    .from(blogPosts)
    .where(postsWhere(query, now, true));
}

/** The visible post with this slug: one row or none. */
export function getPublishedPost(db: Db, slug: string, now = clock()) {
  return db
    .select()
    .from(blogPosts)
    .where(and(eq(blogPosts.slug, slug), visible(now)))
    .limit(1);
}

/** The slug a renamed, visible post has now, for one of its former slugs (one row by the key), or null. */
export async function renamedPostSlug(db: Db, slug: string, now = clock()): Promise<string | null> {
  const [row] = await db
    .select({ slug: blogPosts.slug })
    .from(postRedirects)
    .innerJoin(blogPosts, eq(blogPosts.id, postRedirects.postId))
    .where(and(eq(postRedirects.fromSlug, slug), visible(now)))
    .limit(1);
  return row?.slug ?? null;
}

/**
 * The post with this slug whatever it stands (a draft, scheduled), with its listed related products:
 * the owner's preview at its address, never cached (one row, one short join by the slug's index).
 */
export async function postPreview(db: Db, slug: string) {
  const [[post], related] = await Promise.all([
    db.select().from(blogPosts).where(eq(blogPosts.slug, slug)).limit(1),
    db
      .select({ doc: products.doc })
      .from(blogProductRelations)
      .innerJoin(blogPosts, eq(blogPosts.id, blogProductRelations.blogId))
      .innerJoin(products, and(eq(products.id, blogProductRelations.productId), sql`+${products.listed} = 1`))
      .where(eq(blogPosts.slug, slug))
      .orderBy(asc(products.id)),
  ]);
  return post ? { post, products: related.map((r) => r.doc) } : null;
}

/** The catalogue ids related to a visible post (blog_product_relations), by the post's slug. */
export function postProductsBySlug(db: Db, slug: string, now = clock()) {
  return (
    db
      .select({ doc: products.doc })
      .from(blogProductRelations)
      .innerJoin(blogPosts, eq(blogPosts.id, blogProductRelations.blogId))
      // Unary + keeps SQLite from scanning products_listed_idx: each product is found by its key.
      .innerJoin(products, and(eq(products.id, blogProductRelations.productId), sql`+${products.listed} = 1`))
      .where(and(eq(blogPosts.slug, slug), visible(now)))
      .orderBy(asc(products.id))
  );
}

/**
 * How far back related posts are looked for: the newest this many visible posts. Ranking by shared
 * tags reads each candidate's tags, so the window keeps the cost the same at any archive size.
 */
const RELATED_WINDOW = 200;

/**
 * Up to `limit` visible posts other than this one, most tags in common first (json_each over both
 * tag lists), then newest: posts that share nothing fill the list newest first.
 */
export function relatedPosts(db: Db, slug: string, limit = 3, now = clock()) {
  const current = sql`(select c.tags from ${blogPosts} c where c.slug = ${slug})`;
  const shared = sql<number>`(select count(*) from json_each(${blogPosts.tags}) t where t.value in (select value from json_each(${current})))`;
  const window = db
    .select({ id: blogPosts.id })
    .from(blogPosts)
    .where(and(visible(now), ne(blogPosts.slug, slug)))
    .orderBy(desc(blogPosts.publishedAt))
    .limit(RELATED_WINDOW);
  return db
    .select(summaryColumns)
    .from(blogPosts)
    .where(inArray(blogPosts.id, window))
    .orderBy(desc(shared), desc(blogPosts.publishedAt))
    .limit(limit);
}
