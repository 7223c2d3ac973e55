import { sql } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';

import { displayPrice } from '#shared/catalogue/prices.ts';
import { formatMoney } from '#shared/money.ts';
import type { Currency } from '#shared/region/region.ts';
import { blogPosts, blogProductRelations } from '#worker/posts/post-tables.ts';
import { contentPosts as seedPosts } from '../../support/content';
import { jsonLdBlocks, mainOf, RETURNING_VISITOR, sectionOf, textOf } from '../../support/html';
import { keptLog, startTestApp, type TestApp } from '../../support/test-app';
import { productById, products } from '../../support/catalogue';

const SLUG = 'dry-fire-fundamentals';
const DIGEST = '/training-gun-digest';

let t: TestApp;
beforeAll(async () => {
  t = await startTestApp();
});
afterAll(() => t.close());

const price = (id: number, currency: Currency) => formatMoney(displayPrice(productById(id)!, currency), currency);

describe('article page /blog/{slug}', () => {
  it('shows the breadcrumb, title, dates as the market writes them (day-month-year here; month-day-year under /us), featured image, article body and the link back', async () => {
    const { res, html } = await t.crawl(`/blog/${SLUG}`);
    expect(res.status).toBe(200);
    const main = mainOf(html);
    expect(textOf(main.match(/<nav aria-label="Breadcrumb"[\s\S]*?<\/nav>/)![0])).toBe(
      'Home / Training Gun Digest / Dry-Fire Fundamentals: Building Skill Without Live Ammunition',
    );
    expect(main).toContain('<a href="/training-gun-digest" class="hover:text-red-700 hover:underline">Training Gun Digest</a>');
    expect(main.match(/<h1\b/g)).toHaveLength(1);
    expect(textOf(main.match(/<h1[\s\S]*?<\/h1>/)![0])).toBe('Dry-Fire Fundamentals: Building Skill Without Live Ammunition');
    expect(textOf(main)).toContain('Published 12 September 2024');
    expect(textOf(main)).toContain('Last Updated 3 February 2025');
    expect(main).toContain('<time dateTime="2024-09-12T08:30:00.000Z">12 September 2024</time>');
    expect(mainOf((await t.crawl(`/us/blog/${SLUG}`)).html)).toContain(
      '<time dateTime="2024-09-12T08:30:00.000Z">September 12, 2024</time>',
    );
    expect(main).toMatch(/<img src="\/images\/blog\/dry-fire-fundamentals.svg" alt="Dry-Fire Fundamentals[^"]*" width="1200" height="630"/);
    expect(main).toContain('<h2>Safety comes first, every session</h2>');
    expect(main).toContain('<a href="/products">laser training pistols</a>');
    expect(main).toMatch(/<a href="\/training-gun-digest" class="btn btn-secondary">[\s\S]*?Back to/);
  });

  it('lists the featured products with images, names, links and prices: EUR by default, GBP for GB', async () => {
    const eu = sectionOf(mainOf((await t.crawl(`/blog/${SLUG}`)).html), 'PRODUCTS FEATURED IN THIS ARTICLE');
    expect(eu).toBeDefined();
    const links = [...eu.matchAll(/<a href="([^"]+)"/g)].map((m) => m[1]);
    expect(links).toEqual(['/product/1/g-series-laser-training-pistol', '/product/4/essential-laser-training-pistol']);
    expect(eu).toContain('src="/images/products/1-main.svg"');
    expect(textOf(eu)).toContain('G-Series Laser Training Pistol');
    expect(textOf(eu)).toContain(price(1, 'EUR'));
    expect(textOf(eu)).toContain(price(4, 'EUR'));
    expect(eu).toContain('data-prices=');

    const gb = sectionOf(mainOf((await t.crawl(`/blog/${SLUG}`, { 'CF-IPCountry': 'GB' })).html), 'PRODUCTS FEATURED');
    expect(textOf(gb)).toContain(price(1, 'GBP'));
    expect(textOf(gb)).toContain(price(4, 'GBP'));
    expect(gb).not.toContain('€');
  });

  it('shows up to 3 related articles: most tags in common, then newest; never the post itself nor the draft', async () => {
    const related = sectionOf(mainOf((await t.crawl(`/blog/${SLUG}`)).html), 'RELATED ARTICLES');
    const cards = [...related.matchAll(/<article[\s\S]*?<\/article>/g)].map((m) => m[0]);
    expect(cards).toHaveLength(3);
    const hrefs = cards.map((card) => card.match(/<a href="([^"]+)"/)![1]);
    // home-dry-fire-range-setup shares Fundamentals, dry fire and safety; trigger-control-par-times shares
    // Fundamentals; nothing else shares a tag, so the newest other post fills the last place.
    expect(hrefs).toEqual([
      '/training-gun-digest/home-dry-fire-range-setup',
      '/training-gun-digest/trigger-control-par-times',
      '/training-gun-digest/choosing-a-laser-training-bundle',
    ]);
    expect(related).not.toContain(SLUG);
    expect(related).not.toContain('draft-winter-training-plan');
    const first = cards[2]!;
    expect(first).toMatch(/<img src="\/images\/blog\/choosing-a-laser-training-bundle.svg" alt="" width="1200" height="630"/);
    expect(textOf(first)).toContain('Equipment Guides');
    expect(textOf(first)).toContain('16 September 2025');
    expect(textOf(first)).toContain('Choosing a Laser Training Bundle: Which Kit Fits Your Training?');
    expect(textOf(first)).toContain('Bundles combine pistols, targets, knives and accessories');
  });

  it('declares an article with its dates, canonical URL, description and structured data', async () => {
    const { html } = await t.crawl(`/blog/${SLUG}`);
    const excerpt = seedPosts.find((p) => p.slug === SLUG)!.excerpt!;
    expect(excerpt.length).toBeGreaterThan(160);
    const description = html.match(/<meta name="description" content="([^"]*)"/)![1]!;
    expect(description.length).toBeLessThanOrEqual(160);
    expect(description.endsWith('…')).toBe(true);
    expect(excerpt.startsWith(description.slice(0, -1))).toBe(true);
    expect(html).toContain('<meta property="og:type" content="article"/>');
    expect(html).toContain('<meta property="article:published_time" content="2024-09-12T08:30:00.000Z"/>');
    expect(html).toContain('<meta property="article:modified_time" content="2025-02-03T10:20:00.000Z"/>');
    expect(html.match(/<link rel="canonical"[^>]*>/g)).toEqual([
      `<link rel="canonical" href="http://localhost:8787/training-gun-digest/${SLUG}"/>`,
    ]);
    expect(html).toContain(`<meta property="og:url" content="http://localhost:8787/training-gun-digest/${SLUG}"/>`);
    expect(html).toContain('<meta property="og:image" content="http://localhost:8787/images/raster/blog/dry-fire-fundamentals.jpg"/>');

    const blocks = jsonLdBlocks(html);
    expect(blocks.find((b) => b['@type'] === 'Article')).toMatchObject({
      headline: 'Dry-Fire Fundamentals: Building Skill Without Live Ammunition',
      datePublished: '2024-09-12T08:30:00.000Z',
      dateModified: '2025-02-03T10:20:00.000Z',
      image: ['http://localhost:8787/images/raster/blog/dry-fire-fundamentals.jpg'],
      author: { '@type': 'Organization', name: 'StrikePoint Training' },
      publisher: { '@type': 'Organization', name: 'StrikePoint Training' },
      mainEntityOfPage: { '@type': 'WebPage', '@id': `http://localhost:8787/training-gun-digest/${SLUG}` },
    });
    const trail = blocks.find((b) => b['@type'] === 'BreadcrumbList')!.itemListElement as Array<{ name: string; item: string }>;
    expect(trail.map((c) => [c.name, c.item])).toEqual([
      ['Home', 'http://localhost:8787/'],
      ['Training Gun Digest', 'http://localhost:8787/training-gun-digest'],
      ['Dry-Fire Fundamentals: Building Skill Without Live Ammunition', `http://localhost:8787/training-gun-digest/${SLUG}`],
    ]);
  });

  it('gives a crawler the complete page in one piece, with no Suspense fallbacks', async () => {
    const { html } = await t.crawl(`/blog/${SLUG}`);
    expect(html).not.toContain('<!--$?-->');
    expect(html).not.toContain('<template id="B:');
    expect(html).not.toContain('data-skeleton');
    const main = mainOf(html);
    expect(main).toContain('PRODUCTS FEATURED IN THIS ARTICLE');
    expect(main).toContain('RELATED ARTICLES');
  });

  it('gives a browser the article and its products first, with a skeleton where related articles stream in after it', async () => {
    const { res, html } = await t.get(`/blog/${SLUG}`, RETURNING_VISITOR);
    expect(res.status).toBe(200);
    const main = mainOf(html);
    expect(main).toContain('<h2>Safety comes first, every session</h2>');
    expect(main).toContain('/product/1/g-series-laser-training-pistol');
    expect(main).not.toContain('data-skeleton="article-products"');
    // React sends a finished block of this size after the page body, whether or not it was ready in time.
    expect(main).toContain('data-skeleton="related-articles"');
    expect(html.indexOf('/training-gun-digest/home-dry-fire-range-setup')).toBeGreaterThan(html.indexOf('</main>'));
  });

  it('shows no product block, and reserves no space for one, for a post without products', async () => {
    const main = mainOf((await t.get('/blog/blue-guns')).html);
    expect(main).not.toContain('PRODUCTS FEATURED IN THIS ARTICLE');
    expect(main).not.toContain('data-skeleton="article-products"');
  });

  it.each([
    ['the draft', '/blog/draft-winter-training-plan'],
    ['an unknown slug', '/blog/no-such-article'],
    ['a missing slug', '/blog'],
    ['a missing slug with a slash', '/blog/'],
  ])('redirects %s to the digest with 302', async (_, path) => {
    const { res } = await t.crawl(path);
    expect(res.status).toBe(302);
    expect(res.headers.get('location')).toBe(DIGEST);
  });
});

