import type { PostTeaser } from '#shared/editorial/posts.ts';
import { PostCard, PostCardSkeleton } from './post-card.tsx';

/** Tailwind grid classes (columns and spacing) shared by a grid and its skeleton. */
type GridClass = string;

/** Blog cards in a grid, each linking to its article's one address (/training-gun-digest/{slug}). */
export function ArticleCardGrid({ cards, grid }: { cards: readonly PostTeaser[]; grid: GridClass }) {
  return (
    <ul className={`grid gap-6 ${grid}`}>
      {cards.map((card) => (
        <li key={card.id}>
          <PostCard card={card} />
        </li>
      ))}
    </ul>
  );
}

/** `count` card placeholders in the same grid while the posts load (`name` marks them for tests; none for a spacer). */
export function ArticleCardGridSkeleton({ count, name, grid }: { count: number; name?: string; grid: GridClass }) {
  return (
    <div aria-hidden="true" data-skeleton={name}>
      <ul className={`grid gap-6 ${grid}`}>
        {Array.from({ length: count }, (_, i) => (
          <li key={i}>
            <PostCardSkeleton />
          </li>
        ))}
      </ul>
    </div>
  );
}
