import { findListFilter, type ListFilterId } from './list-filters';

/** The product list's state, carried in its URL (?category=&q=&view=list) so it works without JavaScript. */
export type ListView = 'grid' | 'list';

export interface ListState {
  category: ListFilterId | null;
  q: string;
  view: ListView;
}

export const MAX_QUERY_LENGTH = 100;
export const ALL_PRODUCTS_LIST = { id: 'all_products', name: 'All Products' } as const;

/** Unknown categories are ignored (the whole catalogue shows); the search text is capped. */
export function parseListQuery(search: string | URLSearchParams): ListState {
  const params = typeof search === 'string' ? new URLSearchParams(search) : search;
  return {
    category: findListFilter(params.get('category'))?.id ?? null,
    q: (params.get('q') ?? '').slice(0, MAX_QUERY_LENGTH),
    view: params.get('view') === 'list' ? 'list' : 'grid',
  };
}

/** '?category=pistols&q=laser&view=list', leaving out defaults; '' for the plain list. */
export function listSearch(state: ListState): string {
  const params = new URLSearchParams();
  if (state.category) params.set('category', state.category);
  if (state.q.trim()) params.set('q', state.q);
  if (state.view === 'list') params.set('view', 'list');
  const query = params.toString();
  return query ? `?${query}` : '';
}

/** The list's URL path for a state, e.g. /products?category=pistols. */
export function listPath(state: ListState): string {
  return `/products${listSearch(state)}`;
}

/** The same filters cleared, keeping the view. */
export function clearedList(state: ListState): ListState {
  return { category: null, q: '', view: state.view };
}

/** Heading and description follow the category and the search (spec point 2). */
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
