import { and, asc, desc, eq, ne } from 'drizzle-orm';
import type { PostSummary } from '#shared/editorial/posts.ts';
import type { Db } from '../client';
import { blogPosts, blogProductRelations, categories } from '../schema';

const summaryColumns = {
  id: blogPosts.id,
  title: blogPosts.title,
  slug: blogPosts.slug,
  excerpt: blogPosts.excerpt,
  featuredImage: blogPosts.featuredImage,
  publishedAt: blogPosts.publishedAt,
  tags: blogPosts.tags,
} as const;

/** Newest first; only published posts unless the published filter is passed explicitly. */
export async function listPosts(db: Db, opts: { published?: boolean; limit?: number } = {}): Promise<PostSummary[]> {
  const query = db
    .select(summaryColumns)
    .from(blogPosts)
    .where(eq(blogPosts.published, opts.published ?? true))
    .orderBy(desc(blogPosts.publishedAt));
  return opts.limit ? query.limit(opts.limit) : query;
}

/** Slugs and last-change dates of published posts. */
export function listPostsForSitemap(db: Db) {
  return db
    .select({ slug: blogPosts.slug, updatedAt: blogPosts.updatedAt })
    .from(blogPosts)
    .where(eq(blogPosts.published, true))
    .orderBy(desc(blogPosts.publishedAt));
}

export function listCategories(db: Db) {
  return db.select().from(categories).orderBy(asc(categories.name));
}

export async function getPublishedPost(db: Db, slug: string) {
  const [post] = await db
    .select()
    .from(blogPosts)
    .where(and(eq(blogPosts.slug, slug), eq(blogPosts.published, true)))
    .limit(1);
  return post ?? null;
}

/** The catalogue ids related to a published post (blog_product_relations), by the post's slug. */
export async function postProductIdsBySlug(db: Db, slug: string): Promise<number[]> {
  const rows = await db
    .select({ productId: blogProductRelations.productId })
    .from(blogProductRelations)
    .innerJoin(blogPosts, eq(blogPosts.id, blogProductRelations.blogId))
    .where(and(eq(blogPosts.slug, slug), eq(blogPosts.published, true)));
  return rows.map((r) => r.productId);
}

/**
 * Published posts sharing the current post's tags, newest first, topped up with the newest other
 * published posts when fewer than the limit share them.
 */
export async function relatedPosts(db: Db, slug: string, limit = 3): Promise<PostSummary[]> {
  const [current] = await db.select({ tags: blogPosts.tags }).from(blogPosts).where(eq(blogPosts.slug, slug)).limit(1);
  const others = await db
    .select(summaryColumns)
    .from(blogPosts)
    .where(and(eq(blogPosts.published, true), ne(blogPosts.slug, slug)))
    .orderBy(desc(blogPosts.publishedAt));
  const tags = new Set(current?.tags ?? []);
  const sharing = others.filter((p) => tags.size > 0 && [...tags].every((t) => p.tags.includes(t)));
  const picked = sharing.slice(0, limit);
  for (const post of others) {
    if (picked.length >= limit) break;
    if (!picked.some((p) => p.id === post.id)) picked.push(post);
  }
  return picked;
}
