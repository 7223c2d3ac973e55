/** Derived blog shapes (spec point 3: Category slug, Blog card). */
export const PLACEHOLDER_IMAGE = '/images/blog/placeholder.svg';
export const UNCATEGORIZED = 'Uncategorized';

export interface PostSummary {
  id: number;
  title: string;
  slug: string;
  excerpt: string | null;
  featuredImage: string | null;
  publishedAt: string;
  tags: string[];
}

export interface BlogCard {
  id: number;
  title: string;
  slug: string;
  excerpt: string;
  category: string;
  categorySlug: string;
  date: string;
  image: string;
  url: string;
  tags: string[];
}

/** Lower-cases the name and replaces whitespace runs with hyphens. */
export function categorySlug(name: string): string {
  return name.trim().toLowerCase().replace(/\s+/g, '-');
}

/** Where blog cards link (spec point 3: Blog card url). */
export function postUrl(slug: string): string {
  return `/training-gun-digest/${slug}`;
}

/** The single-article page (spec point 2: /blog/{slug}). */
export function articlePath(slug: string): string {
  return `/blog/${slug}`;
}

export function toBlogCard(post: PostSummary): BlogCard {
  const category = post.tags[0] ?? UNCATEGORIZED;
  return {
    id: post.id,
    title: post.title,
    slug: post.slug,
    excerpt: post.excerpt ?? '',
    category,
    categorySlug: categorySlug(category),
    date: post.publishedAt,
    image: post.featuredImage ?? PLACEHOLDER_IMAGE,
    url: postUrl(post.slug),
    tags: post.tags,
  };
}
