import { formatLongDate } from '#shared/site/dates.ts';
import { reviewSummary } from '#shared/reviews/review-rules.ts';
import type { ProductReviews } from '#worker/reviews/review-store.ts';

const stars = (n: number) => `${'★'.repeat(n)}${'☆'.repeat(5 - n)}`;

/** Reviews by people who bought the product, approved by the shop: the count and average, then the newest. Server-rendered, no script. */
export function BuyerReviews({ reviews }: { reviews: ProductReviews }) {
  const summary = reviewSummary(reviews.count, reviews.total);
  if (!summary) return null;
  return (
    <section aria-labelledby="buyer-reviews-heading" className="mx-auto max-w-7xl px-4 py-12" data-buyer-reviews={reviews.count}>
      <h2 id="buyer-reviews-heading" className="text-2xl font-bold tracking-tight">
        Reviews from buyers
      </h2>
      <p className="mt-2 text-stone-800">
        <span aria-hidden="true" className="mr-2 text-amber-700">
          {stars(Math.round(summary.average))}
        </span>
        {`${summary.average.toFixed(1)} out of 5 from ${reviews.count} ${reviews.count === 1 ? 'review' : 'reviews'} by verified buyers`}
      </p>
      <ul className="mt-6 grid gap-6 md:grid-cols-2">
        {reviews.shown.map((r) => (
          <li key={r.id} className="rounded-lg border border-stone-200 bg-white p-4">
            <p className="font-semibold">
              <span className="mr-2 text-amber-700" aria-hidden="true">
                {stars(r.stars)}
              </span>
              <span className="sr-only">{`${r.stars} out of 5 stars: `}</span>
              {r.title}
            </p>
            <p className="mt-2 break-words whitespace-pre-wrap text-stone-800">{r.body}</p>
            <p className="mt-2 text-sm text-stone-700">{`${r.name}, verified buyer, ${formatLongDate(r.createdAt)}`}</p>
            {r.reply && <p className="mt-2 border-l-2 border-stone-300 pl-3 text-sm text-stone-700">{`Our reply: ${r.reply}`}</p>}
          </li>
        ))}
      </ul>
    </section>
  );
}
