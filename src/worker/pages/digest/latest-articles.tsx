import { use, type ReactNode } from 'react';
import { articlePath, toBlogCard, type PostSummary } from '../../../shared/blog';
import { LATEST_POSTS } from '../../../shared/digest';
import { PostCard, PostCardSkeleton } from '../blog/post-card';

function CardsGrid({ children }: { children: ReactNode }) {
  return <ul className="mt-8 grid gap-6 md:grid-cols-2">{children}</ul>;
}

/** The 2 newest published posts, or the spec's empty text. */
export function LatestArticles({ posts }: { posts: Promise<PostSummary[]> }) {
  const cards = use(posts).slice(0, LATEST_POSTS).map(toBlogCard);
  if (cards.length === 0) return <p className="mt-8 text-stone-700">No articles published yet. Check back soon!</p>;
  return (
    <CardsGrid>
      {cards.map((card) => (
        <li key={card.id}>
          {/* toBlogCard's url is the digest landing (spec point 3); the card opens the readable article. */}
          <PostCard card={card} href={articlePath(card.slug)} />
        </li>
      ))}
    </CardsGrid>
  );
}

/** Two card placeholders while the posts load. */
export function LatestArticlesSkeleton() {
  return (
    <div aria-hidden="true" data-skeleton="latest-articles">
      <CardsGrid>
        {Array.from({ length: LATEST_POSTS }, (_, i) => (
          <li key={i}>
            <PostCardSkeleton />
          </li>
        ))}
      </CardsGrid>
    </div>
  );
}
