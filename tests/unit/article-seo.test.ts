import { describe, expect, it } from 'vitest';
import { articleJsonLd } from '#shared/editorial/article-jsonld.ts';
import type { Article } from '#shared/editorial/posts.ts';
import { breadcrumbJsonLd } from '#shared/seo/breadcrumb.ts';
import { META_DESCRIPTION_MAX, metaDescription } from '#shared/seo/meta-description.ts';

const SITE = 'https://shop.example';

describe('metaDescription', () => {
  it('keeps a text that fits, with its whitespace collapsed', () => {
    expect(metaDescription('  Short   and\nsweet. ')).toBe('Short and sweet.');
    const exact = 'x'.repeat(META_DESCRIPTION_MAX);
    expect(metaDescription(exact)).toBe(exact);
  });

  it('cuts a long text after the last whole word that fits and adds an ellipsis', () => {
    const text =
      'Dry-fire practice is the cheapest, most repeatable way to improve your shooting. Here is how to structure safe, purposeful sessions that build grip, trigger press and sight alignment.';
    const cut = metaDescription(text);
    expect(cut).toBe(
      'Dry-fire practice is the cheapest, most repeatable way to improve your shooting. Here is how to structure safe, purposeful sessions that build grip, trigger…',
    );
    expect(cut.length).toBeLessThanOrEqual(META_DESCRIPTION_MAX);
  });

  it('drops punctuation left before the ellipsis and honours a smaller limit', () => {
    expect(metaDescription('One two, three four', 10)).toBe('One two…');
    expect(metaDescription('alpha beta gamma', 11)).toBe('alpha beta…');
  });

  it('cuts a single overlong word at the limit', () => {
    expect(metaDescription('x'.repeat(200), 20)).toBe(`${'x'.repeat(19)}…`);
  });
});

describe('breadcrumbJsonLd', () => {
  it('lists the trail in order with absolute URLs', () => {
    expect(
      breadcrumbJsonLd(
        [
          { name: 'Home', path: '/' },
          { name: 'Training Gun Digest', path: '/training-gun-digest' },
        ],
        SITE,
      ),
    ).toEqual({
      '@context': 'https://schema.org',
      '@type': 'BreadcrumbList',
      itemListElement: [
        { '@type': 'ListItem', position: 1, name: 'Home', item: 'https://shop.example/' },
        { '@type': 'ListItem', position: 2, name: 'Training Gun Digest', item: 'https://shop.example/training-gun-digest' },
      ],
    });
  });
});

describe('articleJsonLd', () => {
  const article: Article = {
    id: 1,
    title: 'Dry-Fire Fundamentals',
    slug: 'dry-fire-fundamentals',
    excerpt: 'Excerpt',
    featuredImage: '/images/blog/dry-fire-fundamentals.svg',
    publishedAt: '2024-09-12T08:30:00.000Z',
    updatedAt: '2025-02-03T10:20:00.000Z',
    tags: ['Fundamentals', 'dry fire'],
    content: '<p>x</p>',
  };

  it('describes the article with absolute image and page URLs, its dates, and the shop as author and publisher', () => {
    const ld = articleJsonLd(article, 'Excerpt', '/blog/dry-fire-fundamentals', SITE);
    const shop = { '@type': 'Organization', '@id': 'https://shop.example/#organization', name: 'StrikePoint Training', url: 'https://shop.example/' };
    expect(ld).toMatchObject({
      '@context': 'https://schema.org',
      '@type': 'Article',
      headline: 'Dry-Fire Fundamentals',
      description: 'Excerpt',
      image: ['https://shop.example/images/blog/dry-fire-fundamentals.svg'],
      datePublished: '2024-09-12T08:30:00.000Z',
      dateModified: '2025-02-03T10:20:00.000Z',
      author: shop,
      publisher: shop,
      mainEntityOfPage: { '@type': 'WebPage', '@id': 'https://shop.example/blog/dry-fire-fundamentals' },
    });
  });

  it('leaves out the image and keywords when the post has none', () => {
    const ld = articleJsonLd({ ...article, featuredImage: null, tags: [] }, 'Excerpt', '/blog/x', SITE);
    expect(ld).not.toHaveProperty('image');
    expect(ld).not.toHaveProperty('keywords');
  });
});
