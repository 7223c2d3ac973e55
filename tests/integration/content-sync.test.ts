import { eq } from 'drizzle-orm';
import { mkdtemp, mkdir, rm, writeFile } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { blogPosts, blogProductRelations, categories } from '#worker/db/schema.ts';
import { syncContent } from '#worker/editorial/content-sync.ts';
import { useMigratedDb } from '../support/temp-db';

const temp = useMigratedDb();
let dir: string;

const post = (title: string, extra = '') =>
  `---\ntitle: ${title}\nexcerpt: About ${title}.\npublished_at: 2026-01-05T09:00:00Z\ntags: [Fundamentals, drills]\nrelated_products: [1, 4]\n${extra}---\n\n## ${title}\n\nBody with a [link](/products).\n`;

async function write(relPath: string, text: string) {
  await writeFile(join(dir, relPath), text);
}
const sync = (opts: { dryRun?: boolean; prune?: boolean } = {}) => syncContent(temp.db, { dir, ...opts });
const rows = () =>
  temp.db.select({ slug: blogPosts.slug, title: blogPosts.title, published: blogPosts.published }).from(blogPosts).orderBy(blogPosts.slug);

beforeAll(async () => {
  dir = await mkdtemp(join(tmpdir(), 'shop-content-'));
  await mkdir(join(dir, 'posts'));
  await mkdir(join(dir, 'categories'));
  await write('categories/fundamentals.md', '---\nname: Fundamentals\ndescription: Basics.\n---\n');
  await write('posts/first-guide.md', post('First Guide'));
  await write('posts/second-guide.md', post('Second Guide'));
});
afterAll(() => rm(dir, { recursive: true, force: true }));

describe('content sync into a libSQL file', () => {
  it('writes nothing on a dry run, but says what it would add', async () => {
    const result = await sync({ dryRun: true });
    expect(result.wrote).toBe(false);
    expect(result.report).toContain('would add post first-guide (');
    expect(await rows()).toEqual([]);
  });

  it('adds categories, posts (Markdown as HTML) and product links', async () => {
    const result = await sync();
    expect(result).toMatchObject({ wrote: true, failed: false });
    expect(result.report.split('\n').at(-1)).toBe(
      'Synced: posts 2 added, 0 changed, 0 unchanged, 0 unpublished; categories 1 added, 0 changed, 0 unchanged.',
    );
    const [first] = await temp.db.select().from(blogPosts).where(eq(blogPosts.slug, 'first-guide'));
    expect(first).toMatchObject({
      title: 'First Guide',
      publishedAt: '2026-01-05T09:00:00.000Z',
      tags: ['Fundamentals', 'drills'],
      category: 'Fundamentals',
      published: true,
      content: '<h2>First Guide</h2>\n<p>Body with a <a href="/products">link</a>.</p>\n',
    });
    const links = await temp.db
      .select({ productId: blogProductRelations.productId })
      .from(blogProductRelations)
      .where(eq(blogProductRelations.blogId, first!.id));
    expect(links.map((l) => l.productId).toSorted()).toEqual([1, 4]);
    expect(await temp.db.select({ name: categories.name }).from(categories)).toEqual([{ name: 'Fundamentals' }]);
  });

  it('changes nothing on a second run, and says so', async () => {
    const result = await sync();
    expect(result.wrote).toBe(false);
    expect(result.report).toBe('Nothing to change: 2 posts and 1 categories already match content/.');
  });

  it('changes an edited post, replacing its product links', async () => {
    await write('posts/first-guide.md', post('First Guide, Revised').replace('[1, 4]', '[9]'));
    const result = await sync();
    expect(result.report).toContain('changed post first-guide: title, excerpt, productIds, content (');
    const [first] = await temp.db.select().from(blogPosts).where(eq(blogPosts.slug, 'first-guide'));
    expect(first!.title).toBe('First Guide, Revised');
    const links = await temp.db.select().from(blogProductRelations).where(eq(blogProductRelations.blogId, first!.id));
    expect(links.map((l) => l.productId)).toEqual([9]);
  });

  it('writes nothing of a bad file, reports its path and reason, and still syncs the good ones', async () => {
    await write('posts/broken.md', post('Broken').replace('2026-01-05T09:00:00Z', 'soon'));
    await write('posts/second-guide.md', post('Second Guide, Edited'));
    const result = await sync();
    expect(result.failed).toBe(true);
    expect(result.report).toContain(`error ${join(dir, 'posts/broken.md')}: published_at: is not a date`);
    expect((await rows()).map((r) => r.slug)).toEqual(['first-guide', 'second-guide']);
    expect((await rows())[1]!.title).toBe('Second Guide, Edited');
  });

  it('reports a post whose file is gone, and unpublishes it (never deletes it) only with --prune', async () => {
    await rm(join(dir, 'posts/broken.md'));
    await rm(join(dir, 'posts/second-guide.md'));
    const kept = await sync();
    expect(kept.report).toContain('left post second-guide: no file (still published; --prune unpublishes it)');
    expect((await rows()).find((r) => r.slug === 'second-guide')!.published).toBe(true);
    const pruned = await sync({ prune: true });
    expect(pruned.report).toContain('unpublished post second-guide (its file is gone)');
    expect(await rows()).toEqual([
      { slug: 'first-guide', title: 'First Guide, Revised', published: true },
      { slug: 'second-guide', title: 'Second Guide, Edited', published: false },
    ]);
  });
});
