import ReviewsWidget from '#ui/islands/ReviewsWidget.tsx';
import { reviewSummary, reviewSummaryText, starRow } from '#shared/reviews/review-rules.ts';
import { Island } from '#worker/render/island.tsx';
import { useRequestInfo } from '#worker/render/request-context.tsx';
import type { ReviewSummary } from '#worker/reviews/review-store.ts';

/**
 * Customer reviews (home and product pages): how many approved reviews verified buyers wrote and their
 * average, counted from the reviews themselves (nothing when there are none), and the third-party widget
 * when configured, which says itself where its figures come from.
 */
export function ReviewsSection({ summary }: { summary: ReviewSummary }) {
  const widget = useRequestInfo().settings.REVIEWS_WIDGET_URL;
  const counted = reviewSummary(summary.count, summary.stars);
  if (!counted && !widget) return null;
  return (
    <section aria-labelledby="reviews-heading" className="bg-white py-16">
      <div className="mx-auto max-w-7xl px-4">
        <h2 id="reviews-heading" className="text-center text-3xl font-bold tracking-tight">
          What Our Customers Say
        </h2>
        {counted && (
          <p className="mt-3 text-center text-stone-700" data-review-summary={counted.count}>
            <span aria-hidden="true" className="mr-2 text-amber-700">
              {starRow(counted.average)}
            </span>
            {`Rated ${reviewSummaryText(counted)}`}
          </p>
        )}
        {widget && (
          <div className="mt-8">
            {/* Its figures are the provider's, not the shop's count above: said before them. */}
            <p className="mb-4 text-center text-sm text-stone-700" data-widget-source="">
              {`Reviews and ratings below come from our review provider (${new URL(widget).hostname}), as they publish them.`}
            </p>
            {/* Visible: it only loads the vendor's script, and only near the viewport. */}
            <Island name="ReviewsWidget" component={ReviewsWidget} props={{ src: widget }} hydrate="visible" />
          </div>
        )}
      </div>
    </section>
  );
}
