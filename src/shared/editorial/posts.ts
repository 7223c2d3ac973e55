/** Shapes derived from blog rows: a category's slug and the blog card shown in lists. */
const PLACEHOLDER_IMAGE = '/images/blog/placeholder.svg';
const UNCATEGORIZED = 'Uncategorized';

/** Size of featured images and the placeholder: the 1200x630 share-image size. */
export const FEATURED_IMAGE_SIZE = { width: 1200, height: 630 } as const;

/** The digest landing: where blog links lead and where a missing or unpublished article redirects. */
export const DIGEST = { path: '/training-gun-digest', name: 'Training Gun Digest' } as const;

export interface PostSummary {
  id: number;
  title: string;
  slug: string;
  excerpt: string | null;
  featuredImage: string | null;
  publishedAt: string;
  tags: string[];
}

/** What the article page shows of a post: the published post with that slug, all columns. */
export interface Article extends PostSummary {
  updatedAt: string;
  /** HTML from the database: sanitised before it is inlined. */
  content: string;
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

/** Where blog cards link: /training-gun-digest/{slug}. */
function postUrl(slug: string): string {
  return `${DIGEST.path}/${slug}`;
}

/** The single-article page: /blog/{slug}. */
export function articlePath(slug: string): string {
  return `/blog/${slug}`;
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
    url: postUrl(post.slug),
    tags: post.tags,
  };
}
