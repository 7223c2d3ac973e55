import { matchesSearch } from '#shared/catalogue/search.ts';
import { describe, expect, it } from 'vitest';
import {
  activeFilterNames,
  clearedList,
  featureChips,
  filterProducts,
  findListFilter,
  listAnalytics,
  listFilters,
  listHeading,
  listPath,
  listSearch,
  visibleProducts,
  sortProducts,
  parseListQuery,
  toCardItem,
  truncateChip,
} from '#shared/catalogue/list.ts';

import { displayPrice } from '#shared/catalogue/prices.ts';
import type { Currency } from '#shared/region/region.ts';
import { products } from '../../../support/catalogue';

const idsOf = (items: readonly { id: number }[]) => items.map((p) => p.id).toSorted((a, b) => a - b);

describe('list filters', () => {
  it('gives every navigation filter a non-empty list', () => {
    expect(listFilters.map((f) => f.id)).toEqual(['pistols', 'rifles', 'knives', 'bundles', 'targets', 'new', 'featured']);
    for (const f of listFilters)
      expect(filterProducts(products, { category: f.id, q: '', inStock: false, newArrivals: false }).length, f.id).toBeGreaterThan(0);
  });

  it('filters by category, new arrivals, bestsellers and text together', () => {
    expect(idsOf(filterProducts(products, { category: 'targets', q: '', inStock: false, newArrivals: false }))).toEqual([3]);
    expect(idsOf(filterProducts(products, { category: 'new', q: '', inStock: false, newArrivals: false }))).toEqual([5, 9, 14]);
    expect(idsOf(filterProducts(products, { category: 'featured', q: '', inStock: false, newArrivals: false }))).toEqual([1, 10]);
    expect(idsOf(filterProducts(products, { category: null, q: '', inStock: false, newArrivals: false }))).toHaveLength(15);
    expect(idsOf(filterProducts(products, { category: 'pistols', q: 'recoil', inStock: false, newArrivals: false }))).toEqual([9]);
    expect(filterProducts(products, { category: 'knives', q: 'picatinny', inStock: false, newArrivals: false })).toEqual([]);
  });

  it('searches features too, on the card projection the browser filters', () => {
    const cards = products.map(toCardItem);
    // 'Drop-free training magazine' is a feature of product 2 only.
    expect(idsOf(filterProducts(cards, { category: null, q: 'DROP-FREE', inStock: false, newArrivals: false }))).toEqual([2]);
    expect(cards[0]!.href).toBe('/product/1/g-series-laser-training-pistol');
  });
});

describe('availability boxes', () => {
  const none = { category: null, q: '', inStock: false, newArrivals: false };

  it('In Stock Only hides what is known to be sold out; a product whose count is unknown stays', () => {
    const unknown = products.map((p) => (p.id === 12 ? { ...p, stock: 'Stock unknown' as const } : p));
    const shown = idsOf(filterProducts(unknown, { ...none, inStock: true }));
    expect(shown).not.toContain(11);
    expect(shown).toContain(12);
    expect(shown).toHaveLength(14);
    expect(idsOf(filterProducts(products, { ...none, category: 'knives', inStock: true }))).not.toContain(11);
  });

  it('New Arrivals keeps products marked new, with a category or a search', () => {
    expect(idsOf(filterProducts(products, { ...none, newArrivals: true }))).toEqual([5, 9, 14]);
    expect(idsOf(filterProducts(products, { ...none, category: 'pistols', newArrivals: true }))).toEqual([9]);
    expect(filterProducts(products, { ...none, category: 'knives', newArrivals: true })).toEqual([]);
  });

  it('rides in the URL as the checkboxes name it, and Clear Filters clears it', () => {
    const state = parseListQuery('?in_stock=on&new_arrivals=1&sort=newest');
    expect(state).toMatchObject({ inStock: true, newArrivals: true, sort: 'newest' });
    expect(listSearch(state)).toBe('?in_stock=on&new_arrivals=on&sort=newest');
    expect(parseListQuery('?in_stock=&new_arrivals=no')).toMatchObject({ inStock: false, newArrivals: false });
    expect(listSearch(clearedList(state))).toBe('?sort=newest');
  });

  it('names what to clear when nothing matches', () => {
    expect(activeFilterNames({ ...parseListQuery('?category=knives&q=%20shock%20&in_stock=on'), sort: 'relevance' })).toEqual([
      'Training Knives',
      '"shock"',
      'In Stock Only',
    ]);
    expect(activeFilterNames(parseListQuery(''))).toEqual([]);
  });
});

