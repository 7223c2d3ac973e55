import { afterAll, beforeAll, describe, expect, it } from 'vitest';

import { renderProductError } from '#worker/routes/shop/product-not-found.tsx';
import { BROWSER_UA, jsonLdBlocks, pageEvents } from '../../support/html';
import { KEPT_PAGE_HEADER } from '#shared/caching/kept-routes.ts';
import { logDuring, startTestApp, type TestApp } from '../../support/test-app';
import { paymentLinks, ukPaymentLinks } from '../../support/catalogue';

let t: TestApp;
let withWidget: TestApp;
const WIDGET = 'https://reviews.example.com/embed/widget.js';

beforeAll(async () => {
  [t, withWidget] = await Promise.all([
    startTestApp({
      // The one product failure no catalogue id can cause: rendered by the route's own error path.
      extend: (app) => app.get('/__product-failure', (c) => renderProductError(c, 'failed')),
    }),
    startTestApp({ env: { REVIEWS_WIDGET_URL: WIDGET } }),
  ]);
});
afterAll(() => Promise.all([t.close(), withWidget.close()]));

/** The names of the cards a search shows, server-rendered. */
const searchNames = async (q: string) =>
  [...(await t.get(`/products?q=${encodeURIComponent(q)}`)).html.matchAll(/<article[\s\S]*?<h2[^>]*>([\s\S]*?)<\/h2>/g)].map((m) =>
    m[1]!.replace(/<[^>]+>/g, ''),
  );
const count = (html: string, needle: string | RegExp) => html.split(needle).length - 1;
const h1 = (html: string) =>
  html
    .match(/<h1\b[^>]*>([\s\S]*?)<\/h1>/)?.[1]
    ?.replace(/<[^>]+>/g, '')
    .replace(/<!-- -->/g, '');
const boxes = (html: string) => html.match(/<input type="checkbox"[^>]*>/g) ?? [];
const GB = { 'CF-IPCountry': 'GB' };
const US = { 'CF-IPCountry': 'US' };

