import { describe, expect, it } from 'vitest';
import {
  filterGuides,
  guideCountText,
  guidePageCount,
  guidePageLinks,
  guidesApiPath,
  guidesPath,
  parseGuideFilter,
  parseGuidePage,
  GUIDE_PAGE_MAX,
  GUIDE_QUERY_MAX,
} from '#shared/editorial/guides.ts';
import { toPostTeaser } from '#shared/editorial/posts.ts';
import { postSummary as post } from '../../../support/posts';

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
    expect(parseGuideFilter(new URLSearchParams('q=+Blue+&category=Equipment-Guides'))).toEqual({
      q: 'Blue',
      category: 'equipment-guides',
    });
    expect(parseGuideFilter(new URLSearchParams(''))).toEqual({ q: '', category: '' });
  });

  it('reads at most GUIDE_QUERY_MAX characters of search text, and a category only when it is a slug', () => {
    expect(parseGuideFilter(new URLSearchParams({ q: 'x'.repeat(10_000) })).q).toHaveLength(GUIDE_QUERY_MAX);
    expect(parseGuideFilter(new URLSearchParams({ category: 'a'.repeat(65) })).category).toBe('');
    expect(parseGuideFilter(new URLSearchParams({ category: '<b>' })).category).toBe('');
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

describe('guide pages', () => {
  it('reads ?page= as a whole number from 1, anything else as page 1', () => {
    for (const [value, page] of [
      ['3', 3],
      ['1', 1],
      ['0', 1],
      ['-2', 1],
      ['2.5', 1],
      ['x', 1],
      ['', 1],
      ['999999999', GUIDE_PAGE_MAX],
    ] as const)
      expect(parseGuidePage(new URLSearchParams({ page: value })), value).toBe(page);
    expect(parseGuidePage(new URLSearchParams())).toBe(1);
  });

  it('counts pages of 12, at least one', () => {
    expect([0, 1, 12, 13, 1012].map((n) => guidePageCount(n))).toEqual([1, 1, 1, 2, 85]);
  });

  it('links the previous and next pages that exist', () => {
    expect(guidePageLinks(1, 1)).toEqual({});
    expect(guidePageLinks(1, 3)).toEqual({ next: 2 });
    expect(guidePageLinks(2, 3)).toEqual({ prev: 1, next: 3 });
    expect(guidePageLinks(3, 3)).toEqual({ prev: 2 });
    expect(guidePageLinks(9, 3)).toEqual({ prev: 3 });
  });

  it('puts the page after the filter in the list and JSON addresses, leaving out page 1', () => {
    expect(guidesPath({ q: 'blue', category: 'fundamentals' }, 2)).toBe('/guides?q=blue&category=fundamentals&page=2');
    expect(guidesPath({}, 1)).toBe('/guides');
    expect(guidesApiPath({ q: 'a b', category: '' }, 3)).toBe('/api/blog/posts?q=a+b&page=3');
    expect(guidesApiPath({ q: '', category: '' })).toBe('/api/blog/posts');
  });
});
