import { helpfulText } from '#shared/reviews/review-rules.ts';
import { plainName } from '#shared/catalogue/product.ts';
import type { reviewList } from '#worker/reviews/review-store.ts';
import { Field, FormOnce, Section, Submit, when } from '#worker/routes/admin-frame/admin-ui.tsx';

export const REVIEW_STATES = ['pending', 'approved', 'hidden'] as const;
const STATE_WORDS = { pending: 'Waiting', approved: 'Shown', hidden: 'Hidden' } as const;

/** /admin/reviews?state=…: buyers' reviews, waiting ones first; approve, hide or reply to each. */
export function ReviewsPage({ state, rows }: { state: (typeof REVIEW_STATES)[number]; rows: Awaited<ReturnType<typeof reviewList>> }) {
  return (
    <>
      <nav aria-label="Which reviews" className="flex flex-wrap gap-3 text-sm">
        {REVIEW_STATES.map((s) => (
          <a
            key={s}
            href={`/admin/reviews?state=${s}`}
            aria-current={s === state ? 'page' : undefined}
            className="underline aria-[current=page]:font-bold"
          >
            {STATE_WORDS[s]}
          </a>
        ))}
      </nav>
      <Section title={`${STATE_WORDS[state]} (${rows.length === 50 ? '50 newest' : rows.length})`} id="review-list">
        {rows.length === 0 ? (
          <p>No reviews here.</p>
        ) : (
          <ul className="flex flex-col gap-4">
            {rows.map((r) => (
              <li key={r.id} className="rounded-md border border-stone-200 p-3" data-admin-review={r.id} data-review-state={r.state}>
                <p className="font-semibold">{`${'★'.repeat(r.stars)}${'☆'.repeat(5 - r.stars)} ${r.title}`}</p>
                <p className="mt-1 text-sm break-words whitespace-pre-wrap">{r.body}</p>
                <p className="mt-1 text-sm text-stone-700">
                  {`${r.name}, ${r.productName ? plainName(r.productName) : `product ${r.productId}`}, `}
                  <a href={`/admin/orders/${r.orderNumber}`} className="font-mono underline">
                    {r.orderNumber}
                  </a>
                  {`, ${when(r.createdAt)}`}
                  {r.helpful > 0 && `; ${helpfulText(r.helpful)}`}
                </p>
                <div className="mt-2 flex flex-wrap gap-2">
                  {r.state !== 'approved' && (
                    <form method="post" action={`/admin/reviews/${r.id}/approve`}>
                      <FormOnce />
                      <Submit>Approve: show it</Submit>
                    </form>
                  )}
                  {r.state !== 'hidden' && (
                    <form method="post" action={`/admin/reviews/${r.id}/hide`}>
                      <FormOnce />
                      <Submit tone="danger">Hide</Submit>
                    </form>
                  )}
                </div>
                <form method="post" action={`/admin/reviews/${r.id}/reply`} className="mt-2 flex flex-col gap-2">
                  <FormOnce />
                  <Field
                    label="Your reply (shown under the review; empty removes it)"
                    name="reply"
                    maxLength={1000}
                    defaultValue={r.reply ?? ''}
                  />
                  <Submit tone="secondary">Save reply</Submit>
                </form>
              </li>
            ))}
          </ul>
        )}
      </Section>
    </>
  );
}
