import type { Db } from '../client';
import { blogPosts, blogProductRelations, categories } from '../schema';
import { seedCategories } from './categories';
import { seedPosts } from './posts';

/**
 * Inserts the starter categories, posts and product relations. Idempotent: rows that exist (by
 * name or slug) are left as the operator edited them, so it is safe to run on every start.
 */
export async function seedDatabase(db: Db): Promise<{ categories: number; posts: number; relations: number }> {
  const insertedCategories = await db
    .insert(categories)
    .values([...seedCategories])
    .onConflictDoNothing()
    .returning({ id: categories.id });

  const insertedPosts = await db
    .insert(blogPosts)
    .values(
      seedPosts.map((p) => ({
        title: p.title,
        slug: p.slug,
        excerpt: p.excerpt,
        featuredImage: p.featuredImage,
        publishedAt: p.publishedAt,
        updatedAt: p.updatedAt,
        tags: p.tags,
        published: p.published,
        content: p.content,
      })),
    )
    .onConflictDoNothing()
    .returning({ id: blogPosts.id, slug: blogPosts.slug });

  const relations = insertedPosts.flatMap(({ id, slug }) =>
    (seedPosts.find((p) => p.slug === slug)?.productIds ?? []).map((productId) => ({ blogId: id, productId })),
  );
  if (relations.length > 0) await db.insert(blogProductRelations).values(relations).onConflictDoNothing();

  return { categories: insertedCategories.length, posts: insertedPosts.length, relations: relations.length };
}