const withoutNonce = (html: string) => html.replace(/nonce="[^"]*"/g, '');

describe('one article, two addresses', () => {
  it('shows the same article at /training-gun-digest/{slug} and /blog/{slug}, both with the one canonical', async () => {
    const canonical = `<link rel="canonical" href="http://localhost:8787/training-gun-digest/${SLUG}"/>`;
    const digest = await t.crawl(`${DIGEST}/${SLUG}`);
    const blog = await t.crawl(`/blog/${SLUG}`);
    for (const { res, html } of [digest, blog]) {
      expect(res.status).toBe(200);
      expect(html.match(/<link rel="canonical"[^>]*>/g)).toEqual([canonical]);
      expect(textOf(mainOf(html).match(/<h1[\s\S]*?<\/h1>/)![0])).toBe('Dry-Fire Fundamentals: Building Skill Without Live Ammunition');
    }
    // The nonce differs per response; the article itself is the same.
    expect(withoutNonce(mainOf(blog.html))).toBe(withoutNonce(mainOf(digest.html)));
  });

  it('lands every guide link of every product on its article', async () => {
    const links = new Set(products.flatMap((p) => p.related_guides.map((g) => g.url)));
    expect(links.size).toBeGreaterThanOrEqual(5);
    for (const url of links) {
      const { res, html } = await t.crawl(url);
      expect(res.status, url).toBe(200);
      const slug = url.split('/').pop()!;
      expect(html, url).toContain(`<link rel="canonical" href="http://localhost:8787/training-gun-digest/${slug}"/>`);
      expect(html, url).toContain('<meta property="og:type" content="article"/>');
    }
  });

  it('uses the meta title and description from the front matter when a post has them', async () => {
    await t.deps.db
      .update(blogPosts)
      .set({ metaTitle: 'Dry Fire at Home', metaDescription: 'A short description for search results.' })
      .where(sql`${blogPosts.slug} = 'blue-guns'`);
    await t.deps.readCache.contentChanged();
    const { html } = await t.crawl(`${DIGEST}/blue-guns`);
    expect(html).toContain('<title>Dry Fire at Home | StrikePoint Training</title>');
    expect(html).toContain('<meta name="description" content="A short description for search results."/>');
  });
});

