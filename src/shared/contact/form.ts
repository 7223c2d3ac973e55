import { EMAIL_PATTERN } from '#shared/contact/email-address.ts';
import { z } from 'zod/mini';
import { cleanLine, cleanText } from './clean-text.ts';

/**
 * The contact form's rules (checks and their order, outcomes and toasts, sizes), shared by the browser and the server so
 * both reject the same input with the same words.
 */

/** The subjects a visitor can pick from. */
export const CONTACT_SUBJECTS = ['Product Inquiry', 'Technical Support', 'Order Status', 'Returns', 'Other'] as const;
export type ContactSubject = (typeof CONTACT_SUBJECTS)[number];

export const CONTACT_LIMITS = { name: 100, email: 254, phone: 40, message: 5000 } as const;
/** The message box has 5 rows; the sent and partial states reset after 3 s. */
export const CONTACT_MESSAGE_ROWS = 5;
export const CONTACT_STATUS_RESET_MS = 3000;

const PHONE_PATTERN = /^[+\d\s().-]*$/;

export interface ContactFields {
  name: string;
  email: string;
  phone: string;
  subject: string;
  message: string;
}
export type ContactFieldName = keyof ContactFields;

/** What a valid submission becomes: trimmed, phone null when left empty. */
export interface ContactSubmission {
  name: string;
  email: string;
  phone: string | null;
  subject: ContactSubject;
  message: string;
}

export interface Notice {
  title: string;
  description: string;
}

export interface ContactProblem extends Notice {
  field: ContactFieldName;
}

/** Each check's words; the first five are the spec's, in the spec's order. */
const problems = {
  name_required: { field: 'name', title: 'Name is required', description: 'Please enter your name.' },
  email_required: { field: 'email', title: 'Email is required', description: 'Please enter your email address.' },
  email_invalid: { field: 'email', title: 'Invalid email', description: 'Please enter a valid email address.' },
  subject_required: { field: 'subject', title: 'Subject is required', description: 'Please select a subject.' },
  message_required: { field: 'message', title: 'Message is required', description: 'Please enter your message.' },
  name_too_long: {
    field: 'name',
    title: 'Name is too long',
    description: `Please keep your name under ${CONTACT_LIMITS.name} characters.`,
  },
  email_too_long: { field: 'email', title: 'Invalid email', description: 'Please enter a valid email address.' },
  phone_invalid: {
    field: 'phone',
    title: 'Invalid phone number',
    description: 'Please enter digits, spaces, +, -, ( or ), or leave the phone empty.',
  },
  message_too_long: {
    field: 'message',
    title: 'Message is too long',
    description: `Please keep your message under ${CONTACT_LIMITS.message.toLocaleString('en-US')} characters.`,
  },
} satisfies Record<string, ContactProblem>;
type ProblemCode = keyof typeof problems;

const text = (v: unknown) => (typeof v === 'string' ? v : '');

/**
 * A field people never see or fill (hidden off-screen, out of the tab order, no autofill); bots that
 * fill every field fill it too. The server answers them as sent and mails nothing.
 */
export const CONTACT_HONEYPOT_FIELD = 'website';

/** The honeypot's value in a posted record (empty for people). */
export function honeypotValue(input: Record<string, unknown>): string {
  return text(input[CONTACT_HONEYPOT_FIELD]);
}

/**
 * A hidden field holding the signed time the form was rendered (fill-token.ts): the server drops a
 * message sent faster than a person could type it (CONTACT_MIN_FILL_MS).
 */
export const CONTACT_FILL_FIELD = 'form_token';

/** The fill-time token in a posted record ('' when there is none). */
export function fillTokenValue(input: Record<string, unknown>): string {
  return text(input[CONTACT_FILL_FIELD]);
}

/** The field Cloudflare Turnstile's widget fills with its token (when the shop has Turnstile on). */
export const TURNSTILE_RESPONSE_FIELD = 'cf-turnstile-response';

/** The Turnstile token in a posted record ('' when there is none). */
export function turnstileTokenValue(input: Record<string, unknown>): string {
  return text(input[TURNSTILE_RESPONSE_FIELD]);
}

