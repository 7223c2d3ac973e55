import { readFileSync } from 'node:fs';
import { describe, expect, it } from 'vitest';
import { parseProductFile } from '#worker/content-sync/product-file.ts';

const PATH = 'content/products/01-g-series-laser-training-pistol.md';
const source = readFileSync(PATH, 'utf8');
const checks = { imageExists: (path: string) => path.startsWith('/images/products/') };
const parse = (text: string) => parseProductFile(PATH, text, checks);
const problem = (text: string) => {
  const parsed = parse(text);
  return parsed.ok ? null : parsed.problem.reason;
};

describe('a product file: front matter and the description as its body', () => {
  it('reads the real file into the product pages use, the USD price as the base and the savings worked out', () => {
    const parsed = parse(source);
    expect(parsed.ok).toBe(true);
    if (!parsed.ok) return;
    expect(parsed.value.product).toMatchObject({
      id: 1,
      slug: 'g-series-laser-training-pistol',
      name: '🔫 G-Series Laser Training Pistol',
      category_id: 'pistols',
      price: 189.99,
      prices: { USD: 189.99, GBP: 149.99, EUR: 174.99 },
      full_price: 229.99,
      savings: 40,
      image_url: '/images/products/1-main.svg',
      is_new: false,
      payment_links: {
        standard: expect.stringMatching(/^https:\/\/buy\.stripe\.com\//),
        uk: expect.stringMatching(/^https:\/\/buy\.stripe\.com\//),
      },
    });
    expect(parsed.value.product.description).toMatch(/^Our flagship dry-fire trainer/);
    expect(parsed.value.product.technical_specs).toContain('App compatibility: iOS: 15+, Android: 10+');
  });

  it('makes the slug from the name when the file has none, and takes a product without a UK link', () => {
    const parsed = parse(source.replace(/^slug: .*\n/m, '').replace(/^ {2}uk: .*\n/m, ''));
    expect(parsed.ok && parsed.value.product).toMatchObject({ slug: 'g-series-laser-training-pistol', payment_links: { uk: null } });
  });

  it.each([
    ['a missing price', source.replace(/^ {2}EUR: 174\.99\n/m, ''), 'missing prices.EUR'],
    ['a missing id', source.replace(/^id: 1\n/m, ''), 'missing id'],
    [
      'an unknown category',
      source.replace('category: pistols', 'category: shotguns'),
      'category: must be one of pistols, rifles, knives, bundles, targets',
    ],
    ['a price that is not a number', source.replace('USD: 189.99', 'USD: cheap'), 'prices.USD: must be a number'],
    ['a negative price', source.replace('USD: 189.99', 'USD: -5'), 'prices.USD: must be more than 0'],
    [
      'a payment link off Stripe',
      source.replace(/standard: \S+/, 'standard: https://pay.example/x'),
      'payment_links.standard: must be an https address on https://buy.stripe.com',
    ],
    [
      'an image not under public/',
      source.replace('/images/products/1-card.svg', '/images/nope.svg'),
      'images.card: image /images/nope.svg does not exist under public/ (check its name)',
    ],
    ['an unknown field', source.replace('new: false', 'new: false\ncolour: red'), 'unknown front matter field colour'],
    ['no description', source.replace(/---\n\n[\s\S]*$/, '---\n'), 'missing description (the text after the front matter)'],
    [
      'a bad slug',
      source.replace('slug: g-series-laser-training-pistol', 'slug: G Series'),
      'slug: must be lower-case words joined by hyphens',
    ],
  ])('refuses %s, naming the field', (_, text, reason) => {
    expect(problem(text)).toBe(reason);
  });
});
