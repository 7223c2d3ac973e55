import { use, type ReactNode } from 'react';
import { toPostTeaser, type PostSummary } from '#shared/editorial/posts.ts';
import { PostCard, PostCardSkeleton } from '#ui/editorial/post-card.tsx';

/** Heading and row of cards; the skeleton shows them too, so both take the same space. */
function RelatedFrame({ headingId, children }: { headingId?: string; children: ReactNode }) {
  // The skeleton's copy is hidden from assistive technology, so it is no heading there.
  const Heading = headingId ? 'h2' : 'p';
  return (
    <>
      <Heading id={headingId} className="text-2xl font-bold tracking-tight">
        RELATED ARTICLES
      </Heading>
      <ul className="mt-6 grid gap-6 md:grid-cols-3">{children}</ul>
    </>
  );
}

/** 'RELATED ARTICLES': up to 3 cards, left out when there are none. */
export function RelatedArticles({ posts }: { posts: Promise<PostSummary[]> }) {
  const cards = use(posts).map(toPostTeaser);
  if (cards.length === 0) return null;
  return (
    <section aria-labelledby="related-heading" className="mt-16">
      <RelatedFrame headingId="related-heading">
        {cards.map((card) => (
          <li key={card.id}>
            <PostCard card={card} />
          </li>
        ))}
      </RelatedFrame>
    </section>
  );
}

/** Three placeholder cards while the related posts load. */
export function RelatedArticlesSkeleton() {
  return (
    <div aria-hidden="true" data-skeleton="related-articles" className="mt-16">
      <RelatedFrame>
        {[0, 1, 2].map((i) => (
          <li key={i}>
            <PostCardSkeleton />
          </li>
        ))}
      </RelatedFrame>
    </div>
  );
}
