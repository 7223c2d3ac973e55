import type { BlogCard } from './blog';

/** The guides list's filters (spec point 2): search text and a category slug, '' meaning none. */
export interface GuideFilter {
  q: string;
  category: string;
}

/** Reads ?q= and ?category= (the GET form's fields); anything missing is no filter. */
export function parseGuideFilter(params: URLSearchParams): GuideFilter {
  return { q: (params.get('q') ?? '').trim(), category: (params.get('category') ?? '').trim().toLowerCase() };
}

/** Case-insensitive match of the search text against title or excerpt, and the card's category (first tag). */
export function filterGuides(cards: readonly BlogCard[], filter: GuideFilter): BlogCard[] {
  const needle = filter.q.toLowerCase();
  return cards.filter(
    (card) =>
      (!filter.category || card.categorySlug === filter.category) &&
      (!needle || card.title.toLowerCase().includes(needle) || card.excerpt.toLowerCase().includes(needle)),
  );
}

/** The guides list, filtered to one category when given (the GET form's address). */
export function guidesPath(category?: string): string {
  return category ? `/guides?category=${encodeURIComponent(category)}` : '/guides';
}
