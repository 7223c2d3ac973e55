import { describe, expect, it } from 'vitest';
import { reviewsJsonLd } from '#shared/reviews/review-jsonld.ts';
import { helpfulText, readReview, reviewOrderOf, reviewsHref, reviewSummary } from '#shared/reviews/review-rules.ts';

const good = { stars: '5', title: 'Great', body: 'Resets every time, fits my holster.', name: 'Sam' };

describe('a review form', () => {
  it('takes 1 to 5 stars, a title, ten characters or more and a name, trimmed', () => {
    expect(readReview({ ...good, title: '  Great  ' })).toEqual({ ok: true, review: { ...good, stars: 5 } });
    expect(readReview({ ...good, stars: '6' })).toEqual({ ok: false, problem: 'Choose from 1 to 5 stars.' });
    expect(readReview({ ...good, body: 'Too short' })).toMatchObject({ ok: false, problem: expect.stringMatching(/^Tell other shooters/) });
    expect(readReview({ ...good, name: ' ' })).toEqual({ ok: false, problem: 'Give a first name or initials to sign it with.' });
    expect(readReview({ ...good, title: 'x'.repeat(101) })).toEqual({ ok: false, problem: 'The title takes at most 100 characters.' });
  });
});

describe('what a product page and its structured data say', () => {
  it('averages to one decimal, and says nothing without approved reviews', () => {
    expect(reviewSummary(3, 13)).toEqual({ count: 3, average: 4.3 });
    expect(reviewSummary(0, 0)).toBeNull();
    expect(reviewsJsonLd({ count: 0, total: 0, shown: [] })).toEqual({});
  });

  it('gives aggregateRating and each shown review, with its author and day', () => {
    const ld = reviewsJsonLd({
      count: 2,
      total: 9,
      shown: [{ stars: 4, title: 'Good', body: 'Works.', name: 'J.', createdAt: '2026-11-20T10:00:00.000Z' }],
    }) as { aggregateRating: object; review: object[] };
    expect(ld.aggregateRating).toEqual({ '@type': 'AggregateRating', ratingValue: '4.5', reviewCount: 2, bestRating: 5, worstRating: 1 });
    expect(ld.review).toEqual([
      {
        '@type': 'Review',
        reviewRating: { '@type': 'Rating', ratingValue: 4, bestRating: 5, worstRating: 1 },
        author: { '@type': 'Person', name: 'J.' },
        name: 'Good',
        reviewBody: 'Works.',
        datePublished: '2026-11-20',
      },
    ]);
  });
});

describe("the order of a product page's reviews", () => {
  it('is most helpful unless newest is asked for, and the newest order is a query on the same page', () => {
    expect(reviewOrderOf(undefined)).toBe('helpful');
    expect(reviewOrderOf('newest')).toBe('newest');
    expect(reviewOrderOf('NEWEST')).toBe('helpful');
    expect(reviewsHref('/product/10/knife', 'helpful')).toBe('/product/10/knife#buyer-reviews');
    expect(reviewsHref('/product/10/knife', 'newest', 'review-3')).toBe('/product/10/knife?reviews=newest#review-3');
  });

  it('says how many found a review helpful, in words, and nothing before the first vote', () => {
    expect(helpfulText(0)).toBe('');
    expect(helpfulText(1)).toBe('1 person found this helpful');
    expect(helpfulText(12)).toBe('12 people found this helpful');
  });
});
