import { sql } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { GuideBrowserProps } from '#ui/islands/GuideBrowser.tsx';
import { productPath } from '#shared/catalogue/product.ts';
import { filterGuides } from '#shared/editorial/guides.ts';
import { displayPrice } from '#shared/catalogue/prices.ts';
import { formatMoney } from '#shared/money.ts';
import { blogPosts, postCategories } from '#worker/posts/post-tables.ts';
import { attr, decodeEntities, jsonLdBlocks, mainOf, RETURNING_VISITOR, sectionOf, textOf } from '../../support/html';
import { keptLog, startTestApp, type TestApp } from '../../support/test-app';
import { productById } from '../../support/catalogue';

const NO_CATEGORY_POSTS = 'No articles in this category yet.';
const NO_POSTS = 'No articles published yet. Check back soon!';

let t: TestApp;
beforeAll(async () => {
  t = await startTestApp();
});
afterAll(() => t.close());

/** The category cards: each card's heading and the hrefs of its article links. */
function categoryCards(main: string) {
  return [...main.matchAll(/<article aria-labelledby="digest-category-[^"]+"[\s\S]*?<\/article>/g)].map((m) => ({
    name: textOf(m[0].match(/<h3[\s\S]*?<\/h3>/)![0]),
    links: [...m[0].matchAll(/<a href="(\/training-gun-digest\/[^"]+)"/g)].map((l) => l[1]),
    text: textOf(m[0]),
  }));
}

