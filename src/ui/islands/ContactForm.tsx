import { useEffect, useId, useLayoutEffect, useRef, useState, type FormEvent } from 'react';
import { readContactAnswer } from '#shared/contact/answer.ts';
import {
  CONTACT_FILL_FIELD,
  CONTACT_HONEYPOT_FIELD,
  CONTACT_LIMITS,
  CONTACT_MESSAGE_ROWS,
  CONTACT_STATUS_RESET_MS,
  CONTACT_SUBJECTS,
  TURNSTILE_RESPONSE_FIELD,
  contactNotices,
  validateContact,
  type ContactFieldName as Field,
  type ContactFields,
  type ContactProblem,
  type Notice,
} from '#shared/contact/form.ts';
import type { ContactStatus } from '#shared/contact/status.ts';
import { push } from '#ui/state/data-layer.ts';
import { mountTurnstile } from '#ui/state/turnstile-widget.ts';
import { HoneypotField } from '#ui/site/honeypot-field.tsx';
import { ContactField, fieldClass } from '#ui/site/contact-field.tsx';
import { toast } from '#ui/state/toast-store.ts';
import { useHref } from '#ui/state/market-context.ts';

export interface ContactFormProps {
  /** What the visitor typed, when the server showed the form again. */
  values?: ContactFields;
  /** The field the server turned down (marked invalid). */
  invalidField?: Field;
  /** The server's answer to the plain-HTML form (see contactStatus). */
  status?: ContactStatus;
  /** The signed time the form was rendered; posted back so the server can tell a bot's instant post. */
  fillToken?: string;
  /** Cloudflare Turnstile's site key, when the shop has it on: the widget is rendered in the form. */
  turnstileSiteKey?: string;
}

type Phase = 'idle' | 'sending' | 'sent' | 'partial';

/** A request still unanswered after this long is reported as not saved (the fields are kept). */
const ANSWER_TIMEOUT_MS = 15_000;

const empty: ContactFields = { name: '', email: '', phone: '', subject: '', message: '' };

const button: Record<Phase, { label: string; className: string }> = {
  idle: { label: 'Send Message', className: 'btn-primary' },
  sending: { label: 'Sending...', className: 'btn-primary' },
  sent: { label: 'Message Sent', className: 'bg-green-700 text-white' },
  partial: { label: 'Partially Sent', className: 'bg-amber-300 text-stone-900' },
};

function fail({ title, description }: Notice) {
  toast({ title, description, variant: 'destructive' });
}

/**
 * The contact form. Without JavaScript it posts to /contact and the server
 * answers with a page; hydrated, it checks the fields in order (name, email, subject, message), posts JSON to
 * /contact, asking for JSON, and reports with toasts.
 */