describe('home', () => {
  it('has the hero, four category tiles, the two bestsellers, reviews claim, trust figures and a call to action', async () => {
    const { res, html } = await t.get('/');
    expect(res.status).toBe(200);
    expect(count(html, '<h1')).toBe(1);
    expect(html).toMatch(/<a href="\/products" class="btn btn-primary">Shop Now<\/a>/);
    // Shows "Learn More"; its accessible name says what about (link text that only says "Learn More" fails SEO audits).
    expect(html).toMatch(/<a href="\/about"[^>]*>Learn More<span class="sr-only"> about (<!-- -->)?StrikePoint Training<\/span><\/a>/);
    for (const id of ['pistols', 'rifles', 'knives', 'bundles']) expect(html).toContain(`href="/products?category=${id}"`);
    expect(html).toContain('Training Categories');
    expect(html).toContain('data-island="FeaturedProducts"');
    expect(count(html, '<article')).toBe(2);
    expect(html).toContain('G-Series Laser Training Pistol');
    expect(html).toContain('Marking Edge Training Knife');
    expect(html).toMatch(/View All<span class="sr-only"> products<\/span>/);
    // No review yet in this shop: no count (none is made up).
    expect(html).not.toMatch(/data-review-summary|verified reviews|What Our Customers Say/);
    for (const figure of ['1,200+', '15.5K', '8.8K', '70%']) expect(html).toContain(figure);
    expect(html).toContain('Why Choose');
    expect(html).toContain('Ready to Start Training?');
    expect(html).toContain('<link rel="canonical" href="http://localhost:8787/"/>');
  });

  it('prices the featured cards in the region currency: EUR by default, GBP for GB, USD for US', async () => {
    expect((await t.get('/')).html).toContain('€174.99');
    expect((await t.get('/', GB)).html).toContain('£149.99');
    expect((await t.get('/', US)).html).toContain('$189.99');
  });

  it('declares view_item_list for the featured products', async () => {
    const events = pageEvents((await t.get('/')).html) as Array<{ event: string; ecommerce: { items: Array<{ item_id: string }> } }>;
    expect(events).toHaveLength(1);
    expect(events[0]!.event).toBe('view_item_list');
    expect(events[0]!.ecommerce.items.map((i) => i.item_id)).toEqual(['1', '10']);
  });

  it('renders no review widget and allows no widget origin while the setting is unset', async () => {
    const { res, html } = await t.get('/');
    expect(html).not.toContain('data-island="ReviewsWidget"');
    expect(res.headers.get('content-security-policy')).not.toContain('reviews.example.com');
  });

  it('loads the review widget through an island and allows only its origin when set', async () => {
    const { res, html } = await withWidget.get('/');
    expect(html).toContain('data-island="ReviewsWidget"');
    expect(html).toContain(JSON.stringify({ src: WIDGET }).replace(/"/g, '&quot;'));
    // The script itself is added by the island in the browser, never in the HTML.
    expect(html).not.toContain(`<script src="${WIDGET}"`);
    expect(html).toContain('What Our Customers Say');
    // The widget's figures are the provider's: said before them.
    expect(html).toContain('Reviews and ratings below come from our review provider (reviews.example.com)');
    // A page rendered for the visitor who asked: its scripts allowed by nonce.
    expect(res.headers.get('content-security-policy')).toMatch(
      /script-src 'self' 'nonce-[^']+' 'strict-dynamic' https:\/\/reviews\.example\.com;/,
    );
    // The page as the step in front asks for it, to be kept for everyone: its scripts allowed by hash.
    const kept = (await withWidget.get('/', { [KEPT_PAGE_HEADER]: 'EU.default.' })).res.headers.get('content-security-policy')!;
    expect(kept).toMatch(/script-src 'self' ('sha256-[^']+' )+'strict-dynamic' https:\/\/reviews\.example\.com;/);
  });
});

describe('product list', () => {
  it('lists all 15 products with heading, count, filters, search and view toggle', async () => {
    const { res, html } = await t.get('/products');
    expect(res.status).toBe(200);
    expect(h1(html)).toBe('All Products');
    expect(count(html, '<article')).toBe(15);
    expect(html).toContain('15 products');
    for (const name of ['Pistol Trainers', 'Rifle Trainers', 'Training Knives', 'Training Bundles', 'Target Systems']) {
      expect(html).toMatch(new RegExp(`aria-pressed="false"[^>]*>${name}</button>`));
    }
    expect(html).toContain('In Stock Only');
    expect(html).toContain('New Arrivals');
    expect(html).toContain('<search');
    expect(html).toMatch(/<input[^>]*type="search"[^>]*name="q"/);
    expect(html).toMatch(/value="grid" aria-pressed="true"[^>]*name="view">Grid/);
    expect(html).toContain('>Clear Filters</a>');
    expect(html).toContain('<link rel="canonical" href="http://localhost:8787/products"/>');
    expect(html).not.toContain('No products match your current filters.');
  });

  it('In Stock Only hides the Out of Stock knife; New Arrivals keeps the new products; both ride in a GET form and the URL', async () => {
    const plain = await t.get('/products');
    // Twice each: the panel is rendered for wide screens and in the narrow screens' Filters disclosure.
    expect(boxes(plain.html).filter((b) => b.includes('name="in_stock"'))).toHaveLength(2);
    expect(boxes(plain.html).filter((b) => b.includes('name="new_arrivals"'))).toHaveLength(2);
    expect(boxes(plain.html).some((b) => b.includes('checked'))).toBe(false);
    expect(plain.html).toContain('Marking Edge Training Knife');
    expect(plain.html).toContain('href="/product/11/');

    const inStock = await t.get('/products?category=knives&in_stock=on');
    expect(count(inStock.html, '<article')).toBe(1);
    expect(inStock.html).not.toContain('href="/product/11/');
    expect(boxes(inStock.html).filter((b) => b.includes('name="in_stock"') && b.includes('checked=""'))).toHaveLength(2);
    // The other forms carry the box, so sorting or searching keeps it.
    expect(inStock.html).toContain('<input type="hidden" name="in_stock" value="on"/>');
    expect(inStock.html).toContain('<link rel="canonical" href="http://localhost:8787/products?category=knives"/>');

    const fresh = await t.get('/products?new_arrivals=on');
    expect(count(fresh.html, '<article')).toBe(3);
    expect(fresh.html).toContain('3 products');

    const none = await t.get('/products?category=knives&new_arrivals=on');
    expect(count(none.html, '<article')).toBe(0);
    expect(none.html).toContain('No products match your current filters.');
    expect(none.html).toMatch(/Clear (<!-- -->)?Training Knives, New Arrivals(<!-- -->)? to see more\./);
  });

  it('shows feature chips cut to 20 characters and +N more', async () => {
    const { html } = await t.get('/products');
    expect(html).toContain('>Auto-resetting trigg...</li>');
    expect(html).toContain('>+<!-- -->3<!-- --> more</li>');
  });

  it.each([
    ['pistols', 'Pistol Trainers', 5],
    ['rifles', 'Rifle Trainers', 3],
    ['knives', 'Training Knives', 2],
    ['bundles', 'Training Bundles', 4],
    ['targets', 'Target Systems', 1],
    ['new', 'New Arrivals', 3],
    ['featured', 'Featured Products', 2],
  ])('filters by ?category=%s', async (category, title, n) => {
    const { html } = await t.get(`/products?category=${category}`);
    expect(h1(html)).toBe(title);
    expect(count(html, '<article')).toBe(n);
    expect(html).toContain(`<link rel="canonical" href="http://localhost:8787/products?category=${category}"/>`);
    const events = pageEvents(html) as Array<{ ecommerce: { item_list_id: string; items: unknown[] } }>;
    expect(events[0]!.ecommerce).toMatchObject({ item_list_id: category });
    expect(events[0]!.ecommerce.items).toHaveLength(n);
  });

  it('marks the active category; pressing it again clears it', async () => {
    const { html } = await t.get('/products?category=targets');
    expect(html).toContain('Reactive Laser Target System');
    expect(html).toMatch(/value="" aria-pressed="true"[^>]*name="category">Target Systems<\/button>/);
    expect(html).toMatch(/value="pistols" aria-pressed="false"[^>]*name="category">Pistol Trainers<\/button>/);
  });

  it('ignores an unknown category', async () => {
    const { html } = await t.get('/products?category=kits');
    expect(h1(html)).toBe('All Products');
    expect(count(html, '<article')).toBe(15);
  });

  it('searches name, description and features case-insensitively, keeping the other filters in the forms', async () => {
    const { html } = await t.get('/products?q=PICATINNY&view=list');
    expect(h1(html)).toBe('Search results for &quot;PICATINNY&quot;');
    expect(count(html, '<article')).toBe(2);
    expect(html).toContain('AR-Style Laser Training Rifle');
    expect(html).toContain('Bolt-Action Laser Training Rifle');
    expect(html).toContain('<meta name="robots" content="noindex, follow"/>');
    expect(html).toMatch(/<input type="hidden" name="q" value="PICATINNY"\/>/);
    expect(html).toMatch(/<input type="hidden" name="view" value="list"\/>/);
    expect(html).toMatch(/value="list" aria-pressed="true"[^>]*name="view">List/);
  });

  it('shows the empty state with Reset Filters', async () => {
    const { res, html } = await t.get('/products?category=knives&q=picatinny');
    expect(res.status).toBe(200);
    expect(count(html, '<article')).toBe(0);
    expect(html).toContain('No products match your current filters.');
    expect(html).toMatch(/<a href="\/products"[^>]*>Reset Filters<\/a>/);
  });

  it('finds what shoppers type without JavaScript: every word in any order, plurals, a typo, the shop’s words (issue 66)', async () => {
    expect((await searchNames('pistol laser'))[0]).toContain('Laser Training Pistol');
    expect(await searchNames('starter kit')).toEqual([expect.stringContaining('Pistol &amp; Targets Starter Bundle')]);
    expect((await searchNames('knives')).filter((n) => n.includes('Training Knife'))).toHaveLength(2);
    expect((await searchNames('pistl')).length).toBeGreaterThan(0);
    expect((await searchNames('rifle targets'))[0]).toContain('Rifle &amp; Targets Bundle');
  });

  it('says when a search finds nothing and offers the closest names and the categories', async () => {
    const { html } = await t.get('/products?q=pistoll%20holster%20revolver');
    expect(count(html, '<article')).toBe(0);
    expect(html).toContain('No products match your current filters.');
    expect(html).toMatch(/data-closest[^>]*>Closest names:[\s\S]*?<a href="\/product\/\d+\/[^"]*pistol/);
    expect(html).toMatch(/<nav aria-label="Categories"[\s\S]*?href="\/products\?category=pistols"[^>]*>Pistol Trainers</);
  });

  it('prices in EUR by default, GBP for GB and USD for US', async () => {
    expect((await t.get('/products')).html).toContain('€174.99');
    const gb = (await t.get('/products', GB)).html;
    expect(gb).toContain('£149.99');
    expect(gb).toContain('<span class="sr-only">£149.99, was £181.99</span>');
    expect((await t.get('/products', US)).html).toContain('$189.99');
  });

  it('gives each card a no-JS Buy form, Sold Out for the out-of-stock knife, and the campaign as hidden inputs', async () => {
    const { html } = await t.get('/products?category=knives&utm_source=news&utm_medium=email');
    expect(html).toMatch(/<form [^>]*action="\/checkout\/10" method="post"/);
    expect(html).not.toContain('action="/checkout/11"');
    expect(html).toMatch(/<button type="button" disabled=""[^>]*>Sold Out<\/button>/);
    expect(html).toContain('<input type="hidden" name="utm_source" value="news"/>');
    expect(html).toContain('<input type="hidden" name="utm_medium" value="email"/>');
  });
});

/** Product ids in the order their cards appear. */
const cardOrder = (html: string) => [...new Set([...html.matchAll(/<article[\s\S]*?href="\/product\/(\d+)\//g)].map((m) => Number(m[1])))];
const listEvent = (html: string) =>
  (
    pageEvents(html) as Array<{ event: string; ecommerce: { item_list_sort?: string; items: Array<{ item_id: string; index: number }> } }>
  ).find((e) => e.event === 'view_item_list')!;

describe('product list order', () => {
  it('keeps the catalogue order by default and offers the four orders in a GET form', async () => {
    const { html } = await t.get('/products');
    expect(cardOrder(html)).toEqual([1, 2, 3, 4, 5, 6, 7, 8, 9, 10, 11, 12, 13, 14, 15]);
    expect(html).toMatch(/<select[^>]*name="sort"/);
    for (const label of ['Relevance', 'Price: low to high', 'Price: high to low', 'Newest']) expect(html).toContain(`>${label}</option>`);
  });

  it('sorts by price in the currency of the region, low to high and high to low', async () => {
    const eur = cardOrder((await t.get('/products?sort=price-asc')).html);
    expect(eur[0]).toBe(4);
    expect(eur.at(-1)).toBe(14);
    expect(cardOrder((await t.get('/products?sort=price-desc', GB)).html).slice(0, 2)).toEqual([14, 15]);
    // Ties (products 5 and 13 cost the same) keep the catalogue order either way.
    expect(cardOrder((await t.get('/products?sort=price-desc', US)).html).slice(0, 5)).toEqual([14, 15, 2, 5, 13]);
  });

  it('sorts within a category and a search, keeping the order in the other forms and in view_item_list', async () => {
    const { html } = await t.get('/products?category=pistols&sort=price-desc&view=list');
    expect(cardOrder(html)).toEqual([9, 7, 1, 8, 4]);
    expect(html).toContain('<link rel="canonical" href="http://localhost:8787/products?category=pistols"/>');
    expect(html).toMatch(/<input type="hidden" name="sort" value="price-desc"\/>/);
    const event = listEvent(html);
    expect(event.ecommerce.item_list_sort).toBe('price-desc');
    expect(event.ecommerce.items.map((i) => i.item_id)).toEqual(['9', '7', '1', '8', '4']);
    const searched = cardOrder((await t.get('/products?q=laser&sort=price-asc')).html);
    expect(searched.length).toBeGreaterThan(1);
    expect(searched[0]).toBe(4);
  });

  it('ignores an unknown order', async () => {
    expect(cardOrder((await t.get('/products?sort=cheapest')).html)).toEqual(cardOrder((await t.get('/products')).html));
  });

  it('puts new arrivals first for newest', async () => {
    expect(cardOrder((await t.get('/products?sort=newest')).html).slice(0, 3)).toEqual([14, 9, 5]);
  });
});

describe('product detail', () => {
  it('renders the product at /product/{id} and its own slug, with the canonical slug', async () => {
    for (const path of ['/product/1', '/product/1/g-series-laser-training-pistol']) {
      const { res, html } = await t.get(path);
      expect(res.status, path).toBe(200);
      expect(html).toContain('<link rel="canonical" href="http://localhost:8787/product/1/g-series-laser-training-pistol"/>');
      expect(h1(html)).toContain('G-Series Laser Training Pistol');
    }
  });

  it('sends a wrong slug to the product’s own address (301), in its market and with its query (issue 69)', async () => {
    for (const [path, to] of [
      ['/product/1/whatever', '/product/1/g-series-laser-training-pistol'],
      ['/gb/product/1/whatever?reviews=newest', '/gb/product/1/g-series-laser-training-pistol?reviews=newest'],
      ['/product/10/g-series-laser-training-pistol', '/product/10/marking-edge-training-knife'],
    ]) {
      const { res } = await t.get(path!);
      expect(res.status, path).toBe(301);
      expect(res.headers.get('location'), path).toBe(to);
    }
  });

  it('has gallery, badges, discounted price, stock, shipping, description, features, Buy Now, specs, guides, reviews and trust', async () => {
    const { html } = await t.get('/product/1');
    expect(html).toContain('data-island="ProductGallery"');
    for (const src of ['/images/products/1-main.svg', '/images/products/1-card.svg', '/images/products/1-landscape.svg'])
      expect(html).toContain(src);
    expect(html).toMatch(/<img src="\/images\/products\/1-main.svg"[^>]*width="800" height="800" fetchPriority="high"/);
    expect(html).toContain('>BESTSELLER</li>');
    expect(html).toContain('>APP COMPATIBLE</li>');
    expect(html).toContain('€174.99');
    // Read as one sentence; the visual pieces are hidden from screen readers.
    expect(html).toContain('<span class="sr-only">€174.99, was €211.99, 17% off, save €37.00</span>');
    expect(html).toContain('<s aria-hidden="true" class="text-lg text-stone-600">€211.99</s>');
    expect(html).toContain('17<!-- -->% off');
    expect(html).toContain('SAVE <!-- -->€37.00');
    expect(html).toMatch(/data-stock="in"[^>]*>.*In Stock<\/p>/);
    expect(html).toContain('Ships in 1-3 business days');
    expect(html).toContain('Key Features');
    expect(html).toContain('<li>Auto-resetting trigger: no racking between shots</li>');
    expect(html).toMatch(/<form [^>]*action="\/checkout\/1" method="post"/);
    expect(html).toContain('aria-label="Buy Now: G-Series Laser Training Pistol"');
    expect(html).not.toContain('Hurry! Only a few units left.');
    expect(html).toMatch(/<th scope="row"[^>]*>App compatibility<\/th><td[^>]*>iOS: 15\+, Android: 10\+<\/td>/);
    expect(html).toContain('Learn More About This Product');
    expect(html).toContain('href="/training-gun-digest/dry-fire-fundamentals"');
    expect(html).not.toContain('data-review-summary');
    expect(html).toContain('Why Trust');
    expect(html).not.toContain('Loading product information...');
    expect(count(html, '<h1')).toBe(1);
  });

  it("describes the product for crawlers: JSON-LD with an offer per currency, the visitor's first, view_item", async () => {
    const { html } = await t.get('/product/8', GB);
    const product = jsonLdBlocks(html).find((d) => d['@type'] === 'Product')!;
    expect(product).toMatchObject({ name: 'Compact Carry Laser Trainer', brand: { name: 'StrikePoint Training' } });
    expect((product.offers as Array<{ priceCurrency: string; availability: string }>).map((o) => o.priceCurrency)).toEqual([
      'GBP',
      'USD',
      'EUR',
    ]);
    expect((product.offers as Array<{ availability: string }>)[0]!.availability).toBe('https://schema.org/LimitedAvailability');
    expect(pageEvents(html)).toEqual([
      {
        event: 'view_item',
        ecommerce: {
          currency: 'USD',
          value: 149.99,
          items: [{ item_id: '8', item_name: 'Compact Carry Laser Trainer', price: 149.99, item_category: 'pistols' }],
        },
      },
    ]);
  });

  it('warns when stock is low, without the shipping promise', async () => {
    const { html } = await t.get('/product/8');
    expect(html).toMatch(/data-stock="low"/);
    expect(html).toContain('Hurry! Only a few units left. 3 in stock.'); // the spec's sentence, and its opening stock
    expect(html).not.toContain('Ships in 1-3 business days');
  });

  it('disables buying when out of stock', async () => {
    const { html } = await t.get('/product/11');
    expect(html).toMatch(/data-stock="out"/);
    expect(html).toMatch(/<button type="button" disabled=""[^>]*>Out of Stock<\/button>/);
    expect(html).not.toContain('action="/checkout/11"');
  });

  it('shows no discount when the full price equals the price', async () => {
    const { html } = await t.get('/product/7');
    expect(html).toContain('€201.99');
    expect(html).not.toContain('% off');
    expect(html).not.toContain('SAVE ');
  });

  it('prices in GBP for GB and USD for US', async () => {
    expect((await t.get('/product/1', GB)).html).toContain('SAVE <!-- -->£32.00');
    expect((await t.get('/product/1', US)).html).toContain('SAVE <!-- -->$40.00');
  });

  it.each([
    ['/product/abc', 'Invalid product ID'],
    ['/product/1.5', 'Invalid product ID'],
    ['/product/1abc/slug', 'Invalid product ID'],
    ['/product/999', 'Product not found'],
    ['/product/0/anything', 'Product not found'],
  ])('answers %s with 404 and the Product Not Found page (%s)', async (path, reason) => {
    const { res, html } = await t.get(path);
    expect(res.status).toBe(404);
    expect(h1(html)).toBe('Product Not Found');
    expect(html).toContain('Sorry, we couldn&#x27;t find the product you&#x27;re looking for.');
    expect(html).toContain(reason);
    expect(html).toMatch(/<a href="\/products"[^>]*>Back to Products<\/a>/);
    expect(html).toContain('<meta name="robots" content="noindex"/>');
  });

  it('answers an unexpected failure with 500 and Failed to load product data', async () => {
    const { res, html } = await t.get('/__product-failure');
    expect(res.status).toBe(500);
    expect(h1(html)).toBe('Product Not Found');
    expect(html).toContain('Failed to load product data');
    expect(html).toContain('Back to Products');
  });
});

const post = (path: string, body: Record<string, string>, headers: Record<string, string> = {}) =>
  fetch(`${t.url}${path}`, {
    method: 'POST',
    redirect: 'manual',
    // A browser sends the page's origin with every form post (the cross-site check needs it).
    headers: { 'User-Agent': BROWSER_UA, 'Content-Type': 'application/x-www-form-urlencoded', Origin: t.url, ...headers },
    body: new URLSearchParams(body),
  });

describe('checkout without JavaScript', () => {
  it('redirects to the standard payment link with the posted campaign parameters', async () => {
    const res = await post('/checkout/1', { utm_source: 'news', utm_medium: 'email', other: 'x' });
    expect(res.status).toBe(302);
    expect(res.headers.get('location')).toBe(`${paymentLinks['G-Series Laser Training Pistol']}?utm_source=news&utm_medium=email`);
  });

  it('uses the UK link for UK visitors, and campaign values from the query too', async () => {
    const res = await post('/checkout/1?utm_campaign=spring', {}, GB);
    expect(res.status).toBe(302);
    expect(res.headers.get('location')).toBe(`${ukPaymentLinks['G-Series Laser Training Pistol']}?utm_campaign=spring`);
    const plain = await post('/checkout/11', {}, GB);
    expect(plain.status).toBe(303);
    expect(plain.headers.get('location')).toBe('/product/11/shock-feedback-training-knife');
  });

  it('falls back to the standard link for a UK visitor when the product has no UK link', async () => {
    const res = await post('/checkout/4', {}, GB);
    expect(res.headers.get('location')).toBe(paymentLinks['Essential Laser Training Pistol']);
  });

  it('answers unknown products with 404', async () => {
    const res = await post('/checkout/999', {});
    expect(res.status).toBe(404);
    await res.text();
  });

  it('lets the form be redirected to the payment host', async () => {
    const { res } = await t.get('/product/1');
    expect(res.headers.get('content-security-policy')).toContain("form-action 'self' https://buy.stripe.com;");
  });
});

describe('thank-you', () => {
  it('summarises the order in dollars and declares the purchase for the session', async () => {
    const { res, html } = await t.get('/thank-you?product_id=1&session_id=cs_test_abc', GB);
    expect(res.status).toBe(200);
    expect(h1(html)).toBe('Thank You for Your Order!');
    expect(html).toContain('Order Summary');
    expect(html).toContain('/images/products/1-main.svg');
    expect(html).toContain('$189.99');
    expect(html).not.toContain('£149.99');
    expect(html).toContain('confirmation e-mail');
    expect(html).toMatch(/<a href="\/products"[^>]*>Shop More Products<\/a>/);
    expect(html).toMatch(/<a href="\/training-gun-digest"[^>]*>Visit Training Guide<\/a>/);
    expect(html).toContain('<meta name="robots" content="noindex"/>');
    expect(pageEvents(html)).toEqual([
      {
        event: 'purchase',
        ecommerce: {
          transaction_id: 'cs_test_abc',
          value: 189.99,
          tax: 0,
          shipping: 0,
          currency: 'USD',
          items: [{ item_id: '1', item_name: 'G-Series Laser Training Pistol', price: 189.99, item_category: 'pistols' }],
        },
      },
    ]);
  });

  it('shows the summary without a purchase event when there is no session', async () => {
    const { html } = await t.get('/thank-you?product_id=13');
    expect(html).toContain('Order Summary');
    expect(html).toContain('$399.99');
    expect(pageEvents(html)).toEqual([]);
  });

  it('omits the summary (and logs) for an unknown product', async () => {
    const {
      result: { html },
      lines,
    } = await logDuring(t, () => t.get('/thank-you?product_id=999&session_id=cs_test_x'));
    expect(html).not.toContain('Order Summary');
    expect(pageEvents(html)).toEqual([]);
    expect(html).toContain('Shop More Products');
    expect(lines).toContainEqual(
      expect.objectContaining({ msg: 'thank-you product not found', fields: expect.objectContaining({ productId: '999' }) }),
    );
  });

  it('renders the confirmation with no parameters at all', async () => {
    const { res, html } = await t.get('/thank-you');
    expect(res.status).toBe(200);
    expect(html).not.toContain('Order Summary');
    expect(html).toContain('Visit Training Guide');
  });
});
