import { reviewSummary } from './review-rules.ts';

/** What the product's structured data takes from its approved reviews. */
export interface ReviewsForJsonLd {
  count: number;
  total: number;
  shown: ReadonlyArray<{ stars: number; title: string; body: string; name: string; createdAt: string }>;
}

/**
 * `aggregateRating` and `review` for a Product node, from approved reviews only and matching what the
 * page shows (Google's rules for review snippets: the rating of reviews visible on the page, by real
 * people); nothing when there are none.
 */
export function reviewsJsonLd(reviews: ReviewsForJsonLd): object {
  const summary = reviewSummary(reviews.count, reviews.total);
  if (!summary) return {};
  return {
    aggregateRating: {
      '@type': 'AggregateRating',
      ratingValue: summary.average.toFixed(1),
      reviewCount: reviews.count,
      bestRating: 5,
      worstRating: 1,
    },
    review: reviews.shown.map((r) => ({
      '@type': 'Review',
      reviewRating: { '@type': 'Rating', ratingValue: r.stars, bestRating: 5, worstRating: 1 },
      author: { '@type': 'Person', name: r.name },
      name: r.title,
      reviewBody: r.body,
      datePublished: r.createdAt.slice(0, 10),
    })),
  };
}
