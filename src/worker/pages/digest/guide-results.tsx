import { use } from 'react';
import { toBlogCard, type PostSummary } from '../../../shared/blog';
import { filterGuides, guidesPath, type GuideFilter } from '../../../shared/guide-filter';
import { ArticleCardGrid, ArticleCardGridSkeleton } from './article-card-grid';

/** Spec point 9: six placeholders while the guides load. */
const SKELETON_CARDS = 6;

const grid = 'mt-4 sm:grid-cols-2 lg:grid-cols-3';

/** The published posts that pass the filters, or the spec's no-results texts with a reset link. */
export function GuideResults({ posts, filter }: { posts: Promise<PostSummary[]>; filter: GuideFilter }) {
  const cards = filterGuides(use(posts).map(toBlogCard), filter);
  if (cards.length === 0) {
    return (
      <div className="mt-12 rounded-lg border border-stone-200 bg-white p-8 text-center">
        <h2 className="text-xl font-bold">No guides found</h2>
        <p className="mt-2 text-stone-700">Try adjusting your search or filter criteria.</p>
        <a href={guidesPath()} className="btn btn-secondary mt-6">
          Reset Filters
        </a>
      </div>
    );
  }
  return (
    <>
      <h2 className="mt-8 text-lg font-semibold text-stone-900">
        {cards.length} {cards.length === 1 ? 'guide' : 'guides'} found
      </h2>
      <ArticleCardGrid cards={cards} grid={grid} />
    </>
  );
}

/** Placeholders while the posts load; the count heading's line is reserved too. */
export function GuideResultsSkeleton() {
  return (
    <>
      <div className="mt-8 h-7" />
      <ArticleCardGridSkeleton count={SKELETON_CARDS} name="guides" grid={grid} />
    </>
  );
}