describe('scheduled publishing', () => {
  it('shows a post whose published_at is in the future nowhere until its time, then everywhere without a sync', async () => {
    // Synced a moment before its time (the sync tells the cache, as content:sync does).
    const due = Date.now() + 1500;
    const at = new Date(due).toISOString();
    await t.deps.db.insert(blogPosts).values({
      title: 'Coming Soon Guide',
      slug: 'coming-soon-guide',
      excerpt: 'Scheduled.',
      tags: ['Fundamentals'],
      published: true,
      publishedAt: at,
      updatedAt: at,
      content: '<p>Later.</p>',
    });
    await t.deps.readCache.contentChanged();
    // Not yet an article: the address is no page yet (404, nothing kept).
    expect((await t.crawl(`${DIGEST}/coming-soon-guide`)).res.status).toBe(404);
    expect((await t.crawl('/blog/coming-soon-guide')).res.status).toBe(302);
    for (const path of [DIGEST, '/guides', '/guides?q=coming', '/sitemaps/default.xml', `${DIGEST}/feed.xml`]) {
      expect((await t.crawl(path)).html, path).not.toContain('coming-soon-guide');
    }
    // Its time comes: no sync and no write needed, and no cached read hides it.
    await new Promise((resolve) => setTimeout(resolve, Math.max(0, due - Date.now()) + 50));
    expect((await t.crawl('/blog/coming-soon-guide')).res.status).toBe(200);
    expect((await t.crawl(`${DIGEST}/coming-soon-guide`)).res.status).toBe(200);
    for (const path of [DIGEST, '/guides', '/sitemaps/default.xml', `${DIGEST}/feed.xml`]) {
      expect((await t.crawl(path)).html, path).toContain('coming-soon-guide');
    }
    await t.deps.db.delete(blogPosts).where(sql`${blogPosts.slug} = 'coming-soon-guide'`);
    await t.deps.readCache.contentChanged();
  });
});

