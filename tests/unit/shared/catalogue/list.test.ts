import { describe, expect, it } from 'vitest';
import {
  clearedList,
  featureChips,
  filterProducts,
  findListFilter,
  listAnalytics,
  listFilters,
  listHeading,
  listPath,
  listSearch,
  matchesSearch,
  parseListQuery,
  toCardItem,
  truncateChip,
} from '#shared/catalogue/list.ts';
import { products } from '#shared/catalogue/products.ts';

const idsOf = (items: readonly { id: number }[]) => items.map((p) => p.id).toSorted((a, b) => a - b);

describe('list filters', () => {
  it('gives every navigation filter a non-empty list', () => {
    expect(listFilters.map((f) => f.id)).toEqual(['pistols', 'rifles', 'knives', 'bundles', 'targets', 'new', 'featured']);
    for (const f of listFilters) expect(filterProducts(products, f.id, '').length, f.id).toBeGreaterThan(0);
  });

  it('filters by category, new arrivals, bestsellers and text together', () => {
    expect(idsOf(filterProducts(products, 'targets', ''))).toEqual([3]);
    expect(idsOf(filterProducts(products, 'new', ''))).toEqual([5, 9, 14]);
    expect(idsOf(filterProducts(products, 'featured', ''))).toEqual([1, 10]);
    expect(idsOf(filterProducts(products, null, ''))).toHaveLength(15);
    expect(idsOf(filterProducts(products, 'pistols', 'recoil'))).toEqual([9]);
    expect(filterProducts(products, 'knives', 'picatinny')).toEqual([]);
  });

  it('searches features too, on the card projection the browser filters', () => {
    const cards = products.map(toCardItem);
    // 'Drop-free training magazine' is a feature of product 2 only.
    expect(idsOf(filterProducts(cards, null, 'DROP-FREE'))).toEqual([2]);
    expect(cards[0]!.href).toBe('/product/1/g-series-laser-training-pistol');
  });
});

describe('list query', () => {
  it('reads category, text and view, ignoring unknown categories', () => {
    expect(parseListQuery('?category=pistols&q=laser&view=list')).toEqual({ category: 'pistols', q: 'laser', view: 'list' });
    expect(parseListQuery('')).toEqual({ category: null, q: '', view: 'grid' });
    expect(parseListQuery('?category=kits&view=tiles')).toEqual({ category: null, q: '', view: 'grid' });
    expect(parseListQuery(`?q=${'x'.repeat(150)}`).q).toHaveLength(100);
  });

  it('writes only what differs from the defaults, and round-trips', () => {
    expect(listSearch({ category: null, q: '', view: 'grid' })).toBe('');
    expect(listSearch({ category: null, q: '  ', view: 'grid' })).toBe('');
    const state = { category: 'targets' as const, q: 'app & scoring', view: 'list' as const };
    expect(listSearch(state)).toBe('?category=targets&q=app+%26+scoring&view=list');
    expect(parseListQuery(listSearch(state))).toEqual(state);
  });

  it('clears the filters but keeps the view', () => {
    const state = { category: 'knives' as const, q: 'shock', view: 'list' as const };
    expect(listPath(state)).toBe('/products?category=knives&q=shock&view=list');
    expect(listPath(clearedList(state))).toBe('/products?view=list');
    expect(listPath(clearedList({ ...state, view: 'grid' }))).toBe('/products');
  });

  it('titles the list by its category or search', () => {
    expect(listHeading({ category: null, q: '', view: 'grid' }).title).toBe('All Products');
    expect(listHeading({ category: 'rifles', q: '', view: 'grid' })).toEqual({
      title: 'Rifle Trainers',
      description: findListFilter('rifles')!.description,
    });
    expect(listHeading({ category: 'new', q: '', view: 'grid' }).title).toBe('New Arrivals');
    expect(listHeading({ category: null, q: ' knife ', view: 'grid' }).title).toBe('Search results for "knife"');
    expect(listHeading({ category: 'knives', q: 'knife', view: 'grid' }).description).toBe('Training Knives matching "knife".');
  });

  it('names the analytics list after the state', () => {
    expect(listAnalytics({ category: null, q: '', view: 'grid' })).toEqual({ id: 'all_products', name: 'All Products' });
    expect(listAnalytics({ category: 'featured', q: '', view: 'list' })).toEqual({ id: 'featured', name: 'Featured Products' });
    expect(listAnalytics({ category: 'pistols', q: 'g17', view: 'grid' })).toEqual({
      id: 'search_results',
      name: 'Search results for "g17"',
    });
  });
});

describe('feature chips: the first 3 features, each cut to 20 characters, then "+N more"', () => {
  it('cuts a chip to 20 characters plus "..." only when longer', () => {
    expect(truncateChip('Resetting trigger')).toBe('Resetting trigger');
    expect(truncateChip('12345678901234567890')).toBe('12345678901234567890');
    expect(truncateChip('Auto-resetting trigger: no racking')).toBe('Auto-resetting trigg...');
  });

  it('shows 3 chips, then +N more', () => {
    expect(featureChips(['a', 'b', 'c', 'd', 'e'])).toEqual({ chips: ['a', 'b', 'c'], more: 2 });
    expect(featureChips(['a', 'b'])).toEqual({ chips: ['a', 'b'], more: 0 });
    expect(featureChips([])).toEqual({ chips: [], more: 0 });
  });
});

describe('product search: the text matches the name, the description or any feature, ignoring case; blank text matches all', () => {
  const p = {
    name: '🔫 Compact Carry Laser Trainer',
    description: 'Sized for concealed-carry holsters.',
    features: ['Short auto-resetting trigger', 'Class 1 red laser'],
  };

  it('matches name, description or any feature, ignoring case and surrounding spaces', () => {
    expect(matchesSearch(p, 'compact')).toBe(true);
    expect(matchesSearch(p, 'CONCEALED')).toBe(true);
    expect(matchesSearch(p, '  Red Laser ')).toBe(true);
    expect(matchesSearch(p, 'shotgun')).toBe(false);
  });

  it('matches everything for blank text', () => {
    expect(matchesSearch(p, '')).toBe(true);
    expect(matchesSearch(p, '   ')).toBe(true);
  });
});
