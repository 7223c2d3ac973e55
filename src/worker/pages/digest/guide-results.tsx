import { use, type ReactNode } from 'react';
import { articlePath, toBlogCard, type PostSummary } from '../../../shared/blog';
import { filterGuides, guidesPath, type GuideFilter } from '../../../shared/guide-filter';
import { PostCard, PostCardSkeleton } from '../blog/post-card';

/** Spec point 9: six placeholders while the guides load. */
const SKELETON_CARDS = 6;

function CardsGrid({ children }: { children: ReactNode }) {
  return <ul className="mt-4 grid gap-6 sm:grid-cols-2 lg:grid-cols-3">{children}</ul>;
}

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
      <CardsGrid>
        {cards.map((card) => (
          <li key={card.id}>
            {/* toBlogCard's url is the digest landing (spec point 3); the card opens the readable article. */}
            <PostCard card={card} href={articlePath(card.slug)} />
          </li>
        ))}
      </CardsGrid>
    </>
  );
}

export function GuideResultsSkeleton() {
  return (
    <div aria-hidden="true" data-skeleton="guides">
      <CardsGrid>
        {Array.from({ length: SKELETON_CARDS }, (_, i) => (
          <li key={i}>
            <PostCardSkeleton />
          </li>
        ))}
      </CardsGrid>
    </div>
  );
}
