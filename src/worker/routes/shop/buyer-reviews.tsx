import { helpfulText, reviewsHref, reviewSummary, reviewSummaryText, starRow, type ReviewOrder } from '#shared/reviews/review-rules.ts';
import { useHref, useMarketDate } from '#ui/state/market-context.ts';
import type { ProductReviews } from '#worker/reviews/review-store.ts';

/** Most helpful / Newest: links (no script), the current one marked for assistive technology. */
function OrderLinks({ path, order }: { path: string; order: ReviewOrder }) {
  const to = useHref();
  const link = (value: ReviewOrder, label: string) => (
    <a
      href={to(reviewsHref(path, value))}
      aria-current={order === value ? 'true' : undefined}
      rel="nofollow"
      className="rounded-md px-3 py-2 underline-offset-4 hover:underline aria-[current=true]:bg-stone-900 aria-[current=true]:text-white"
    >
      {label}
    </a>
  );
  return (
    <nav aria-label="Order reviews" className="mt-4 flex gap-2 text-sm">
      {link('helpful', 'Most helpful')}
      {link('newest', 'Newest')}
    </nav>
  );
}

/**
 * Reviews by people who bought the product, approved by the shop: the count and average, then the
 * most helpful or the newest, each with a "Helpful" button (a plain form); with none yet, it says so
 * and who may review. Server-rendered, no script.
 */
export function BuyerReviews({ reviews, path, voted }: { reviews: ProductReviews; path: string; voted: number | null }) {
  const to = useHref();
  const day = useMarketDate();
  const summary = reviewSummary(reviews.count, reviews.total);
  if (!summary)
    return (
      <section
        id="buyer-reviews"
        aria-labelledby="buyer-reviews-heading"
        className="mx-auto max-w-7xl scroll-mt-28 px-4 py-12"
        data-buyer-reviews="0"
      >
        <h2 id="buyer-reviews-heading" className="text-2xl font-bold tracking-tight">
          Reviews from buyers
        </h2>
        <p className="mt-2 text-stone-800">
          No reviews yet. Only people who bought it can review it: a while after their order arrives, we e-mail each buyer a link to write
          one, and we read every review before it is shown.
        </p>
      </section>
    );
  // scroll-mt: the sticky header stays clear of the reviews, or a review, a link (or a vote) brings into view.
  return (
    <section
      id="buyer-reviews"
      aria-labelledby="buyer-reviews-heading"
      className="mx-auto max-w-7xl scroll-mt-28 px-4 py-12"
      data-buyer-reviews={reviews.count}
    >
      <h2 id="buyer-reviews-heading" className="text-2xl font-bold tracking-tight">
        Reviews from buyers
      </h2>
      <p className="mt-2 text-stone-800">
        <span aria-hidden="true" className="mr-2 text-amber-700">
          {starRow(summary.average)}
        </span>
        {reviewSummaryText(summary)}
      </p>
      {reviews.count > 1 && <OrderLinks path={path} order={reviews.order} />}
      <ul className="mt-6 grid gap-6 md:grid-cols-2">
        {reviews.shown.map((r) => (
          <li key={r.id} id={`review-${r.id}`} className="scroll-mt-28 rounded-lg border border-stone-200 bg-white p-4" data-review={r.id}>
            <p className="font-semibold">
              <span className="mr-2 text-amber-700" aria-hidden="true">
                {starRow(r.stars)}
              </span>
              <span className="sr-only">{`${r.stars} out of 5 stars: `}</span>
              {r.title}
            </p>
            <p className="mt-2 break-words whitespace-pre-wrap text-stone-800">{r.body}</p>
            <p className="mt-2 text-sm text-stone-700">{`${r.name}, verified buyer, ${day(r.createdAt)}`}</p>
            {r.reply && <p className="mt-2 border-l-2 border-stone-300 pl-3 text-sm text-stone-700">{`Our reply: ${r.reply}`}</p>}
            <form method="post" action={to(`/reviews/${r.id}/helpful`)} className="mt-3 flex flex-wrap items-center gap-3 text-sm">
              <input type="hidden" name="order" value={reviews.order} />
              {voted === r.id ? (
                <button type="submit" disabled aria-pressed="true" className="btn min-h-11 bg-stone-900 px-3 py-1 text-white" data-voted="">
                  ✓ Helpful<span className="sr-only">{`: ${r.title}`}</span>
                </button>
              ) : (
                <button type="submit" className="btn btn-secondary min-h-11 px-3 py-1">
                  Helpful<span className="sr-only">{`: ${r.title}`}</span>
                </button>
              )}
              <span className="text-stone-700" data-helpful={r.helpful} role={voted === r.id ? 'status' : undefined}>
                {voted === r.id ? `Thanks: your vote is counted. ${helpfulText(r.helpful)}` : helpfulText(r.helpful)}
              </span>
            </form>
          </li>
        ))}
      </ul>
    </section>
  );
}
