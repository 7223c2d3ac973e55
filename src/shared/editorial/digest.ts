import { categorySlug, toPostTeaser, type PostTeaser, type PostSummary } from './posts';

/** The digest landing shows 3 articles per category and the 2 latest posts. */
export const ARTICLES_PER_CATEGORY = 3;
export const LATEST_POSTS = 2;

export interface BlogCategory {
  id: number;
  name: string;
  description: string | null;
}

export interface CategoryGroup {
  category: BlogCategory;
  slug: string;
  /** Newest first, at most `perCategory`; empty when the category has no published posts. */
  cards: PostTeaser[];
}

/**
 * One group per category, in the categories' order, each with its newest posts. A post belongs to
 * the category named by its first tag; `posts` must already be newest first.
 */
export function groupByCategory(
  categories: readonly BlogCategory[],
  posts: readonly PostSummary[],
  perCategory = ARTICLES_PER_CATEGORY,
): CategoryGroup[] {
  const cards = posts.map(toPostTeaser);
  return categories.map((category) => {
    const slug = categorySlug(category.name);
    return { category, slug, cards: cards.filter((c) => c.categorySlug === slug).slice(0, perCategory) };
  });
}
