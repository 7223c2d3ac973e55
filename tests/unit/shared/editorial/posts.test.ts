import { describe, expect, it } from 'vitest';
import { articlePath, categorySlug, toPostTeaser } from '#shared/editorial/posts.ts';
import { postSummary } from '../../../support/posts';

describe('posts', () => {
  it('gives every article one address under the digest', () => {
    expect(articlePath('dry-fire-fundamentals')).toBe('/training-gun-digest/dry-fire-fundamentals');
  });

  it('derives the category slug from its name', () => {
    expect(categorySlug(' Tactical  Training ')).toBe('tactical-training');
  });

  it('derives a card: first tag as category, placeholder image, empty excerpt, canonical url', () => {
    expect(toPostTeaser(postSummary(3, 'Title', ['Equipment Guides', 'blue guns']))).toEqual({
      id: 3,
      title: 'Title',
      slug: 'post-3',
      excerpt: '',
      category: 'Equipment Guides',
      categorySlug: 'equipment-guides',
      date: '2025-01-27T00:00:00.000Z',
      image: '/images/blog/placeholder.svg',
      url: '/training-gun-digest/post-3',
      tags: ['Equipment Guides', 'blue guns'],
    });
    expect(toPostTeaser(postSummary(4, 'Untagged', [])).category).toBe('Uncategorized');
  });
});
