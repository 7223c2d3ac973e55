import type { PostTeaser } from './posts.ts';

/** The guides list's filters: search text and a category slug, '' meaning none. */
export interface GuideFilter {
  q: string;
  category: string;
}

export const NO_GUIDE_FILTER: GuideFilter = { q: '', category: '' };

/** The longest search text read (the form's field takes no more): each distinct text is a read kept in the cache. */
export const GUIDE_QUERY_MAX = 100;
const CATEGORY_SLUG = /^[a-z0-9-]{1,64}$/;

/** Reads ?q= and ?category= (the GET form's fields); anything missing, or a category that is no slug, is no filter. */
export function parseGuideFilter(params: URLSearchParams): GuideFilter {
  const category = (params.get('category') ?? '').trim().toLowerCase();
  return { q: (params.get('q') ?? '').trim().slice(0, GUIDE_QUERY_MAX).trim(), category: CATEGORY_SLUG.test(category) ? category : '' };
}

/**
 * Case-insensitive match of the search text against title or excerpt, and the card's category (first tag).
 * The text is trimmed, as the server reads it, so a half-typed 'blue ' shows what a reload would.
 */
export function filterGuides(cards: readonly PostTeaser[], filter: GuideFilter): PostTeaser[] {
  const needle = filter.q.trim().toLowerCase();
  return cards.filter(
    (card) =>
      (!filter.category || card.categorySlug === filter.category) &&
      (!needle || card.title.toLowerCase().includes(needle) || card.excerpt.toLowerCase().includes(needle)),
  );
}

/** Guides per page: the server reads and renders no more than this. */
export const GUIDES_PAGE_SIZE = 12;

/** The highest page read: past it the database would skip ever more rows for a page nobody links to. */
export const GUIDE_PAGE_MAX = 500;

/** ?page= as a page number from 1 to GUIDE_PAGE_MAX; anything else is page 1. */
export function parseGuidePage(params: URLSearchParams): number {
  const page = Number(params.get('page'));
  return Number.isSafeInteger(page) && page >= 1 ? Math.min(page, GUIDE_PAGE_MAX) : 1;
}

/** Pages needed for `total` guides (at least 1, so an empty list is page 1 of 1). */
export function guidePageCount(total: number, pageSize = GUIDES_PAGE_SIZE): number {
  return Math.max(1, Math.ceil(total / pageSize));
}

/**
 * The guides list's address for a filter and page (the GET form's fields in its order, then page);
 * empty fields and page 1 are left out.
 */
export function guidesPath(filter: Partial<GuideFilter> = {}, page = 1): string {
  const params = new URLSearchParams();
  const q = filter.q?.trim();
  if (q) params.set('q', q);
  if (filter.category) params.set('category', filter.category);
  if (page > 1) params.set('page', String(page));
  const query = params.toString();
  return query ? `/guides?${query}` : '/guides';
}

/** Where the guides list's JSON read is: the same filter and page as guidesPath. */
export function guidesApiPath(filter: GuideFilter, page = 1): string {
  return guidesPath(filter, page).replace(/^\/guides/, '/api/blog/posts');
}

/** Previous and next page numbers, when there are such pages. */
export function guidePageLinks(page: number, pageCount: number): { prev?: number; next?: number } {
  return { ...(page > 1 && { prev: Math.min(page - 1, pageCount) }), ...(page < pageCount && { next: page + 1 }) };
}

/** The result count as shown and announced: '1 guide found', '12 guides found'. */
export function guideCountText(count: number): string {
  return `${count} ${count === 1 ? 'guide' : 'guides'} found`;
}