export default function ContactForm({
  values: initial = empty,
  invalidField,
  status: initialStatus,
  fillToken = '',
  turnstileSiteKey,
}: ContactFormProps) {
  const to = useHref();
  const id = useId();
  const form = useRef<HTMLFormElement>(null);
  const [values, setValues] = useState(initial);
  const [invalid, setInvalid] = useState(invalidField);
  const [status, setStatus] = useState(initialStatus);
  const [phase, setPhase] = useState<Phase>('idle');
  // Each token serves one message: the server's answer brings the next one.
  const [token, setToken] = useState(fillToken);
  const challenge = useRef<HTMLDivElement>(null);
  // Each Turnstile token is good for one verification: a fresh one after every post.
  const resetChallenge = useRef<() => void>(() => {});

  // Hydrated on the first interaction: what was typed or picked before React listened is in the
  // fields, not yet in state (hydration keeps the DOM's values); state takes it before any re-render
  // would write the server's values back. In a layout effect, so it is rendered before hydration is
  // over: a Send pressed while React loaded is played then (hydration/replay.ts), and a passive
  // effect's update would still be pending, the press seeing the empty fields of the first render.
  useLayoutEffect(() => {
    if (!form.current) return;
    const typed = new FormData(form.current);
    setValues((v) => {
      const next = { ...v };
      for (const field of Object.keys(v) as Field[]) {
        const value = typed.get(field);
        if (typeof value === 'string') next[field] = value;
      }
      return next;
    });
  }, []);

  useEffect(() => {
    if (!turnstileSiteKey || !challenge.current) return;
    return mountTurnstile(challenge.current, turnstileSiteKey, (reset) => (resetChallenge.current = reset));
  }, [turnstileSiteKey]);

  // The timer is cancelled whenever the phase changes, so the fields are cleared only if the sent or
  // partial state still holds when it fires.
  useEffect(() => {
    if (phase !== 'sent' && phase !== 'partial') return;
    const timer = setTimeout(() => {
      setValues(empty);
      setPhase('idle');
    }, CONTACT_STATUS_RESET_MS);
    return () => clearTimeout(timer);
  }, [phase]);

  const reject = (problem: ContactProblem) => {
    setInvalid(problem.field);
    toast({ title: problem.title, description: problem.description, variant: 'destructive' });
    (form.current?.elements.namedItem(problem.field) as HTMLElement | null)?.focus();
  };

  const onSubmit = async (event: FormEvent<HTMLFormElement>) => {
    event.preventDefault();
    if (phase !== 'idle') return;
    setStatus(undefined);
    const check = validateContact({ ...values });
    if (!check.ok) return reject(check.problem);
    setInvalid(undefined);
    setPhase('sending');
    const trap = form.current?.elements.namedItem(CONTACT_HONEYPOT_FIELD) as HTMLInputElement | null;
    const challengeAnswer = form.current?.elements.namedItem(TURNSTILE_RESPONSE_FIELD) as HTMLInputElement | null;
    // A network failure, a time-out, or an answer outside the contract (a proxy's 502, a bare JSON
    // error) all read as "not saved": the spec's Error toast, the fields kept for another try.
    const answer = await fetch(to('/contact'), {
      method: 'POST',
      headers: { 'Content-Type': 'application/json', Accept: 'application/json' },
      body: JSON.stringify({
        ...values,
        [CONTACT_HONEYPOT_FIELD]: trap?.value ?? '',
        [CONTACT_FILL_FIELD]: token,
        ...(challengeAnswer && { [TURNSTILE_RESPONSE_FIELD]: challengeAnswer.value }),
      }),
      signal: AbortSignal.timeout(ANSWER_TIMEOUT_MS),
    })
      .then((res) => res.json())
      .then(readContactAnswer, () => null);
    if (turnstileSiteKey) resetChallenge.current();
    if (!answer) {
      setPhase('idle');
      return fail(contactNotices.not_saved);
    }
    if (!answer.ok) {
      setPhase('idle');
      return answer.error === 'invalid' ? reject(answer.problem) : fail(answer.notice);
    }
    if (answer.formToken) setToken(answer.formToken);
    const { title, description, variant } = contactNotices[answer.outcome];
    toast({ title, description, variant });
    if (answer.outcome === 'failed') return setPhase('idle');
    // The submission id keeps two messages on the same subject from being taken for one duplicate event.
    push({ event: 'generate_lead', form_subject: values.subject, submission_id: answer.id });
    setPhase(answer.outcome === 'success' ? 'sent' : 'partial');
  };

  const control = (field: Field) => ({
    id: `${id}-${field}`,
    name: field,
    value: values[field],
    'aria-invalid': invalid === field || undefined,
    'aria-describedby': invalid === field && status ? `${id}-status` : undefined,
    onChange: (e: { target: { value: string } }) => setValues((v) => ({ ...v, [field]: e.target.value })),
    className: fieldClass,
  });

  return (
    <form ref={form} method="post" action={to('/contact')} noValidate onSubmit={onSubmit} className="space-y-5">
      {status && (
        <div
          id={`${id}-status`}
          role={status.role}
          className={`rounded-md border-l-4 p-4 ${status.role === 'alert' ? 'border-red-700 bg-red-50 text-red-900' : 'border-green-700 bg-green-50 text-green-900'}`}
        >
          <p className="font-semibold">{status.title}</p>
          <p className="mt-1 text-sm">{status.description}</p>
        </div>
      )}
      <HoneypotField id={id} />
      <input type="hidden" name={CONTACT_FILL_FIELD} value={token} />
      <p className="text-sm text-stone-700">
        Fields marked <span className="text-red-700">*</span> are required.
      </p>
      <div className="grid gap-5 sm:grid-cols-2">
        <ContactField id={`${id}-name`} label="Name" required>
          <input {...control('name')} type="text" required autoComplete="name" maxLength={CONTACT_LIMITS.name} />
        </ContactField>
        <ContactField id={`${id}-email`} label="Email" required>
          <input {...control('email')} type="email" required autoComplete="email" maxLength={CONTACT_LIMITS.email} />
        </ContactField>
        <ContactField id={`${id}-phone`} label="Phone" hint="(optional)">
          <input {...control('phone')} type="tel" autoComplete="tel" maxLength={CONTACT_LIMITS.phone} />
        </ContactField>
        <ContactField id={`${id}-subject`} label="Subject" required>
          <select {...control('subject')} required>
            <option value="">Select a subject</option>
            {CONTACT_SUBJECTS.map((s) => (
              <option key={s} value={s}>
                {s}
              </option>
            ))}
          </select>
        </ContactField>
      </div>
      <ContactField id={`${id}-message`} label="Message" required>
        <textarea {...control('message')} required rows={CONTACT_MESSAGE_ROWS} maxLength={CONTACT_LIMITS.message} />
      </ContactField>
      {turnstileSiteKey && (
        <>
          {/* Turnstile fills this once hydrated (React renders it empty and never touches its content). */}
          <div ref={challenge} data-turnstile="" className="min-h-[65px]" />
          <noscript>
            <p className="text-sm text-stone-700">Sending this form needs JavaScript (a check that you are not a robot).</p>
          </noscript>
        </>
      )}
      {/* A fixed width, so the changing label never moves anything. */}
      <button
        type="submit"
        disabled={phase !== 'idle'}
        aria-busy={phase === 'sending' || undefined}
        className={`btn w-full sm:w-44 disabled:cursor-not-allowed ${button[phase].className}`}
      >
        {button[phase].label}
      </button>
    </form>
  );
}