// zod/mini: the same checks at a fraction of the size, since this schema ships in the contact form island.
const schema = z.object({
  name: z.string().check(z.trim(), z.minLength(1, 'name_required'), z.maxLength(CONTACT_LIMITS.name, 'name_too_long')),
  email: z
    .string()
    .check(
      z.trim(),
      z.minLength(1, 'email_required'),
      z.maxLength(CONTACT_LIMITS.email, 'email_too_long'),
      z.regex(EMAIL_PATTERN, 'email_invalid'),
    ),
  phone: z.string().check(z.trim(), z.maxLength(CONTACT_LIMITS.phone, 'phone_invalid'), z.regex(PHONE_PATTERN, 'phone_invalid')),
  subject: z.enum(CONTACT_SUBJECTS, 'subject_required'),
  message: z.string().check(z.trim(), z.minLength(1, 'message_required'), z.maxLength(CONTACT_LIMITS.message, 'message_too_long')),
});

// The spec's five checks come first, in its order; the extra ones (lengths, phone) after them in field order.
const specOrder: ProblemCode[] = ['name_required', 'email_required', 'email_invalid', 'subject_required', 'message_required'];
const rank = (code: ProblemCode) => (specOrder.includes(code) ? specOrder.indexOf(code) : specOrder.length);

/**
 * Reads any record (JSON body, form data, island state) as the form's five text fields, without
 * control characters or bidi overrides (clean-text.ts), so they are never stored.
 */
export function contactFields(input: Record<string, unknown>): ContactFields {
  return {
    name: cleanLine(text(input.name)),
    email: cleanLine(text(input.email)),
    phone: cleanLine(text(input.phone)),
    subject: text(input.subject),
    message: cleanText(text(input.message)),
  };
}

/** Validates in the spec's order; the first failure is what the visitor is told. */
export function validateContact(
  input: Record<string, unknown>,
): { ok: true; value: ContactSubmission } | { ok: false; problem: ContactProblem } {
  const result = schema.safeParse(contactFields(input));
  if (result.success) {
    const { phone, ...rest } = result.data;
    return { ok: true, value: { ...rest, phone: phone === '' ? null : phone } };
  }
  const codes = result.error.issues.map((issue) => issue.message as ProblemCode);
  const first = codes.reduce((best, code) => (rank(code) < rank(best) ? code : best));
  return { ok: false, problem: problems[first] };
}

/** How the e-mail step ended (an error or no success is 'failed'); stored as the submission's email_status. */
export type ContactOutcome = 'success' | 'partial' | 'failed';

/** The toast shown for each outcome and for a message that could not be saved. */
export const contactNotices: Record<ContactOutcome | 'not_saved', Notice & { variant: 'default' | 'destructive' }> = {
  success: { title: 'Message Sent', description: "Thank you for your message. We'll get back to you soon!", variant: 'default' },
  partial: {
    title: 'Message Partially Sent',
    description: 'Your message was received, but there might be a delay in our response. Please contact us directly if urgent.',
    variant: 'default',
  },
  failed: {
    title: 'Message Saved',
    description: "Your message was saved but we couldn't send the confirmation email. We'll process it manually.",
    variant: 'default',
  },
  not_saved: { title: 'Error', description: 'There was a problem saving your message. Please try again.', variant: 'destructive' },
};

/** JSON answers of POST /contact (and the reasons the plain-HTML form is shown again). */
export type ContactResponse =
  /** `formToken`: a fresh fill-time token for the next message from the same page (each serves one). */
  | { ok: true; id: number; outcome: ContactOutcome; formToken?: string }
  | { ok: false; error: 'invalid'; problem: ContactProblem }
  | { ok: false; error: 'too_large' | 'rate_limited' | 'not_saved' | 'bad_request' | 'challenge_failed'; notice: Notice };

export const contactRefusals: Record<'too_large' | 'rate_limited' | 'bad_request' | 'challenge_failed', Notice> = {
  too_large: { title: 'Message too large', description: 'Please shorten your message and try again.' },
  rate_limited: {
    title: 'Too many messages',
    description: 'You have sent several messages in a short time. Please wait a few minutes, or e-mail or call us directly.',
  },
  bad_request: { title: 'Error', description: 'The form could not be read. Please reload the page and try again.' },
  challenge_failed: { title: 'Not sent', description: 'Please confirm you are not a robot and send again.' },
};

/** What the contact page shows besides the empty form: the plain-HTML path's answer, or a fresh outcome. */
export interface ContactPageState {
  /** The visitor's input, kept when the server turned it down (nothing is lost). */
  values?: ContactFields;
  problem?: ContactProblem;
  /** A refusal that is not about one field (too large, rate limited, not saved). */
  notice?: Notice;
  /** After the plain-HTML form was sent: /contact?sent=success|partial|failed. */
  outcome?: ContactOutcome;
}
