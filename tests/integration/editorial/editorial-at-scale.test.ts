import { XMLParser, XMLValidator } from 'fast-xml-parser';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { GuideBrowserProps } from '#ui/islands/GuideBrowser.tsx';
import { GUIDES_PAGE_SIZE } from '#shared/editorial/guides.ts';
import { blogPosts } from '#worker/posts/post-tables.ts';
import { listPosts, listLatestPosts, postsPerCategory, relatedPosts } from '#worker/posts/post-queries.ts';
import { attr, decodeEntities, mainOf, textOf } from '../../support/html';
import { contentPosts } from '../../support/content';
import { startTestApp, type TestApp } from '../../support/test-app';

/** 1,000 generated posts on top of content/: post-0000 is the newest (2026), post-0999 the oldest; every 10th says "Moving target". */
const GENERATED = 1000;
const CATEGORIES = ['Fundamentals', 'Tactical Training', 'Equipment Guides'];

let t: TestApp;
beforeAll(async () => {
  t = await startTestApp();
  const rows = Array.from({ length: GENERATED }, (_, i) => {
    const at = new Date(Date.UTC(2026, 0, 1) - i * 3_600_000).toISOString();
    return {
      title: `${i % 10 === 0 ? 'Moving target' : 'Static'} drill ${String(i).padStart(4, '0')}`,
      slug: `post-${String(i).padStart(4, '0')}`,
      excerpt: `Generated post number ${i}.`,
      publishedAt: at,
      updatedAt: at,
      tags: [CATEGORIES[i % 3]!, `topic-${i % 7}`],
      published: true,
      content: `<p>Post ${i}</p>`,
    };
  });
  for (let i = 0; i < rows.length; i += 200) await t.deps.db.insert(blogPosts).values(rows.slice(i, i + 200));
});
afterAll(() => t.close());

const published = contentPosts.filter((p) => p.published).length;
const TOTAL = GENERATED + published;
const slug = (i: number) => `post-${String(i).padStart(4, '0')}`;

