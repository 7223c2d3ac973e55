import type { PostTeaser } from './posts';

/** The guides list's filters: search text and a category slug, '' meaning none. */
export interface GuideFilter {
  q: string;
  category: string;
}

export const NO_GUIDE_FILTER: GuideFilter = { q: '', category: '' };

/** Reads ?q= and ?category= (the GET form's fields); anything missing is no filter. */
export function parseGuideFilter(params: URLSearchParams): GuideFilter {
  return { q: (params.get('q') ?? '').trim(), category: (params.get('category') ?? '').trim().toLowerCase() };
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

/** The guides list's address for a filter (the GET form's, fields in its order); empty fields are left out. */
export function guidesPath(filter: Partial<GuideFilter> = {}): string {
  const params = new URLSearchParams();
  const q = filter.q?.trim();
  if (q) params.set('q', q);
  if (filter.category) params.set('category', filter.category);
  const query = params.toString();
  return query ? `/guides?${query}` : '/guides';
}

/** The result count as shown and announced: '1 guide found', '12 guides found'. */
export function guideCountText(count: number): string {
  return `${count} ${count === 1 ? 'guide' : 'guides'} found`;
}
