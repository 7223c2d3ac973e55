import { categorySlug, toPostTeaser, type PostTeaser, type PostSummary } from './posts.ts';

/** The digest landing shows 3 articles per category and the 2 latest posts. */
export const POSTS_PER_CATEGORY = 3;
export const LATEST_POSTS = 2;
/** Its featured equipment: the first 3 catalogue products. */
export const FEATURED_EQUIPMENT = 3;

export interface PostCategory {
  id: number;
  name: string;
  description: string | null;
}

export interface CategoryGroup {
  category: PostCategory;
  slug: string;
  /** Newest first, at most `perCategory`; empty when the category has no published posts. */
  cards: PostTeaser[];
}

/**
 * One group per category, in the categories' order, each with its newest posts. A post belongs to
 * the category named by its first tag; `posts` must already be newest first.
 */
export function groupByCategory(
  categories: readonly PostCategory[],
  posts: readonly PostSummary[],
  perCategory = POSTS_PER_CATEGORY,
): CategoryGroup[] {
  const cards = posts.map(toPostTeaser);
  return categories.map((category) => {
    const slug = categorySlug(category.name);
    return { category, slug, cards: cards.filter((c) => c.categorySlug === slug).slice(0, perCategory) };
  });
}
