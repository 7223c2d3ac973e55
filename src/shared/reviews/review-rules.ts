import { z } from 'zod/mini';

/**
 * Reviews by people who bought (issue 49): the form's checks, shared by the page and the server, and
 * the summary a product page and its structured data show (approved reviews only).
 */

export const REVIEW_LIMITS = { title: 100, body: 2000, name: 40, bodyMin: 10 } as const;
/** Reviews one product page shows. */
export const REVIEWS_SHOWN = 10;

/**
 * How a product page orders its reviews: most helpful first (then newest: with no votes yet, the
 * newest lead), or newest first (`?reviews=newest`). Anything else is the first.
 */
export const REVIEW_ORDERS = ['helpful', 'newest'] as const;
export type ReviewOrder = (typeof REVIEW_ORDERS)[number];
export const reviewOrderOf = (asked: string | undefined): ReviewOrder => (asked === 'newest' ? 'newest' : 'helpful');

/** A product page's query for an order of its reviews ('' for most helpful: the page itself). */
export const reviewsSearch = (order: ReviewOrder) => (order === 'newest' ? '?reviews=newest' : '');

/** A product page's address in an order (most helpful is the page itself), at its reviews or one review. */
export const reviewsHref = (path: string, order: ReviewOrder, anchor = 'buyer-reviews') => `${path}${reviewsSearch(order)}#${anchor}`;

/** Back to a review just voted on: the page says the vote was counted (its own answer: a query the kept page does not read). */
export const votedHref = (path: string, order: ReviewOrder, reviewId: number) =>
  `${path}${reviewsSearch(order) || '?'}${reviewsSearch(order) ? '&' : ''}voted=${reviewId}#review-${reviewId}`;

/** The review a shopper just voted on, from the page's query. */
export const votedOf = (asked: string | undefined): number | null => (asked && /^[0-9]{1,9}$/.test(asked) ? Number(asked) : null);

const text = (max: number, min: number, tooShort: string) =>
  z.string(tooShort).check(z.trim(), z.minLength(min, tooShort), z.maxLength(max, `at most ${max} characters`));

const schema = z.object({
  stars: z.string('stars').check(z.regex(/^[1-5]$/, 'stars')),
  title: text(REVIEW_LIMITS.title, 2, 'title'),
  body: text(REVIEW_LIMITS.body, REVIEW_LIMITS.bodyMin, 'body'),
  name: text(REVIEW_LIMITS.name, 1, 'name'),
});

export const reviewProblems: Record<string, string> = {
  stars: 'Choose from 1 to 5 stars.',
  title: 'Give your review a title.',
  body: `Tell other shooters a little more (${REVIEW_LIMITS.bodyMin} characters or more).`,
  name: 'Give a first name or initials to sign it with.',
};

export interface ReviewInput {
  stars: number;
  title: string;
  body: string;
  name: string;
}

/** The form's fields as a review, or the first problem in words. */
export function readReview(fields: Record<string, string>): { ok: true; review: ReviewInput } | { ok: false; problem: string } {
  const read = schema.safeParse(fields);
  if (!read.success) {
    const issue = read.error.issues[0];
    const field = String(issue?.path[0] ?? 'body');
    return {
      ok: false,
      problem: issue?.message.startsWith('at most') ? `The ${field} takes ${issue.message}.` : (reviewProblems[field] ?? 'Check the form.'),
    };
  }
  return { ok: true, review: { ...read.data, stars: Number(read.data.stars) } };
}

/** The count and the average of approved reviews' stars (one decimal), as the page and its JSON-LD show them; null for none. */
export function reviewSummary(count: number, totalStars: number): { count: number; average: number } | null {
  if (count === 0) return null;
  return { count, average: Math.round((totalStars / count) * 10) / 10 };
}

/** Five stars, the average's rounded number of them filled: ★★★★☆. */
export const starRow = (average: number): string => `${'★'.repeat(Math.round(average))}${'☆'.repeat(5 - Math.round(average))}`;

/** "4.3 out of 5 from 12 reviews by verified buyers". */
export const reviewSummaryText = (summary: { count: number; average: number }): string =>
  `${summary.average.toFixed(1)} out of 5 from ${summary.count} ${summary.count === 1 ? 'review' : 'reviews'} by verified buyers`;

/** "3 people found this helpful", or nothing before the first vote. */
export function helpfulText(votes: number): string {
  if (votes <= 0) return '';
  return votes === 1 ? '1 person found this helpful' : `${votes} people found this helpful`;
}
