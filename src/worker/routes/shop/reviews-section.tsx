import ReviewsWidget from '#ui/islands/ReviewsWidget.tsx';
import { claimText } from '#shared/policy/text.ts';
import { Island } from '#worker/render/island.tsx';
import { useRequestInfo } from '#worker/render/request-context.tsx';

/** Customer reviews (home and product pages): the claim always, the third-party widget when configured. */
export function ReviewsSection() {
  const widget = useRequestInfo().settings.REVIEWS_WIDGET_URL;
  return (
    <section aria-labelledby="reviews-heading" className="bg-white py-16">
      <div className="mx-auto max-w-7xl px-4">
        <h2 id="reviews-heading" className="text-center text-3xl font-bold tracking-tight">
          What Our Customers Say
        </h2>
        <p className="mt-3 text-center text-stone-700">
          <span aria-hidden="true" className="mr-2 text-amber-700">
            ★★★★★
          </span>
          Rated by our customers: <strong className="text-stone-900">{`${claimText.verifiedReviews} verified reviews`}</strong>
        </p>
        {widget && (
          <div className="mt-8">
            {/* Visible: it only loads the vendor's script, and only near the viewport. */}
            <Island name="ReviewsWidget" component={ReviewsWidget} props={{ src: widget }} hydrate="visible" />
          </div>
        )}
      </div>
    </section>
  );
}
