import { useId } from 'react';
import { CONSENT_TEXT, NEWSLETTER_PATH, SUBSCRIBE_EMAIL_MAX } from '#shared/newsletter/newsletter-rules.ts';
import { useHref } from '#ui/state/market-context.ts';

/**
 * The Digest's sign-up: a plain form (no island, no JavaScript needed) posted to /newsletter in the
 * page's market, the consent it records said beside the button. `problem` and `email` redisplay a refused post.
 */
export function NewsletterForm({ email, problem, heading }: { email?: string; problem?: string; heading?: string }) {
  const to = useHref();
  const id = useId();
  return (
    <form
      method="post"
      action={to(NEWSLETTER_PATH)}
      className="flex flex-col gap-2 rounded-lg border border-stone-200 bg-white p-4"
      data-newsletter-form
    >
      {heading && <p className="font-semibold text-stone-900">{heading}</p>}
      <label htmlFor={`${id}-email`} className="text-sm font-semibold text-stone-900">
        Your e-mail address
      </label>
      <div className="flex flex-wrap gap-2">
        <input
          id={`${id}-email`}
          type="email"
          name="email"
          required
          autoComplete="email"
          maxLength={SUBSCRIBE_EMAIL_MAX}
          defaultValue={email}
          placeholder="you@example.com"
          aria-invalid={problem ? true : undefined}
          aria-describedby={`${problem ? `${id}-problem ` : ''}${id}-consent`}
          className="min-w-0 flex-1 basis-48 rounded-md border border-stone-400 bg-white px-3 py-2 text-sm focus-visible:outline-2 focus-visible:outline-red-700"
        />
        <button type="submit" className="btn btn-primary">
          Subscribe
        </button>
      </div>
      {problem && (
        <p id={`${id}-problem`} role="alert" className="text-sm font-medium text-red-800">
          {problem}
        </p>
      )}
      <p id={`${id}-consent`} className="text-xs text-stone-700">
        {CONSENT_TEXT} We send a link to confirm first.
      </p>
    </form>
  );
}