const cardLinks = (html: string) => [...html.matchAll(/<article class="relative[\s\S]*?<a href="([^"]+)"/g)].map((m) => m[1]);

describe('digest landing /training-gun-digest', () => {
  it('shows the categories from the database, each with its 3 newest published posts linking to the article', async () => {
    const { res, html } = await t.crawl('/training-gun-digest');
    expect(res.status).toBe(200);
    const main = mainOf(html);
    expect(main.match(/<h1\b/g)).toHaveLength(1);
    expect(textOf(main.match(/<h1[\s\S]*?<\/h1>/)![0])).toBe('Training Gun Digest');
    expect(categoryCards(main).map(({ name, links }) => [name, links])).toEqual([
      [
        'Equipment Guides',
        [
          '/training-gun-digest/choosing-a-laser-training-bundle',
          '/training-gun-digest/blue-guns-durability-test',
          '/training-gun-digest/blue-training-guns',
        ],
      ],
      [
        'Fundamentals',
        [
          '/training-gun-digest/trigger-control-par-times',
          '/training-gun-digest/home-dry-fire-range-setup',
          '/training-gun-digest/dry-fire-fundamentals',
        ],
      ],
      [
        'Tactical Training',
        [
          '/training-gun-digest/who-trusts-laser-training',
          '/training-gun-digest/laser-training-knife-drills',
          '/training-gun-digest/law-enforcement-training',
        ],
      ],
    ]);
    expect(main).not.toContain('draft-winter-training-plan');
    expect(main).not.toContain(NO_CATEGORY_POSTS);
  });

  it('shows the 2 latest posts as cards, featured equipment with prices, and links to the guides and the shop', async () => {
    const main = mainOf((await t.crawl('/training-gun-digest')).html);
    const latest = sectionOf(main, 'Latest Articles');
    expect(cardLinks(latest)).toEqual([
      '/training-gun-digest/choosing-a-laser-training-bundle',
      '/training-gun-digest/blue-guns-durability-test',
    ]);
    expect(textOf(latest)).toContain('16 September 2025');

    const equipment = sectionOf(main, 'Featured Equipment');
    const products = [1, 2, 3].map((id) => productById(id)!);
    expect([...equipment.matchAll(/<a href="([^"]+)"/g)].map((m) => m[1])).toEqual(products.map(productPath));
    for (const p of products) expect(textOf(equipment)).toContain(formatMoney(displayPrice(p, 'EUR'), 'EUR'));
    expect(equipment).toContain('data-prices=');

    expect(main).toContain('href="/guides"');
    expect(main).toContain('href="/products"');
  });

  it('answers 404 to a slug that is no published article and no category (issue 69: a made-up address is no page)', async () => {
    for (const path of ['/training-gun-digest/no-such-post', '/training-gun-digest/draft-winter-training-plan', '/guides/no-such-guide']) {
      const { res, html } = await t.crawl(path);
      expect(res.status, path).toBe(404);
      expect(html).toContain('Page Not Found');
      expect(res.headers.get('cloudflare-cdn-cache-control'), path).toBeNull();
    }
  });

  it('declares one canonical address and a CollectionPage', async () => {
    for (const path of ['/training-gun-digest']) {
      const { res, html } = await t.crawl(path);
      expect(res.status, path).toBe(200);
      expect(html).toContain('<link rel="canonical" href="http://localhost:8787/training-gun-digest"/>');
      expect(categoryCards(mainOf(html)), path).toHaveLength(3);
      expect(jsonLdBlocks(html).find((b) => b['@type'] === 'CollectionPage')).toMatchObject({
        name: 'Training Gun Digest',
        url: 'http://localhost:8787/training-gun-digest',
      });
    }
  });

  it('shows a category slug as the landing filtered to that category, with its own canonical', async () => {
    const { res, html } = await t.crawl('/training-gun-digest/fundamentals');
    expect(res.status).toBe(200);
    const main = mainOf(html);
    expect(textOf(main.match(/<h1[\s\S]*?<\/h1>/)![0])).toBe('Training Gun Digest: Fundamentals');
    expect(categoryCards(main).map(({ name, links }) => [name, links])).toEqual([
      [
        'Fundamentals',
        [
          '/training-gun-digest/trigger-control-par-times',
          '/training-gun-digest/home-dry-fire-range-setup',
          '/training-gun-digest/dry-fire-fundamentals',
        ],
      ],
    ]);
    expect(cardLinks(sectionOf(main, 'Latest Articles'))).toEqual([
      '/training-gun-digest/trigger-control-par-times',
      '/training-gun-digest/home-dry-fire-range-setup',
    ]);
    expect(html).toContain('<link rel="canonical" href="http://localhost:8787/training-gun-digest/fundamentals"/>');
  });

  it('announces the Atom feed in the head', async () => {
    for (const path of ['/training-gun-digest', '/guides', '/training-gun-digest/blue-guns']) {
      const { html } = await t.crawl(path);
      expect(html, path).toContain(
        '<link rel="alternate" href="http://localhost:8787/training-gun-digest/feed.xml" type="application/atom+xml" title="Training Gun Digest"/>',
      );
    }
  });

  it('streams a browser the page with skeletons for 3 category cards and 2 article cards, filled after the body', async () => {
    const { html } = await t.get('/training-gun-digest', RETURNING_VISITOR);
    const main = mainOf(html);
    const skeleton = (name: string) => main.match(new RegExp(`data-skeleton="${name}"[\\s\\S]*?</ul>`))![0];
    expect(skeleton('digest-categories').match(/<li /g)).toHaveLength(3);
    expect(skeleton('latest-articles').match(/<li>/g)).toHaveLength(2);
    expect(html.indexOf('/training-gun-digest/trigger-control-par-times')).toBeGreaterThan(html.indexOf('</main>'));
  });
});

describe('guides list /guides', () => {
  it('lists every published post with a search box and a category select in a GET form', async () => {
    const { res, html } = await t.crawl('/guides');
    expect(res.status).toBe(200);
    const main = mainOf(html);
    expect(textOf(main.match(/<h1[\s\S]*?<\/h1>/)![0])).toBe('Guides');
    const form = main.match(/<form[^>]*>/)![0];
    expect(form).toContain('action="/guides"');
    expect(form).toContain('method="get"');
    expect(main).toMatch(/<label for="guides-q"[^>]*>Search guides<\/label>/);
    expect(main).toMatch(/<label for="guides-category"[^>]*>Category<\/label>/);
    const input = main.match(/<input id="guides-q"[^>]*>/)![0];
    for (const a of ['type="search"', 'name="q"', 'value=""', 'placeholder="Search guides..."']) expect(input).toContain(a);
    expect(textOf(main.match(/<select[\s\S]*?<\/select>/)![0])).toBe('All Equipment Guides Fundamentals Tactical Training');
    expect(main).toContain('<option value="equipment-guides">Equipment Guides</option>');
    expect(cardLinks(main)).toHaveLength(12);
    expect(textOf(main)).toContain('12 guides found');
    expect(html).toContain('<link rel="canonical" href="http://localhost:8787/guides"/>');
  });

  it('filters by search text (any case) and category, keeping the choices in the form', async () => {
    const { html } = await t.crawl('/guides?q=BLUE&category=equipment-guides');
    const main = mainOf(html);
    expect(cardLinks(main)).toEqual([
      '/training-gun-digest/blue-guns-durability-test',
      '/training-gun-digest/blue-training-guns',
      '/training-gun-digest/blue-guns',
    ]);
    expect(main).toContain('value="BLUE"');
    expect(main).toContain('<option value="equipment-guides" selected="">Equipment Guides</option>');
    expect(cardLinks(mainOf((await t.crawl('/guides?category=fundamentals')).html))).toEqual([
      '/training-gun-digest/trigger-control-par-times',
      '/training-gun-digest/home-dry-fire-range-setup',
      '/training-gun-digest/dry-fire-fundamentals',
    ]);
    expect(cardLinks(mainOf((await t.crawl('/guides?q=blue&category=fundamentals')).html))).toEqual([]);
  });

  it('shows the no-results texts and a reset link that clears both filters', async () => {
    const main = mainOf((await t.crawl('/guides?q=zzzz&category=tactical-training')).html);
    expect(cardLinks(main)).toEqual([]);
    expect(textOf(main)).toContain('No guides found');
    expect(textOf(main)).toContain('Try adjusting your search or filter criteria.');
    expect(main).toMatch(/<a href="\/guides" class="btn btn-secondary[^"]*">Reset Filters<\/a>/);
  });

  it('answers /guides/{slug} with the same list and canonical, and streams 6 skeleton cards to a browser', async () => {
    const { res, html } = await t.crawl('/guides/blue-guns');
    expect(res.status).toBe(200);
    expect(cardLinks(mainOf(html))).toHaveLength(12);
    expect(html).toContain('<link rel="canonical" href="http://localhost:8787/guides"/>');
    const streamed = mainOf((await t.get('/guides', RETURNING_VISITOR)).html);
    expect(streamed.match(/data-skeleton="guides"[\s\S]*?<\/ul>/)![0].match(/<li>/g)).toHaveLength(6);
  });
});

/** The GuideBrowser marker's props, as the client entry reads them. */
function islandProps(html: string) {
  const marker = html.match(/<div class="contents" data-island="GuideBrowser"[^>]*>/)?.[0];
  expect(marker, 'GuideBrowser marker').toBeDefined();
  return JSON.parse(decodeEntities(attr(marker!, 'data-props')!)) as GuideBrowserProps;
}

/** The text of the guides list's live region: the count or the no-results heading. */
const live = (html: string) => textOf(mainOf(html).match(/<div aria-live="polite" aria-atomic="true">[\s\S]*?<\/h2>/)![0]);

describe('guides list island', () => {
  it('hands the island the page the server found, the category names and the filter, around the same HTML', async () => {
    const all = islandProps((await t.crawl('/guides')).html);
    expect(all.cards).toHaveLength(12);
    expect(all).toMatchObject({ page: 1, pageCount: 1, total: 12 });
    expect(all.cards.map((c) => c.slug)).not.toContain('draft-winter-training-plan');
    expect(all.cards[0]).toMatchObject({
      slug: 'choosing-a-laser-training-bundle',
      category: 'Equipment Guides',
      categorySlug: 'equipment-guides',
    });
    const { html } = await t.crawl('/guides?q=+BLUE+&category=equipment-guides');
    const props = islandProps(html);
    expect(props.initial).toEqual({ q: 'BLUE', category: 'equipment-guides' });
    expect(props.categories).toEqual(['Equipment Guides', 'Fundamentals', 'Tactical Training']);
    expect(props).toMatchObject({ page: 1, pageCount: 1, total: 3 });
    // What the island's first render shows is what the server sent: the filtered list inside the marker.
    const inside = mainOf(html).slice(mainOf(html).indexOf('data-island="GuideBrowser"'));
    expect(cardLinks(inside)).toEqual([
      '/training-gun-digest/blue-guns-durability-test',
      '/training-gun-digest/blue-training-guns',
      '/training-gun-digest/blue-guns',
    ]);
    expect(cardLinks(inside)).toEqual(filterGuides(props.cards, props.initial).map((c) => `/training-gun-digest/${c.slug}`));
  });

  it('puts the count, or the no-results texts, in a polite live region', async () => {
    expect(live((await t.crawl('/guides')).html)).toBe('12 guides found');
    expect(live((await t.crawl('/guides?category=fundamentals')).html)).toBe('3 guides found');
    expect(live((await t.crawl('/guides?q=zzzz')).html)).toBe('No guides found');
  });

  it('streams a browser the same form, disabled, above the skeletons, and the island after the body', async () => {
    const { html } = await t.get('/guides?q=blue', RETURNING_VISITOR);
    const main = mainOf(html);
    const fallback = main.slice(0, main.indexOf('data-skeleton="guides"'));
    expect(fallback).not.toContain('data-island');
    const input = fallback.match(/<input id="guides-q"[^>]*>/)![0];
    for (const a of ['name="q"', 'value="blue"', 'disabled=""', 'placeholder="Search guides..."']) expect(input).toContain(a);
    expect(fallback.match(/<select id="guides-category"[^>]*>/)![0]).toContain('disabled=""');
    expect(html.indexOf('data-island="GuideBrowser"')).toBeGreaterThan(html.indexOf('</main>'));
    const props = islandProps(html);
    expect(props.cards.length).toBe(props.total);
    expect(props.cards.every((c) => `${c.title} ${c.excerpt}`.toLowerCase().includes('blue'))).toBe(true);
  });
});

describe('empty and failed blog reads', () => {
  let app: TestApp;
  const { log, lines: logs } = keptLog();
  beforeAll(async () => {
    app = await startTestApp({ log });
  });
  afterAll(() => app.close());

  it('says a category has no articles yet, then that nothing is published, as rows go', async () => {
    await app.deps.db.delete(blogPosts).where(sql`json_extract(${blogPosts.tags}, '$[0]') = 'Fundamentals'`);
    // What content:sync does after it writes: kept reads are checked again.
    await app.deps.readCache.contentChanged();
    let main = mainOf((await app.crawl('/training-gun-digest')).html);
    const cards = categoryCards(main);
    expect(cards.find((c) => c.name === 'Fundamentals')).toMatchObject({ links: [] });
    expect(cards.find((c) => c.name === 'Fundamentals')!.text).toContain(NO_CATEGORY_POSTS);
    expect(cards.filter((c) => c.text.includes(NO_CATEGORY_POSTS))).toHaveLength(1);
    expect(textOf(main)).not.toContain(NO_POSTS);

    await app.deps.db.delete(blogPosts);
    await app.deps.readCache.contentChanged();
    main = mainOf((await app.crawl('/training-gun-digest')).html);
    expect(categoryCards(main).map((c) => c.links)).toEqual([[], [], []]);
    expect(textOf(sectionOf(main, 'Latest Articles'))).toContain(NO_POSTS);
    expect(textOf(mainOf((await app.crawl('/guides')).html))).toContain('No guides found');
  });

  it('still answers 200 with the empty texts when every read fails with nothing kept, and logs each failure', async () => {
    // A new instance: nothing read yet, so nothing kept to serve instead.
    const cold = await startTestApp({ log });
    await cold.deps.db.run(sql`DROP TABLE blog_product_relations`);
    await cold.deps.db.run(sql`DROP TABLE blog_posts`);
    await cold.deps.db.run(sql`DROP TABLE ${postCategories}`);
    const { res, html } = await cold.crawl('/training-gun-digest');
    expect(res.status).toBe(200);
    const main = mainOf(html);
    expect(textOf(main)).toContain('Training Gun Digest');
    expect(textOf(sectionOf(main, 'Latest Articles'))).toContain(NO_POSTS);
    expect(textOf(main)).toContain('Featured Equipment');
    for (const msg of ['per-category', 'latest', 'categories'].map((what) => `database read failed: ${what}`)) {
      expect(
        logs.some((l) => l.level === 'error' && l.msg === msg),
        msg,
      ).toBe(true);
    }

    const guides = await cold.crawl('/guides?q=blue');
    expect(guides.res.status).toBe(200);
    expect(textOf(mainOf(guides.html))).toContain('No guides found');
    expect(textOf(mainOf(guides.html).match(/<select[\s\S]*?<\/select>/)![0])).toBe('All');
    await cold.close();
  });
});
