import { describe, expect, it } from 'vitest';
import { articleJsonLd } from '#shared/editorial/article-jsonld.ts';
import type { Post } from '#shared/editorial/posts.ts';

const SITE = 'https://shop.example';

describe('articleJsonLd', () => {
  const article: Post = {
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
    const shop = {
      '@type': 'Organization',
      '@id': 'https://shop.example/#organization',
      name: 'StrikePoint Training',
      url: 'https://shop.example/',
    };
    expect(ld).toMatchObject({
      '@context': 'https://schema.org',
      '@type': 'Article',
      headline: 'Dry-Fire Fundamentals',
      description: 'Excerpt',
      image: ['https://shop.example/images/raster/blog/dry-fire-fundamentals.jpg'],
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
