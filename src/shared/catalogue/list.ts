import { isBestseller, productPath } from './product.ts';
import { categories } from './categories.ts';
import type { CategoryId, Product, StockLevel } from './types.ts';
import { displayPrice, type Priced } from './prices.ts';
import type { Currency } from '#shared/region/region.ts';
import { searchProducts, type Searchable } from './search.ts';

/** The product list's state, carried in its URL (?category=&q=&in_stock=on&new_arrivals=on&sort=&view=list) so it works without JavaScript. */
export type ListView = 'grid' | 'list';

/** The orders the list offers; relevance is the default and is left out of the URL. */
export const listSorts = [
  { id: 'relevance', label: 'Relevance' },
  { id: 'price-asc', label: 'Price: low to high' },
  { id: 'price-desc', label: 'Price: high to low' },
  { id: 'newest', label: 'Newest' },
] as const;
export type ListSort = (typeof listSorts)[number]['id'];

export interface ListState {
  category: ListFilterId | null;
  q: string;
  /** Hides what is known to be Out of Stock (a product whose count is unknown stays). */
  inStock: boolean;
  /** Keeps the products marked new (with any category, unlike the navigation's New Arrivals list). */
  newArrivals: boolean;
  sort: ListSort;
  view: ListView;
}

/** The two Availability checkboxes: their field names in the list's GET forms and their labels. */
export const availabilityBoxes = [
  { key: 'inStock', name: 'in_stock', label: 'In Stock Only' },
  { key: 'newArrivals', name: 'new_arrivals', label: 'New Arrivals' },
] as const;

/** A checkbox sends 'on'; a shared link may say 1 or true. */
const isTicked = (value: string | null) => value === 'on' || value === '1' || value === 'true';

export const MAX_QUERY_LENGTH = 100;
const ALL_PRODUCTS_LIST = { id: 'all_products', name: 'All Products' } as const;

/** Unknown categories are ignored (the whole catalogue shows); the search text is capped. */
export function parseListQuery(search: string | URLSearchParams): ListState {
  const params = typeof search === 'string' ? new URLSearchParams(search) : search;
  return {
    category: findListFilter(params.get('category'))?.id ?? null,
    q: (params.get('q') ?? '').slice(0, MAX_QUERY_LENGTH),
    inStock: isTicked(params.get('in_stock')),
    newArrivals: isTicked(params.get('new_arrivals')),
    sort: listSorts.find((s) => s.id === params.get('sort'))?.id ?? 'relevance',
    view: params.get('view') === 'list' ? 'list' : 'grid',
  };
}

/** '?category=pistols&q=laser&sort=price-asc&view=list', leaving out defaults; '' for the plain list. */
export function listSearch(state: ListState): string {
  const params = new URLSearchParams();
  if (state.category) params.set('category', state.category);
  if (state.q.trim()) params.set('q', state.q);
  for (const box of availabilityBoxes) if (state[box.key]) params.set(box.name, 'on');
  if (state.sort !== 'relevance') params.set('sort', state.sort);
  if (state.view === 'list') params.set('view', 'list');
  const query = params.toString();
  return query ? `?${query}` : '';
}

/** The list's URL path for a state, e.g. /products?category=pistols. */
export function listPath(state: ListState): string {
  return `/products${listSearch(state)}`;
}

/** The same filters cleared, keeping the order and the view (they are not filters). */
export function clearedList(state: ListState): ListState {
  return { category: null, q: '', inStock: false, newArrivals: false, sort: state.sort, view: state.view };
}

/** What narrows the list, as the shopper named it (for the empty state: what to clear). */
export function activeFilterNames(state: ListState): string[] {
  const q = state.q.trim();
  return [
    ...(state.category ? [findListFilter(state.category)?.name ?? state.category] : []),
    ...(q ? [`"${q}"`] : []),
    ...availabilityBoxes.filter((box) => state[box.key]).map((box) => box.label),
  ];
}

/** Heading and description follow the category and the search. */
export function listHeading(state: ListState): { title: string; description: string } {
  const filter = findListFilter(state.category);
  const q = state.q.trim();
  if (q) {
    return {
      title: `Search results for "${q}"`,
      description: filter ? `${filter.name} matching "${q}".` : `Products matching "${q}" in name, description or features.`,
    };
  }
  if (filter) return { title: filter.name, description: filter.description };
  return {
    title: ALL_PRODUCTS_LIST.name,
    description: 'Laser and dry-fire training equipment for military, law enforcement and civilian shooters.',
  };
}

/** The list id and name analytics events carry for this state. */
export function listAnalytics(state: ListState): { id: string; name: string } {
  if (state.q.trim()) return { id: 'search_results', name: listHeading(state).title };
  const filter = findListFilter(state.category);
  return filter ? { id: filter.id, name: filter.name } : ALL_PRODUCTS_LIST;
}

/** What the list filters look at: a product or its card projection. */
export interface Listable extends Searchable {
  id: number;
  category_id: string;
  is_new: boolean;
  stock: StockLevel;
  tags: readonly string[];
}

/**
 * The `category` values of /products: the four catalogue categories, plus the filters
 * the navigation links to: targets (target systems), new (is_new) and featured (bestsellers).
 */
export type ListFilterId = CategoryId | 'new' | 'featured';

export interface ListFilter {
  id: ListFilterId;
  name: string;
  description: string;
  matches: (product: Listable) => boolean;
}

