import { describe, expect, it } from 'vitest';
import { toPostTeaser, type PostSummary } from '#shared/editorial/posts.ts';
import { groupByCategory, type BlogCategory } from '#shared/editorial/digest.ts';
import { filterGuides, guideCountText, guidesPath, parseGuideFilter } from '#shared/editorial/guides.ts';

const post = (id: number, title: string, tags: string[], excerpt: string | null = null): PostSummary => ({
  id,
  title,
  slug: `post-${id}`,
  excerpt,
  featuredImage: null,
  publishedAt: `2025-01-${String(30 - id).padStart(2, '0')}T00:00:00.000Z`,
  tags,
});

const categories: BlogCategory[] = [
  { id: 1, name: 'Equipment Guides', description: 'Gear.' },
  { id: 2, name: 'Fundamentals', description: null },
  { id: 3, name: 'Tactical Training', description: 'Drills.' },
];

describe('groupByCategory (digest landing category cards)', () => {
  const posts = [
    post(1, 'A', ['Fundamentals', 'dry fire']),
    post(2, 'B', ['Equipment Guides']),
    post(3, 'C', ['Fundamentals']),
    post(4, 'D', ['fundamentals']),
    post(5, 'E', ['Fundamentals']),
    post(6, 'F', ['dry fire', 'Fundamentals']),
    post(7, 'G', []),
  ];

  it('gives each category, in the given order, its first 3 posts by first tag; empty categories get none', () => {
    const groups = groupByCategory(categories, posts);
    expect(groups.map((g) => [g.category.name, g.slug, g.cards.map((c) => c.id)])).toEqual([
      ['Equipment Guides', 'equipment-guides', [2]],
      // Post 4's tag differs only in case and has the same slug; post 6's first tag is not the category.
      ['Fundamentals', 'fundamentals', [1, 3, 4]],
      ['Tactical Training', 'tactical-training', []],
    ]);
  });

  it('takes another count when asked, and gives no groups without categories', () => {
    expect(groupByCategory(categories, posts, 1)[1]!.cards.map((c) => c.id)).toEqual([1]);
    expect(groupByCategory([], posts)).toEqual([]);
  });
});

describe('guide filter', () => {
  const cards = [
    post(1, 'What Are Blue Guns?', ['Equipment Guides']),
    post(2, 'Trigger control', ['Fundamentals'], 'Practise with BLUE training guns.'),
    post(3, 'Choosing a bundle', ['Equipment Guides'], 'Kits compared.'),
    post(4, 'Untagged', [], null),
  ].map(toPostTeaser);
  const ids = (q: string, category: string) => filterGuides(cards, { q, category }).map((c) => c.id);

  it('matches the search text case-insensitively against title or excerpt', () => {
    expect(ids('blue', '')).toEqual([1, 2]);
    expect(ids('bLuE GUNS', '')).toEqual([1]);
    expect(ids('kits', '')).toEqual([3]);
    expect(ids('nothing like it', '')).toEqual([]);
  });

  it('filters by category slug (first tag), alone or with the search text', () => {
    expect(ids('', 'equipment-guides')).toEqual([1, 3]);
    expect(ids('blue', 'equipment-guides')).toEqual([1]);
    expect(ids('', 'uncategorized')).toEqual([4]);
    expect(ids('', 'no-such-category')).toEqual([]);
  });

  it('with no filters keeps every card', () => {
    expect(ids('', '')).toEqual([1, 2, 3, 4]);
  });

  it('reads q and category from the query, trimmed, a missing one meaning no filter', () => {
    expect(parseGuideFilter(new URLSearchParams('q=+Blue+&category=Equipment-Guides'))).toEqual({ q: 'Blue', category: 'equipment-guides' });
    expect(parseGuideFilter(new URLSearchParams(''))).toEqual({ q: '', category: '' });
  });

  it('ignores spaces around the search text, as the server reads it', () => {
    expect(ids(' blue ', '')).toEqual(ids('blue', ''));
    expect(ids('   ', '')).toEqual([1, 2, 3, 4]);
  });

  it('writes a filter as the GET form would: q then category, empty or blank fields left out', () => {
    expect(guidesPath()).toBe('/guides');
    expect(guidesPath({ category: 'equipment-guides' })).toBe('/guides?category=equipment-guides');
    expect(guidesPath({ q: ' Blue & red ', category: '' })).toBe('/guides?q=Blue+%26+red');
    expect(guidesPath({ q: '  ', category: 'fundamentals' })).toBe('/guides?category=fundamentals');
    expect(guidesPath({ q: 'blue', category: 'equipment-guides' })).toBe('/guides?q=blue&category=equipment-guides');
  });

  it('reads back the filter it wrote', () => {
    const filter = { q: 'trigger? 100% & more', category: 'tactical-training' };
    expect(parseGuideFilter(new URL(guidesPath(filter), 'http://x').searchParams)).toEqual(filter);
  });

  it('counts results as shown and announced', () => {
    expect(guideCountText(1)).toBe('1 guide found');
    expect(guideCountText(4)).toBe('4 guides found');
  });
});
