import { use } from 'react';
import { toPostTeaser, type PostSummary } from '#shared/editorial/posts.ts';
import { LATEST_POSTS } from '#shared/editorial/digest.ts';
import { ArticleCardGrid, ArticleCardGridSkeleton } from '#ui/editorial/article-card-grid.tsx';

const grid = 'mt-8 md:grid-cols-2';

/** The 2 newest published posts, or the spec's empty text. */
export function LatestArticles({ posts }: { posts: Promise<PostSummary[]> }) {
  const cards = use(posts).slice(0, LATEST_POSTS).map(toPostTeaser);
  if (cards.length === 0) return <p className="mt-8 text-stone-700">No articles published yet. Check back soon!</p>;
  return <ArticleCardGrid cards={cards} grid={grid} />;
}

/** Two card placeholders while the posts load. */
export function LatestArticlesSkeleton() {
  return <ArticleCardGridSkeleton count={LATEST_POSTS} name="latest-articles" grid={grid} />;
}
