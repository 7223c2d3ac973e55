import { categories } from './categories';
import { isBestseller } from './tags';
import { matchesSearch, type Searchable } from './search';
import type { CategoryId } from './types';

/** What the list filters look at: a product or its card projection. */
export interface Listable extends Searchable {
  category_id: string;
  is_new: boolean;
  tags: readonly string[];
}

/**
 * The `category` values of /products (spec point 2): the four catalogue categories, plus the filters
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

/** Products passing the category filter (if any) and the search text. */
export function filterProducts<T extends Listable>(items: readonly T[], category: ListFilterId | null, query: string): T[] {
  const filter = findListFilter(category);
  return items.filter((p) => (!filter || filter.matches(p)) && matchesSearch(p, query));
}
