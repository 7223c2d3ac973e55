import { REVIEW_LIMITS } from '#shared/reviews/review-rules.ts';
import { TURNSTILE_IMPLICIT_URL } from '#shared/contact/turnstile.ts';
import { turnstileOn } from '#worker/contact/turnstile-verify.ts';
import { useRequestInfo } from '#worker/render/request-context.tsx';
import type { ReviewLink } from '#worker/reviews/review-store.ts';
import { HoneypotField } from '#ui/site/honeypot-field.tsx';
import { useHref } from '#ui/state/market-context.ts';

/**
 * Cloudflare Turnstile, when the shop has it on: its script renders the widget into the server's
 * markup (implicit rendering; this form has no island). Without JavaScript the form cannot pass it.
 */
function ReviewChallenge() {
  const { nonce, settings } = useRequestInfo();
  if (!turnstileOn(settings)) return null;
  return (
    <>
      <div className="cf-turnstile min-h-[65px]" data-sitekey={settings.TURNSTILE_SITE_KEY} data-action="review" />
      <noscript>
        <p className="text-sm text-stone-700">Sending this form needs JavaScript (a check that you are not a robot).</p>
      </noscript>
      <script src={TURNSTILE_IMPLICIT_URL} async defer nonce={nonce} />
    </>
  );
}

/** The review form: stars, a title, the review, a name to sign it with. No script of ours. */
export function ReviewForm({
  link,
  fillToken,
  typed = {},
  problem,
}: {
  link: ReviewLink;
  /** The form's signed render time: a post sooner than a person could write is sent back (the contact form's check). */
  fillToken: string;
  typed?: Record<string, string>;
  problem?: string;
}) {
  const to = useHref();
  const input = 'rounded-md border border-stone-400 px-3 py-2 text-base';
  return (
    <form method="post" action={to('/reviews/write')} className="flex flex-col gap-5">
      <input type="hidden" name="order" value={link.order} />
      <input type="hidden" name="product" value={String(link.product)} />
      <input type="hidden" name="key" value={link.key} />
      <input type="hidden" name="fill_token" value={fillToken} />
      <HoneypotField id="review" />
      {problem && (
        // oxlint-disable-next-line jsx-a11y/no-autofocus -- what to fix is read first (no script)
        <p role="alert" tabIndex={-1} autoFocus className="rounded-md border border-red-300 bg-red-50 p-3 text-red-900">
          {problem}
        </p>
      )}
      <fieldset className="flex flex-wrap gap-4">
        <legend className="mb-1 font-semibold">Your rating</legend>
        {[5, 4, 3, 2, 1].map((n) => (
          // The whole label is the target (44 px high), the radio itself 24 px (WCAG 2.2 target size).
          <label
            key={n}
            className="flex min-h-11 cursor-pointer items-center gap-2 rounded-md border border-stone-300 px-3 has-[:checked]:border-red-700 has-[:checked]:bg-red-50 has-[:focus-visible]:outline-2 has-[:focus-visible]:outline-red-700"
          >
            <input
              type="radio"
              name="stars"
              value={n}
              required
              defaultChecked={typed.stars === String(n)}
              className="size-6 accent-red-700"
            />
            <span>{`${n} ${n === 1 ? 'star' : 'stars'}`}</span>
          </label>
        ))}
      </fieldset>
      <label className="flex flex-col gap-1">
        <span className="font-semibold">Title</span>
        <input name="title" required maxLength={REVIEW_LIMITS.title} defaultValue={typed.title} className={input} />
      </label>
      <label className="flex flex-col gap-1">
        <span className="font-semibold">Your review</span>
        <textarea
          name="body"
          required
          rows={6}
          minLength={REVIEW_LIMITS.bodyMin}
          maxLength={REVIEW_LIMITS.body}
          defaultValue={typed.body}
          className={input}
        />
      </label>
      <label className="flex flex-col gap-1">
        <span className="font-semibold">Signed as (a first name or initials)</span>
        <input name="name" required maxLength={REVIEW_LIMITS.name} autoComplete="off" defaultValue={typed.name} className={input} />
      </label>
      <ReviewChallenge />
      <button type="submit" className="btn btn-primary self-start">
        Send my review
      </button>
    </form>
  );
}
