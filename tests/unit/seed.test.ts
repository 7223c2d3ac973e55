import { createClient } from '@libsql/client';
import { count, eq } from 'drizzle-orm';
import { mkdtemp, rm } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createDb, type Db } from '#worker/db/client.ts';
import { migrateDatabase, prepareDatabase } from '#worker/db/migrate-node.ts';
import { blogPosts, blogProductRelations, categories } from '#worker/db/schema.ts';
import { seedPosts } from '#worker/db/seed/posts.ts';
import { isSeeded, seedDatabase } from '#worker/db/seed/seed.ts';

let dir: string;
let db: Db;

beforeAll(async () => {
  dir = await mkdtemp(join(tmpdir(), 'seed-test-'));
  db = createDb(createClient({ url: `file:${join(dir, 'shop.db')}` }));
  await migrateDatabase(db);
});
afterAll(async () => {
  db.$client.close();
  await rm(dir, { recursive: true, force: true });
});

async function counts() {
  const [p] = await db.select({ n: count() }).from(blogPosts);
  const [c] = await db.select({ n: count() }).from(categories);
  const [r] = await db.select({ n: count() }).from(blogProductRelations);
  return { posts: p?.n, categories: c?.n, relations: r?.n };
}

describe('seed', () => {
  it('inserts the starter content once and nothing on later runs', async () => {
    expect(await isSeeded(db)).toBe(false);
    const first = await seedDatabase(db);
    expect(first.categories).toBe(3);
    expect(first.posts).toBe(seedPosts.length);
    expect(first.relations).toBe(seedPosts.reduce((n, p) => n + p.productIds.length, 0));
    const after = await counts();

    expect(await seedDatabase(db)).toEqual({ categories: 0, posts: 0, relations: 0 });
    expect(await counts()).toEqual(after);
    expect(await isSeeded(db)).toBe(true);
  });

  it('keeps what the operator edited', async () => {
    await db.update(blogPosts).set({ title: 'Edited by the operator' }).where(eq(blogPosts.slug, 'blue-guns'));
    await seedDatabase(db);
    const [row] = await db.select({ title: blogPosts.title }).from(blogPosts).where(eq(blogPosts.slug, 'blue-guns'));
    expect(row?.title).toBe('Edited by the operator');
  });

  it('seeds only an empty database on start', async () => {
    expect(await prepareDatabase(db)).toEqual({ seeded: false });
  });

  it('covers the guide slugs, the categories, one unpublished post and the trust article', async () => {
    const rows = await db.select({ slug: blogPosts.slug, published: blogPosts.published, tags: blogPosts.tags }).from(blogPosts);
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
    const names = (await db.select({ name: categories.name }).from(categories)).map((c) => c.name);
    expect(names.toSorted()).toEqual(['Equipment Guides', 'Fundamentals', 'Tactical Training']);
    for (const row of rows) expect(names).toContain(row.tags[0]);
  });
});
