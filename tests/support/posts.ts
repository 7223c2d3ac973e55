import type { PostSummary } from '#shared/editorial/posts.ts';

/** A post as the lists read it: slug post-{id}, no image, the higher the id the older (January 2025). */
export function postSummary(id: number, title: string, tags: string[], excerpt: string | null = null): PostSummary {
  return {
    id,
    title,
    slug: `post-${id}`,
    excerpt,
    featuredImage: null,
    publishedAt: `2025-01-${String(30 - id).padStart(2, '0')}T00:00:00.000Z`,
    tags,
  };
}