function islandProps(html: string): GuideBrowserProps {
  const marker = html.match(/<div class="contents" data-island="GuideBrowser"[^>]*>/)![0];
  return JSON.parse(decodeEntities(attr(marker, 'data-props')!)) as GuideBrowserProps;
}
const cardLinks = (html: string) => [...mainOf(html).matchAll(/<article class="relative[\s\S]*?<a href="([^"]+)"/g)].map((m) => m[1]);

describe(`the guides list at ${GENERATED} posts`, () => {
  it('renders one page of 12, newest first, with the page count, links and rel prev/next', async () => {
    const pages = Math.ceil(TOTAL / GUIDES_PAGE_SIZE);
    const first = await t.crawl('/guides');
    expect(cardLinks(first.html)).toEqual(Array.from({ length: 12 }, (_, i) => `/training-gun-digest/${slug(i)}`));
    expect(islandProps(first.html)).toMatchObject({ page: 1, pageCount: pages, total: TOTAL });
    expect(islandProps(first.html).cards).toHaveLength(GUIDES_PAGE_SIZE);
    expect(textOf(mainOf(first.html))).toContain(`${TOTAL} guides found`);
    expect(textOf(mainOf(first.html))).toContain(`Page 1 of ${pages}`);
    expect(first.html).toContain('<link rel="next" href="http://localhost:8787/guides?page=2"/>');
    expect(first.html).not.toContain('rel="prev"');

    const third = await t.crawl('/guides?page=3');
    expect(cardLinks(third.html)).toEqual(Array.from({ length: 12 }, (_, i) => `/training-gun-digest/${slug(24 + i)}`));
    expect(third.html).toContain('<link rel="canonical" href="http://localhost:8787/guides?page=3"/>');
    expect(third.html).toContain('<link rel="prev" href="http://localhost:8787/guides?page=2"/>');
    expect(third.html).toContain('<link rel="next" href="http://localhost:8787/guides?page=4"/>');
    expect(mainOf(third.html)).toMatch(/<a href="\/guides\?page=4" rel="next"/);

    const last = await t.crawl(`/guides?page=${pages}`);
    expect(cardLinks(last.html)).toHaveLength(TOTAL - (pages - 1) * GUIDES_PAGE_SIZE);
    expect(last.html).not.toContain('rel="next"');
  });

  it('searches in the database beyond the first page, any case, any part of a word, and pages the matches', async () => {
    const { html } = await t.crawl('/guides?q=MOVING%20TARG&category=fundamentals');
    const props = islandProps(html);
    // Every 10th post says "Moving target"; every 3rd is Fundamentals: i = 0, 30, 60, … (34 of them).
    expect(props.total).toBe(34);
    expect(props.pageCount).toBe(3);
    expect(props.cards.map((c) => c.slug)).toEqual(Array.from({ length: 12 }, (_, k) => slug(k * 30)));
    expect(html).toContain('<link rel="next" href="http://localhost:8787/guides?q=MOVING+TARG&amp;category=fundamentals&amp;page=2"/>');
    const api = (await (await fetch(`${t.url}/api/blog/posts?q=moving+targ&category=fundamentals&page=3`)).json()) as {
      posts: Array<{ slug: string }>;
      total: number;
    };
    expect(api.total).toBe(34);
    expect(api.posts.map((p) => p.slug)).toEqual(Array.from({ length: 10 }, (_, k) => slug((24 + k) * 30)));
    // Shorter than a trigram: still found, through the same bounded read.
    const short = islandProps((await t.crawl('/guides?q=9.')).html);
    expect(short.total).toBe(100);
    expect(short.cards).toHaveLength(12);
  });

  it('reads no more rows than a page shows, from the indexes', async () => {
    const query = { q: '', category: 'fundamentals', page: 5, pageSize: GUIDES_PAGE_SIZE };
    expect(await listPosts(t.deps.db, query)).toHaveLength(GUIDES_PAGE_SIZE);
    expect(await listLatestPosts(t.deps.db, 2)).toHaveLength(2);
    const perCategory = await postsPerCategory(t.deps.db, 3);
    expect(perCategory.map((p) => p.slug)).toEqual([
      'post-0000',
      'post-0001',
      'post-0002',
      'post-0003',
      'post-0004',
      'post-0005',
      'post-0006',
      'post-0007',
      'post-0008',
    ]);
    expect(await relatedPosts(t.deps.db, 'post-0000')).toHaveLength(3);
    // EXPLAIN QUERY PLAN: the list reads walk an index in order; none scans the table or sorts it.
    const plan = async (sql: { sql: string; params: unknown[] }) =>
      (await t.deps.db.$client.execute({ sql: `EXPLAIN QUERY PLAN ${sql.sql}`, args: sql.params as never })).rows.map((r) =>
        String(r.detail),
      );
    const byCategory = (await plan(listPosts(t.deps.db, query).toSQL())).join('\n');
    expect(byCategory).toMatch(/USING INDEX blog_posts_category_idx/);
    expect(byCategory).not.toMatch(/TEMP B-TREE/);
    const all = (await plan(listPosts(t.deps.db, { ...query, category: null }).toSQL())).join('\n');
    expect(all).toMatch(/USING INDEX blog_posts_published_idx/);
    expect(all).not.toMatch(/TEMP B-TREE/);
  });

  it('picks related posts in SQL: most shared tags, then newest', async () => {
    // post-0000 is Fundamentals + topic-0; posts sharing both are i ≡ 0 (mod 21), newest first.
    expect((await relatedPosts(t.deps.db, 'post-0000')).map((p) => p.slug)).toEqual([slug(21), slug(42), slug(63)]);
  });
});

describe('the Atom feed', () => {
  it('is well-formed Atom with the latest 20 published posts at their canonical addresses', async () => {
    const res = await fetch(`${t.url}/training-gun-digest/feed.xml`);
    expect(res.headers.get('content-type')).toBe('application/atom+xml; charset=utf-8');
    const xml = await res.text();
    expect(XMLValidator.validate(xml)).toBe(true);
    const feed = new XMLParser({ ignoreAttributes: false }).parse(xml).feed;
    expect(feed['@_xmlns']).toBe('http://www.w3.org/2005/Atom');
    expect(feed.title).toBe('Training Gun Digest');
    expect(feed.id).toBe('http://localhost:8787/training-gun-digest/feed.xml');
    expect(feed.entry).toHaveLength(20);
    expect(feed.entry.map((e: { id: string }) => e.id)).toEqual(
      Array.from({ length: 20 }, (_, i) => `http://localhost:8787/training-gun-digest/${slug(i)}`),
    );
    expect(feed.entry[0]).toMatchObject({
      title: 'Moving target drill 0000',
      published: '2026-01-01T00:00:00.000Z',
      summary: 'Generated post number 0.',
      link: { '@_href': 'http://localhost:8787/training-gun-digest/post-0000', '@_rel': 'alternate' },
    });
    expect(feed.updated).toBe('2026-01-01T00:00:00.000Z');
  });
});
