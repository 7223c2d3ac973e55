import type { MouseEvent } from 'react';
import type { PostTeaser } from '#shared/editorial/posts.ts';
import { guideCountText, guidesPath } from '#shared/editorial/guides.ts';
import { ArticleCardGrid, ArticleCardGridSkeleton } from './article-card-grid.tsx';
import { useHref } from '#ui/state/market-context.ts';

/** Six placeholders while the guides load. */
const SKELETON_CARDS = 6;

const grid = 'mt-4 sm:grid-cols-2 lg:grid-cols-3';

/**
 * The filtered cards under their count, or the spec's no-results texts with a reset link. The count
 * or the no-results texts sit in a polite live region, so a screen reader hears each new result.
 */
export function GuideResults({
  cards,
  total = cards.length,
  onReset,
}: {
  cards: readonly PostTeaser[];
  /** Matches on all pages (the count shown); the cards are one page of them. */
  total?: number;
  onReset?: (event: MouseEvent) => void;
}) {
  const to = useHref();
  // The results share one grid cell with an invisible copy of the placeholders, so fewer results
  // than placeholders never pull the footer up (at first paint or while filtering).
  return (
    <div className="grid">
      <div aria-hidden="true" className="invisible [grid-area:1/1]">
        <SkeletonBlock />
      </div>
      <div className="[grid-area:1/1]">
        <div aria-live="polite" aria-atomic="true">
          {cards.length > 0 ? (
            <h2 className="mt-8 text-lg font-semibold text-stone-900">{guideCountText(Math.max(total, cards.length))}</h2>
          ) : (
            <div className="mt-12 rounded-lg border border-stone-200 bg-white p-8 text-center">
              <h2 className="text-xl font-bold">No guides found</h2>
              <p className="mt-2 text-stone-700">Try adjusting your search or filter criteria.</p>
              <a href={to(guidesPath())} onClick={onReset} className="btn btn-secondary mt-6">
                Reset Filters
              </a>
            </div>
          )}
        </div>
        {cards.length > 0 && <ArticleCardGrid cards={cards} grid={grid} />}
      </div>
    </div>
  );
}

/** Placeholders while the posts load; the count heading's line is reserved too. */
function SkeletonBlock({ name }: { name?: string }) {
  return (
    <>
      <div className="mt-8 h-7" />
      <ArticleCardGridSkeleton count={SKELETON_CARDS} name={name} grid={grid} />
    </>
  );
}

export const GuideResultsSkeleton = () => <SkeletonBlock name="guides" />;
