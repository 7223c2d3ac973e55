import { count } from 'drizzle-orm';
import { mkdtemp, mkdir, rm, writeFile } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { describe, expect, it } from 'vitest';
import { prepareDatabase } from '#worker/runtimes/migrate-node.ts';
import { blogPosts, postCategories } from '#worker/posts/post-tables.ts';
import { contentPosts } from '../../../support/content';
import { useMigratedDb } from '../../../support/temp-db';

const temp = useMigratedDb();
const postCount = async () => (await temp.db.select({ n: count() }).from(blogPosts))[0]!.n;

describe('prepareDatabase', () => {
  it('loads content/ into an empty database on start, and leaves a database with content alone', async () => {
    expect(await prepareDatabase(temp.db)).toEqual({ seeded: true });
    expect(await postCount()).toBe(contentPosts.length);
    expect(await prepareDatabase(temp.db)).toEqual({ seeded: false });
    expect(await postCount()).toBe(contentPosts.length);
  });

  it('stops start-up with the report when content/ has a bad file', async () => {
    const dir = await mkdtemp(join(tmpdir(), 'shop-content-'));
    try {
      await mkdir(join(dir, 'posts'));
      await writeFile(join(dir, 'posts', 'bad.md'), '---\nexcerpt: no title\npublished_at: 2026-01-01\n---\n');
      await temp.db.delete(blogPosts);
      await temp.db.delete(postCategories);
      await expect(prepareDatabase(temp.db, dir)).rejects.toThrow(/bad\.md: missing title/);
    } finally {
      await rm(dir, { recursive: true, force: true });
    }
  });
});
