import { describe, expect, it } from 'vitest';
import type { PostFile } from '#worker/content-sync/content-file.ts';
import { formatSyncReport, planContentSync, planWrites, type PostRow } from '#worker/content-sync/content-plan.ts';

function postFile(slug: string, over: Partial<PostFile> = {}): PostFile {
  return {
    path: `content/posts/${slug}.md`,
    slug,
    title: `Title ${slug}`,
    excerpt: null,
    featuredImage: null,
    publishedAt: '2026-01-01T00:00:00.000Z',
    updatedAt: '2026-01-01T00:00:00.000Z',
    tags: ['Fundamentals'],
    published: true,
    productIds: [1],
    metaTitle: null,
    metaDescription: null,
    content: '<p>x</p>\n',
    markdown: 'x',
    ...over,
  };
}
const row = (id: number, file: PostFile): PostRow => {
  const { path: _path, ...rest } = file;
  return { id, ...rest };
};
const cat = { path: 'content/categories/fundamentals.md', name: 'Fundamentals', description: 'Basics.' };

describe('planContentSync', () => {
  it('adds what has no row, changes what differs (naming the fields), counts the rest as unchanged', () => {
    const plan = planContentSync(
      {
        posts: [postFile('new'), postFile('same'), postFile('edited', { title: 'New title', productIds: [1, 2] })],
        categories: [cat],
        problems: [],
      },
      { posts: [row(1, postFile('same')), row(2, postFile('edited'))], categories: [{ id: 1, name: 'Fundamentals', description: 'Old.' }] },
    );
    expect(plan.posts.add.map((f) => f.slug)).toEqual(['new']);
    expect(plan.posts.change.map((c) => [c.id, c.fields])).toEqual([[2, ['title', 'productIds']]]);
    expect(plan.posts.unchanged).toBe(1);
    expect(plan.categories.change).toEqual([{ id: 1, file: cat }]);
    expect(formatSyncReport(plan)).toBe(
      [
        'changed category Fundamentals (content/categories/fundamentals.md)',
        'added post new (content/posts/new.md)',
        'changed post edited: title, productIds (content/posts/edited.md)',
        'Synced: posts 1 added, 1 changed, 1 unchanged, 0 unpublished; categories 0 added, 1 changed, 0 unchanged.',
      ].join('\n'),
    );
  });

  it('says a post published or unpublished in its file as such, and counts it', () => {
    const plan = planContentSync(
      { posts: [postFile('hidden', { published: false }), postFile('shown')], categories: [cat], problems: [] },
      {
        posts: [row(1, postFile('hidden')), row(2, postFile('shown', { published: false }))],
        categories: [{ id: 1, ...cat }],
      },
    );
    expect(formatSyncReport(plan)).toBe(
      [
        'unpublished post hidden (content/posts/hidden.md)',
        'published post shown (content/posts/shown.md)',
        'Synced: posts 0 added, 2 changed, 0 unchanged, 1 unpublished; categories 0 added, 0 changed, 1 unchanged.',
      ].join('\n'),
    );
  });

  it('notes a published post whose first tag is no category: the landing page would list it nowhere', () => {
    const plan = planContentSync(
      { posts: [postFile('lost', { tags: ['Fundamental'] }), postFile('found')], categories: [cat], problems: [] },
      { posts: [], categories: [{ id: 1, ...cat }] },
    );
    expect(formatSyncReport(plan)).toContain(
      'note content/posts/lost.md: its first tag "Fundamental" is no category: the digest\'s landing page lists it under none',
    );
    expect(formatSyncReport(plan)).not.toContain('note content/posts/found.md');
  });

  it('does not call a product whose file failed missing: the error in the file is the one to fix', () => {
    const plan = planContentSync(
      { products: [], posts: [], categories: [], problems: [{ path: 'content/products/16-blue-gun.md', reason: 'missing prices.GBP' }] },
      { products: [{ id: 16, slug: 'blue-gun', listed: true, doc: {} as never }], posts: [], categories: [] },
    );
    const report = formatSyncReport(plan);
    expect(report).toContain('error content/products/16-blue-gun.md: missing prices.GBP');
    expect(report).not.toContain('left product 16');
  });

  it('plans nothing when the files match the rows, and says so', () => {
    const plan = planContentSync(
      { posts: [postFile('a')], categories: [cat], problems: [] },
      { posts: [row(1, postFile('a'))], categories: [{ id: 1, ...cat }] },
    );
    expect(planWrites(plan)).toBe(false);
    expect(formatSyncReport(plan)).toBe('Nothing to change: 1 posts and 1 categories already match content/.');
  });

  it('reports a row whose file is gone, and unpublishes it only with prune', () => {
    const rows = { posts: [row(7, postFile('gone')), row(8, postFile('old-draft', { published: false }))], categories: [] };
    const kept = planContentSync({ posts: [], categories: [], problems: [] }, rows);
    expect(kept.posts.unpublish).toEqual([]);
    expect(formatSyncReport(kept, { dryRun: true })).toContain('left post gone: no file (still published; --prune unpublishes it)');
    const pruned = planContentSync({ posts: [], categories: [], problems: [] }, rows, { prune: true });
    expect(pruned.posts.unpublish).toEqual([{ id: 7, slug: 'gone' }]);
    expect(formatSyncReport(pruned, { dryRun: true }).split('\n')).toEqual([
      'would unpublish post gone (its file is gone)',
      'left post old-draft: no file',
      'Dry run, nothing written: posts 0 added, 0 changed, 0 unchanged, 1 unpublished; categories 0 added, 0 changed, 0 unchanged.',
    ]);
  });

  it('refuses every file of a duplicated slug and keeps the bad files apart from the missing ones', () => {
    const a = postFile('dup', { path: 'content/posts/a.md' });
    const b = postFile('dup', { path: 'content/posts/b.md' });
    const plan = planContentSync(
      { posts: [a, b, postFile('fine')], categories: [], problems: [{ path: 'content/posts/broken.md', reason: 'missing title' }] },
      { posts: [row(3, postFile('broken'))], categories: [] },
      { prune: true },
    );
    expect(plan.posts.add.map((f) => f.slug)).toEqual(['fine']);
    expect(plan.problems).toEqual([
      { path: 'content/posts/broken.md', reason: 'missing title' },
      { path: 'content/posts/a.md', reason: 'duplicate slug dup (also in content/posts/b.md)' },
      { path: 'content/posts/b.md', reason: 'duplicate slug dup (also in content/posts/a.md)' },
    ]);
    // The broken file still names its post: it is neither missing nor unpublished.
    expect(plan.posts.missing).toEqual([]);
    expect(formatSyncReport(plan)).toMatch(
      /error content\/posts\/broken.md: missing title \(nothing of it written\)[\s\S]* 3 file\(s\) failed\.$/,
    );
  });
});
