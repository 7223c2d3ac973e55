import { DIGEST } from '#shared/site/navigation.ts';

/** Shapes derived from blog rows: a category's slug and the blog card shown in lists. */
const PLACEHOLDER_IMAGE = '/images/blog/placeholder.svg';
const UNCATEGORIZED = 'Uncategorized';

/** Size of featured images and the placeholder: the 1200x630 share-image size. */
export const FEATURED_IMAGE_SIZE = { width: 1200, height: 630 } as const;

/** The digest's Atom feed: the latest posts, announced in the head of every editorial page. */
export const DIGEST_FEED = { path: `${DIGEST.path}/feed.xml`, entries: 20, type: 'application/atom+xml' } as const;

/** The head link that announces the feed. */
export const digestFeedLink = { rel: 'alternate', href: DIGEST_FEED.path, type: DIGEST_FEED.type, title: DIGEST.name } as const;

export interface PostSummary {
  id: number;
  title: string;
  slug: string;
  excerpt: string | null;
  featuredImage: string | null;
  publishedAt: string;
  tags: string[];
}

/** A whole post: what the article page shows (the published post with that slug, all columns). */
export interface Post extends PostSummary {
  updatedAt: string;
  /** HTML from the database: sanitised before it is inlined. */
  content: string;
  /** Optional head overrides from the front matter. */
  metaTitle?: string | null;
  metaDescription?: string | null;
}

export interface PostTeaser {
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

/**
 * An article's one address: /training-gun-digest/{slug}, the canonical URL the spec derives and
 * where the product data's guide links point. /blog/{slug} shows the same article under this canonical.
 */
export function articlePath(slug: string): string {
  return `${DIGEST.path}/${slug}`;
}

export function toPostTeaser(post: PostSummary): PostTeaser {
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
    url: articlePath(post.slug),
    tags: post.tags,
  };
}