const categoryName = (id: CategoryId) => categories.find((c) => c.id === id)?.name ?? id;
const inCategory = (id: CategoryId) => (p: Listable) => p.category_id === id;

export const listFilters: readonly ListFilter[] = [
  {
    id: 'pistols',
    name: categoryName('pistols'),
    description: 'Laser training pistols for safe dry-fire practice at home, on the range or in the classroom.',
    matches: inCategory('pistols'),
  },
  {
    id: 'rifles',
    name: categoryName('rifles'),
    description: 'Laser training rifles and a shotgun for carbine, precision and scenario drills.',
    matches: inCategory('rifles'),
  },
  {
    id: 'knives',
    name: categoryName('knives'),
    description: 'Training knives for edged-weapon defence drills without a live blade.',
    matches: inCategory('knives'),
  },
  {
    id: 'bundles',
    name: categoryName('bundles'),
    description: 'Trainers and targets packaged together for a complete training set-up.',
    matches: inCategory('bundles'),
  },
  {
    id: 'targets',
    name: 'Target Systems',
    description: 'Reactive laser targets that confirm every hit and score your drills.',
    matches: inCategory('targets'),
  },
  {
    id: 'new',
    name: 'New Arrivals',
    description: 'The latest additions to our training range.',
    matches: (p) => p.is_new,
  },
  {
    id: 'featured',
    name: 'Featured Products',
    description: 'Our bestselling trainers, chosen by shooters and instructors.',
    matches: isBestseller,
  },
];

/** The category buttons of the list page's filter panel; new and featured are reached from the navigation. */
export const panelFilterIds: readonly ListFilterId[] = ['pistols', 'rifles', 'knives', 'bundles', 'targets'];

export function findListFilter(id: string | null | undefined): ListFilter | undefined {
  return listFilters.find((f) => f.id === id);
}

/** What the search reads of a product: its own words and its category's name. */
const searchableOf = (p: Listable): Searchable => ({ ...p, categoryName: findListFilter(p.category_id)?.name });

/** Products passing the category filter (if any), the Availability boxes and the search text (search.ts), best match first. */
export function filterProducts<T extends Listable>(
  items: readonly T[],
  state: Pick<ListState, 'category' | 'q' | 'inStock' | 'newArrivals'>,
): T[] {
  const filter = findListFilter(state.category);
  const kept = items.filter(
    (p) => (!filter || filter.matches(p)) && (!state.inStock || p.stock !== 'Out of Stock') && (!state.newArrivals || p.is_new),
  );
  return searchProducts(kept, state.q, searchableOf);
}

/** What the list shows for a state, in its order; prices are compared in the visitor's currency. */
export function visibleProducts<T extends Listable & Priced>(items: readonly T[], state: ListState, currency: Currency): T[] {
  return sortProducts(filterProducts(items, state), state, currency);
}

/**
 * Relevance keeps the order it is given: the catalogue's, or with a search the best match first
 * (filterProducts). Newest puts new arrivals first, then the most recently added (highest id).
 * Sorting is stable, so ties keep the catalogue's order.
 */
export function sortProducts<T extends Listable & Priced>(
  items: readonly T[],
  state: Pick<ListState, 'sort' | 'q'>,
  currency: Currency,
): T[] {
  const byKey = (key: (p: T) => number) => items.toSorted((a, b) => key(a) - key(b));
  switch (state.sort) {
    case 'price-asc':
      return byKey((p) => displayPrice(p, currency));
    case 'price-desc':
      return byKey((p) => -displayPrice(p, currency));
    case 'newest':
      return byKey((p) => (p.is_new ? -1e9 : 0) - p.id);
    case 'relevance':
      // With a search, filterProducts gave them best first.
      return [...items];
  }
}

/** Product-card feature chips: 3 shown, each cut to 20 characters plus '...', then '+N more'. */
const CHIPS_SHOWN = 3;
const CHIP_LENGTH = 20;

export function truncateChip(text: string): string {
  return text.length > CHIP_LENGTH ? `${text.slice(0, CHIP_LENGTH)}...` : text;
}

export function featureChips(features: readonly string[]): { chips: string[]; more: number } {
  return {
    chips: features.slice(0, CHIPS_SHOWN).map(truncateChip),
    more: Math.max(0, features.length - CHIPS_SHOWN),
  };
}

/** What a product card (and the list's client-side filtering) needs: a product without its page-only fields. */
export type CardItem = Pick<
  Product,
  | 'id'
  | 'name'
  | 'description'
  | 'price'
  | 'prices'
  | 'full_price'
  | 'full_prices'
  | 'category_id'
  | 'image_url'
  | 'image_alt'
  | 'stock'
  | 'is_new'
  | 'features'
  | 'tags'
  | 'search_words'
  | 'payment_links'
> & { href: string };

export function toCardItem(p: Product): CardItem {
  return {
    id: p.id,
    name: p.name,
    description: p.description,
    price: p.price,
    prices: p.prices,
    full_price: p.full_price,
    full_prices: p.full_prices,
    category_id: p.category_id,
    image_url: p.image_url,
    image_alt: p.image_alt,
    stock: p.stock,
    is_new: p.is_new,
    features: p.features,
    tags: p.tags,
    // A catalogue synced before search words existed has none.
    search_words: p.search_words ?? [],
    payment_links: p.payment_links,
    href: productPath(p),
  };
}