describe('article HTML from the database', () => {
  const slug = 'hostile-content-check';
  beforeAll(async () => {
    const [post] = await t.deps.db
      .insert(blogPosts)
      .values({
        title: 'Hostile <b>content</b> check',
        slug,
        excerpt: 'Checks the sanitiser.',
        tags: ['Fundamentals'],
        published: true,
        publishedAt: '2020-01-01T00:00:00.000Z',
        updatedAt: '2020-01-02T00:00:00.000Z',
        content: [
          '<p>Safe text stays.</p>',
          '<script>window.__pwned = true</script>',
          '<img src="x" onerror="window.__pwned = true">',
          '<p onclick="steal()" style="position:fixed">Click</p>',
          '<iframe src="https://evil.example/"></iframe>',
          '<a href="javascript:alert(1)">bad link</a>',
          '<a href="https://example.com/more" target="_blank">external</a>',
        ].join(''),
      })
      .returning({ id: blogPosts.id });
    await t.deps.db.insert(blogProductRelations).values([
      { blogId: post!.id, productId: 999 },
      { blogId: post!.id, productId: 10 },
    ]);
  });

  it('renders a post whose content holds a script and event handlers without them', async () => {
    const { res, html } = await t.crawl(`/blog/${slug}`);
    expect(res.status).toBe(200);
    const main = mainOf(html);
    expect(html).not.toContain('__pwned');
    expect(main).not.toMatch(/\son[a-z]+=/i);
    expect(main).not.toContain('javascript:');
    expect(main).not.toContain('<iframe');
    expect(main).not.toContain('position:fixed');
    expect(main).toContain('<p>Safe text stays.</p>');
    expect(main).toContain('<p>Click</p>');
    expect(main).toContain('<a>bad link</a>');
    expect(main).toContain('<a rel="noopener" href="https://example.com/more">external</a>');
    // The title is text, never markup.
    expect(main).toContain('Hostile &lt;b&gt;content&lt;/b&gt; check');
  });

  it('skips product ids that are not in the catalogue', async () => {
    const block = sectionOf(mainOf((await t.crawl(`/blog/${slug}`)).html), 'PRODUCTS FEATURED IN THIS ARTICLE');
    expect([...block.matchAll(/<a href="([^"]+)"/g)].map((m) => m[1])).toEqual(['/product/10/marking-edge-training-knife']);
  });
});

describe('failed blog reads', () => {
  let broken: TestApp;
  const { log, lines: logs } = keptLog();
  beforeAll(async () => {
    broken = await startTestApp({ log });
  });
  afterAll(() => broken.close());

  it('leaves out the products block when its read fails, and logs it', async () => {
    await broken.deps.db.run(sql`DROP TABLE blog_product_relations`);
    const { res, html } = await broken.crawl(`/blog/${SLUG}`);
    expect(res.status).toBe(200);
    expect(html).not.toContain('PRODUCTS FEATURED IN THIS ARTICLE');
    expect(html).toContain('RELATED ARTICLES');
    expect(logs.some((l) => l.level === 'error' && l.msg === 'database read failed: post-products')).toBe(true);
  });

  it('redirects to the digest when the post read fails with nothing kept, and logs it', async () => {
    // A new instance: the post read by the test above is kept there and would be served instead.
    const cold = await startTestApp({ log });
    await cold.deps.db.run(sql`DROP TABLE blog_posts`);
    const { res } = await cold.crawl(`/blog/${SLUG}`);
    expect(res.status).toBe(302);
    expect(res.headers.get('location')).toBe(DIGEST);
    expect(logs.some((l) => l.level === 'error' && l.msg === 'database read failed: post')).toBe(true);
    await cold.close();
  });
});
