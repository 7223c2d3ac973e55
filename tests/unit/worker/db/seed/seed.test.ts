import { count, eq } from 'drizzle-orm';
import { describe, expect, it } from 'vitest';
import { blogPosts, blogProductRelations, categories } from '#worker/db/schema.ts';
import { seedPosts } from '#worker/db/seed/posts.ts';
import { seedDatabase } from '#worker/db/seed/seed.ts';
import { useMigratedDb } from '../../../../support/temp-db';

const temp = useMigratedDb();

async function counts() {
  const [p] = await temp.db.select({ n: count() }).from(blogPosts);
  const [c] = await temp.db.select({ n: count() }).from(categories);
  const [r] = await temp.db.select({ n: count() }).from(blogProductRelations);
  return { posts: p?.n, categories: c?.n, relations: r?.n };
}

describe('seed', () => {
  it('inserts the starter content once and nothing on later runs', async () => {
    expect(await counts()).toEqual({ posts: 0, categories: 0, relations: 0 });
    const first = await seedDatabase(temp.db);
    expect(first.categories).toBe(3);
    expect(first.posts).toBe(seedPosts.length);
    expect(first.relations).toBe(seedPosts.reduce((n, p) => n + p.productIds.length, 0));
    const after = await counts();

    expect(await seedDatabase(temp.db)).toEqual({ categories: 0, posts: 0, relations: 0 });
    expect(await counts()).toEqual(after);
  });

  it('keeps what the operator edited', async () => {
    await temp.db.update(blogPosts).set({ title: 'Edited by the operator' }).where(eq(blogPosts.slug, 'blue-guns'));
    await seedDatabase(temp.db);
    const [row] = await temp.db.select({ title: blogPosts.title }).from(blogPosts).where(eq(blogPosts.slug, 'blue-guns'));
    expect(row?.title).toBe('Edited by the operator');
  });

  it('covers the guide slugs, the categories, one unpublished post and the trust article', async () => {
    const rows = await temp.db.select({ slug: blogPosts.slug, published: blogPosts.published, tags: blogPosts.tags }).from(blogPosts);
    const published = rows.filter((r) => r.published);
    expect(published.length).toBeGreaterThanOrEqual(10);
    expect(rows.filter((r) => !r.published)).toHaveLength(1);
    for (const slug of [
      'dry-fire-fundamentals',
      'app-compatible-pistols',
      'blue-guns',
      'blue-training-guns',
      'blue-guns-durability-test',
      'tactical-training',
      'law-enforcement-training',
      'who-trusts-laser-training',
    ]) {
      expect(published.map((r) => r.slug)).toContain(slug);
    }
    const names = (await temp.db.select({ name: categories.name }).from(categories)).map((c) => c.name);
    expect(names.toSorted()).toEqual(['Equipment Guides', 'Fundamentals', 'Tactical Training']);
    for (const row of rows) expect(names).toContain(row.tags[0]);
  });
});
