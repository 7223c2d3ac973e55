import { useId, useState, type FormEvent } from 'react';
import {
  CONSENT_TEXT,
  NEWSLETTER_PATH,
  readSubscribe,
  SUBSCRIBE_EMAIL_MAX,
  subscribeProblems,
} from '#shared/newsletter/newsletter-rules.ts';
import { useHref } from '#ui/state/market-context.ts';

/** What POST /newsletter answers an island (Accept: application/json). */
type Answer = { ok: true; message: string } | { ok: false; problem: string };

const ANSWER_TIMEOUT_MS = 15_000;
const NOT_SENT = 'The sign-up did not go through. Check your connection and try again.';

/**
 * The Digest's sign-up: a plain form posted to /newsletter (it works before and without JavaScript);
 * hydrated on the first interaction, it posts in place and says the answer under the field, keeping
 * the page. The consent it records is said beside the button. `problem` and `email` redisplay a refused post.
 */
export default function NewsletterSignUp({ email = '', problem, heading }: { email?: string; problem?: string; heading?: string }) {
  const to = useHref();
  const id = useId();
  const [phase, setPhase] = useState<'idle' | 'sending' | 'done'>('idle');
  const [said, setSaid] = useState<{ text: string; refused: boolean } | null>(problem ? { text: problem, refused: true } : null);

  const onSubmit = async (event: FormEvent<HTMLFormElement>) => {
    event.preventDefault();
    if (phase === 'sending') return;
    // Read from the field itself: what was typed before hydration stays (an uncontrolled input).
    const check = readSubscribe({ email: new FormData(event.currentTarget).get('email') });
    if (!check.ok) return setSaid({ text: subscribeProblems[check.problem], refused: true });
    setPhase('sending');
    const answer = await fetch(to(NEWSLETTER_PATH), {
      method: 'POST',
      headers: { 'Content-Type': 'application/json', Accept: 'application/json' },
      body: JSON.stringify({ email: check.email }),
      signal: AbortSignal.timeout(ANSWER_TIMEOUT_MS),
    })
      .then((res) => res.json() as Promise<Answer>)
      .catch(() => null);
    if (answer?.ok) {
      setPhase('done');
      return setSaid({ text: answer.message, refused: false });
    }
    setPhase('idle');
    setSaid({ text: answer?.problem ?? NOT_SENT, refused: true });
  };

  const refused = said?.refused === true;
  return (
    <form
      method="post"
      action={to(NEWSLETTER_PATH)}
      onSubmit={onSubmit}
      noValidate
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
          readOnly={phase === 'done'}
          placeholder="you@example.com"
          aria-invalid={refused || undefined}
          aria-describedby={`${id}-said ${id}-consent`}
          className="min-w-0 flex-1 basis-48 rounded-md border border-stone-400 bg-white px-3 py-2 text-sm focus-visible:outline-2 focus-visible:outline-red-700"
        />
        <button type="submit" className="btn btn-primary" aria-disabled={phase !== 'idle' || undefined}>
          {phase === 'sending' ? 'Subscribing…' : 'Subscribe'}
        </button>
      </div>
      {/* Always in the page, so what it says is announced when it changes (a polite live region; an alert when refused). */}
      <p
        id={`${id}-said`}
        role={refused ? 'alert' : 'status'}
        className={`text-sm font-medium ${refused ? 'text-red-800' : 'text-green-800'}`}
      >
        {said?.text}
      </p>
      <p id={`${id}-consent`} className="text-xs text-stone-700">
        {CONSENT_TEXT} We send a link to confirm first.
      </p>
    </form>
  );
}
