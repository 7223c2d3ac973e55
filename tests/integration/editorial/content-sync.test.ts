import { eq } from 'drizzle-orm';
import { cp, mkdtemp, mkdir, readFile, rm, writeFile } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { blogPosts, blogProductRelations, postCategories, contentVersion } from '#worker/posts/post-tables.ts';
import { products } from '#worker/products/product-tables.ts';
import { syncContent } from '#worker/content-sync/content-sync.ts';
import { useMigratedDb } from '../../support/temp-db';

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
  // The real product files: posts name their ids.
  await cp('content/products', join(dir, 'products'), { recursive: true });
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
      'Synced: products 15 added, 0 changed, 0 unchanged, 0 unlisted; posts 2 added, 0 changed, 0 unchanged, 0 unpublished; categories 1 added, 0 changed, 0 unchanged.',
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
    expect(await temp.db.select({ name: postCategories.name }).from(postCategories)).toEqual([{ name: 'Fundamentals' }]);
  });

  it('changes nothing on a second run, and says so', async () => {
    const result = await sync();
    expect(result.wrote).toBe(false);
    expect(result.report).toBe('Nothing to change: 15 products, 2 posts and 1 categories already match content/.');
  });

  it('changes an edited post, replacing its product links', async () => {
    await write('posts/first-guide.md', post('First Guide, Revised').replace('[1, 4]', '[9]'));
    const result = await sync();
    expect(result.report).toContain('changed post first-guide: title, excerpt, productIds, content, markdown (');
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

const pistolFile = () => join(dir, 'products/01-g-series-laser-training-pistol.md');
const doc = async (id: number) => (await temp.db.select({ doc: products.doc }).from(products).where(eq(products.id, id)))[0]?.doc;
const version = async () => (await temp.db.select().from(contentVersion))[0]?.version;

describe('products as content', () => {
  it('writes a changed price (and the savings it makes) in one step, and names the fields it changed', async () => {
    const original = await readFile(pistolFile(), 'utf8');
    await writeFile(pistolFile(), original.replace('USD: 189.99', 'USD: 179.5'));
    const before = await version();
    const result = await sync();
    expect(result.report).toContain(`changed product 1 g-series-laser-training-pistol: price, prices, savings (${pistolFile()})`);
    expect(await doc(1)).toMatchObject({ price: 179.5, prices: { USD: 179.5, GBP: 149.99, EUR: 174.99 }, savings: 50.49 });
    // Cached reads made before are outdated from now on.
    expect(await version()).toBe(before! + 1);
  });

  it.each([
    ['a missing price', (t: string) => t.replace(/ {2}GBP: 149\.99\n/, ''), 'missing prices.GBP'],
    ['an unknown category', (t: string) => t.replace('category: pistols', 'category: shotguns'), 'category: must be one of'],
    [
      'a bad payment link',
      (t: string) => t.replace(/standard: \S+/, 'standard: http://pay.example/x'),
      'payment_links.standard: must be an https address on https://buy.stripe.com',
    ],
    ['a price with three decimals', (t: string) => t.replace('EUR: 174.99', 'EUR: 174.999'), 'prices.EUR: must have at most two decimals'],
    ['a full price below the price', (t: string) => t.replace('GBP: 181.99', 'GBP: 99'), 'full_prices.GBP is below prices.GBP'],
  ])('stops at %s: names the file and the field, and writes nothing at all', async (_, change, reason) => {
    const original = await readFile(pistolFile(), 'utf8');
    await writeFile(pistolFile(), change(original).replace('USD: 179.5', 'USD: 169.99'));
    await write('posts/new-guide.md', post('New Guide'));
    const before = await version();
    const result = await sync();
    await writeFile(pistolFile(), original);
    await rm(join(dir, 'posts/new-guide.md'));
    expect(result).toMatchObject({ failed: true, wrote: false });
    expect(result.report).toContain(`error ${pistolFile()}: ${reason}`);
    expect(result.report.split('\n').at(-1)).toMatch(/^Stopped, nothing written: \d file\(s\) failed, and a product file among them/);
    expect(await version()).toBe(before);
    expect((await rows()).map((r) => r.slug)).not.toContain('new-guide');
  });

  it('refuses two files with one id or one slug, naming both', async () => {
    const copy = join(dir, 'products/99-copy.md');
    const other = await readFile(join(dir, 'products/02-ar-style-laser-training-rifle.md'), 'utf8');
    await writeFile(copy, other.replace('slug: ar-style-laser-training-rifle', 'slug: ar-copy'));
    const sameId = await sync({ dryRun: true });
    expect(sameId.report).toContain(
      `error ${copy}: duplicate product id 2 (also in ${join(dir, 'products/02-ar-style-laser-training-rifle.md')})`,
    );
    await writeFile(copy, other.replace('id: 2', 'id: 99'));
    const sameSlug = await sync({ dryRun: true });
    expect(sameSlug.report).toContain(`error ${copy}: duplicate product slug ar-style-laser-training-rifle (also in`);
    await writeFile(copy, other.replace('id: 2', 'id: 99').replace('slug: ar-style-laser-training-rifle', 'slug: ar-copy'));
    const added = await sync();
    expect(added.report).toContain(`added product 99 ar-copy (${copy})`);
    expect(await doc(99)).toMatchObject({ id: 99, slug: 'ar-copy', name: '🔫 AR-Style Laser Training Rifle' });
    // A product whose file is gone stays (orders name it); --prune takes it off the shop.
    await rm(copy);
    expect((await sync()).report).toContain('left product 99 ar-copy: no file (still listed; --prune unlists it)');
    expect((await sync({ prune: true })).report).toContain('unlisted product 99 ar-copy (its file is gone)');
    expect((await temp.db.select({ listed: products.listed }).from(products).where(eq(products.id, 99)))[0]).toEqual({ listed: false });
  });
});