describe('list query', () => {
  it('reads category, text and view, ignoring unknown categories', () => {
    expect(parseListQuery('?category=pistols&q=laser&view=list')).toEqual({
      category: 'pistols',
      q: 'laser',
      inStock: false,
      newArrivals: false,
      sort: 'relevance',
      view: 'list',
    });
    expect(parseListQuery('')).toEqual({ category: null, q: '', inStock: false, newArrivals: false, sort: 'relevance', view: 'grid' });
    expect(parseListQuery('?category=kits&view=tiles')).toEqual({
      category: null,
      q: '',
      inStock: false,
      newArrivals: false,
      sort: 'relevance',
      view: 'grid',
    });
    expect(parseListQuery(`?q=${'x'.repeat(150)}`).q).toHaveLength(100);
  });

  it('reads the order, ignoring unknown ones, and writes it only when it is not relevance', () => {
    expect(parseListQuery('?sort=price-asc').sort).toBe('price-asc');
    expect(parseListQuery('?sort=cheapest').sort).toBe('relevance');
    const state = {
      category: 'pistols' as const,
      q: '',
      inStock: false,
      newArrivals: false,
      sort: 'newest' as const,
      view: 'grid' as const,
    };
    expect(listSearch(state)).toBe('?category=pistols&sort=newest');
    expect(parseListQuery(listSearch(state))).toEqual(state);
  });

  it('writes only what differs from the defaults, and round-trips', () => {
    expect(listSearch({ category: null, q: '', inStock: false, newArrivals: false, sort: 'relevance', view: 'grid' })).toBe('');
    expect(listSearch({ category: null, q: '  ', inStock: false, newArrivals: false, sort: 'relevance', view: 'grid' })).toBe('');
    const state = {
      category: 'targets' as const,
      q: 'app & scoring',
      inStock: false,
      newArrivals: false,
      sort: 'relevance' as const,
      view: 'list' as const,
    };
    expect(listSearch(state)).toBe('?category=targets&q=app+%26+scoring&view=list');
    expect(parseListQuery(listSearch(state))).toEqual(state);
  });

  it('clears the filters but keeps the order and the view', () => {
    const state = {
      category: 'knives' as const,
      q: 'shock',
      inStock: false,
      newArrivals: false,
      sort: 'price-desc' as const,
      view: 'list' as const,
    };
    expect(listPath(state)).toBe('/products?category=knives&q=shock&sort=price-desc&view=list');
    expect(listPath(clearedList(state))).toBe('/products?sort=price-desc&view=list');
    expect(listPath(clearedList({ ...state, sort: 'relevance', view: 'grid' }))).toBe('/products');
  });

  it('titles the list by its category or search', () => {
    expect(listHeading({ category: null, q: '', inStock: false, newArrivals: false, sort: 'relevance', view: 'grid' }).title).toBe(
      'All Products',
    );
    expect(listHeading({ category: 'rifles', q: '', inStock: false, newArrivals: false, sort: 'relevance', view: 'grid' })).toEqual({
      title: 'Rifle Trainers',
      description: findListFilter('rifles')!.description,
    });
    expect(listHeading({ category: 'new', q: '', inStock: false, newArrivals: false, sort: 'relevance', view: 'grid' }).title).toBe(
      'New Arrivals',
    );
    expect(listHeading({ category: null, q: ' knife ', inStock: false, newArrivals: false, sort: 'relevance', view: 'grid' }).title).toBe(
      'Search results for "knife"',
    );
    expect(
      listHeading({ category: 'knives', q: 'knife', inStock: false, newArrivals: false, sort: 'relevance', view: 'grid' }).description,
    ).toBe('Training Knives matching "knife".');
  });

  it('names the analytics list after the state', () => {
    expect(listAnalytics({ category: null, q: '', inStock: false, newArrivals: false, sort: 'relevance', view: 'grid' })).toEqual({
      id: 'all_products',
      name: 'All Products',
    });
    expect(listAnalytics({ category: 'featured', q: '', inStock: false, newArrivals: false, sort: 'relevance', view: 'list' })).toEqual({
      id: 'featured',
      name: 'Featured Products',
    });
    expect(listAnalytics({ category: 'pistols', q: 'g17', inStock: false, newArrivals: false, sort: 'relevance', view: 'grid' })).toEqual({
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

const ids = (items: readonly { id: number }[]) => items.map((p) => p.id);
const item = (id: number, prices: Record<Currency, number>, extra: Partial<(typeof products)[number]> = {}) => ({
  ...products[0]!,
  id,
  price: prices.USD,
  prices,
  is_new: false,
  ...extra,
});

describe("list order: relevance, price low to high and high to low in the visitor's currency, newest", () => {
  // Cheaper in pounds but dearer in euros: the order must follow the currency shown.
  const a = item(101, { GBP: 10, EUR: 30, USD: 20 });
  const b = item(102, { GBP: 20, EUR: 10, USD: 30 });
  const c = item(103, { GBP: 30, EUR: 20, USD: 10 });

  it('sorts by the price in the given currency, ties keeping the catalogue order', () => {
    const state = { q: '', sort: 'price-asc' as const };
    expect(ids(sortProducts([a, b, c], state, 'GBP'))).toEqual([101, 102, 103]);
    expect(ids(sortProducts([a, b, c], state, 'EUR'))).toEqual([102, 103, 101]);
    expect(ids(sortProducts([a, b, c], state, 'USD'))).toEqual([103, 101, 102]);
    expect(ids(sortProducts([a, b, c], { q: '', sort: 'price-desc' }, 'EUR'))).toEqual([101, 103, 102]);
    const twin = item(104, { GBP: 10, EUR: 30, USD: 20 });
    expect(ids(sortProducts([twin, a], state, 'GBP'))).toEqual([104, 101]);
  });

  it('orders the whole catalogue by its displayed price in each currency', () => {
    for (const currency of ['GBP', 'EUR', 'USD'] as const) {
      const shown = sortProducts(products, { q: '', sort: 'price-asc' }, currency).map((p) => displayPrice(p, currency));
      expect(shown).toEqual(shown.toSorted((x, y) => x - y));
      expect(shown).toHaveLength(15);
    }
  });

  it('puts new arrivals first for newest, then the most recently added', () => {
    const newest = ids(sortProducts(products, { q: '', sort: 'newest' }, 'USD'));
    expect(newest.slice(0, 3)).toEqual([14, 9, 5]);
    expect(newest.slice(3, 6)).toEqual([15, 13, 12]);
  });

  it('keeps the catalogue order for relevance, and ranks name matches first when searching', () => {
    expect(ids(sortProducts(products, { q: '', sort: 'relevance' }, 'USD'))).toEqual(ids(products));
    const inDescription = item(201, a.prices, { name: 'Alpha', description: 'A strobe trainer', features: [] });
    const inFeature = item(202, a.prices, { name: 'Bravo', description: 'Plain', features: ['Strobe mode'] });
    const inName = item(203, a.prices, { name: 'Strobe Target', description: 'Plain', features: [] });
    const state = { category: null, q: 'STROBE', inStock: false, newArrivals: false, sort: 'relevance', view: 'grid' } as const;
    expect(ids(visibleProducts([inDescription, inFeature, inName], state, 'USD'))).toEqual([203, 202, 201]);
  });

  it('filters then sorts for a list state', () => {
    const state = {
      category: 'pistols' as const,
      q: '',
      inStock: false,
      newArrivals: false,
      sort: 'price-desc' as const,
      view: 'grid' as const,
    };
    const shown = visibleProducts(products, state, 'EUR');
    expect(ids(shown).toSorted((x, y) => x - y)).toEqual([1, 4, 7, 8, 9]);
    expect(shown.map((p) => displayPrice(p, 'EUR'))).toEqual(shown.map((p) => displayPrice(p, 'EUR')).toSorted((x, y) => y - x));
  });
});
