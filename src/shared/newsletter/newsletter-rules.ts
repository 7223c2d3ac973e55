import { z } from 'zod/mini';
import { claims } from '#shared/policy/figures.ts';
import { claimText } from '#shared/policy/text.ts';
import { EMAIL_MAX, requiredEmail } from '#shared/contact/email-address.ts';

/**
 * The Training Gun Digest by e-mail (issue 68): the sign-up's checks, its consent words, the welcome
 * code's terms and the life of a subscription, shared by the pages that offer it and the server.
 */

export const NEWSLETTER_NAME = 'the Training Gun Digest';
/** The sign-up page (bare and under each market). */
export { NEWSLETTER_PATH } from '#shared/site/navigation.ts';
/** The welcome code takes this much off a first order (claims: the strip and the terms say the same). */
export const WELCOME_PERCENT = claims.subscriptionDiscountPercent;
/** The confirmation link works this long; then the sign-up ends and its address is forgotten. */
export const SUBSCRIBE_CONFIRM_HOURS = 48;
/** Confirmation mails one address may be sent per this window (repeats and strangers' addresses send no more). */
export const SUBSCRIBE_RECIPIENT_WINDOW = { scope: 'newsletter-recipient', windowS: 48 * 3600, limit: 2 } as const;
/** Sign-ups one network may post per this window (then 429). */
export const SUBSCRIBE_RATE_WINDOW = { scope: 'newsletter', windowS: 600, limit: 10 } as const;
/** A post is mailed only when it was published this recently when first seen (a back-dated sync mails nothing). */
export const POST_MAIL_WITHIN_DAYS = 7;
export const SUBSCRIBE_EMAIL_MAX = EMAIL_MAX;

/** What the sign-up says beside its button: recorded with each sign-up as the consent given (PECR). */
export const CONSENT_TEXT = `Send me ${NEWSLETTER_NAME}: new articles by e-mail, about twice a month, and a one-time ${claimText.subscriptionDiscount} code for my first order. I can leave with one click from any of its e-mails.`;

const schema = z.object({ email: requiredEmail() });

export const subscribeProblems = {
  email_required: 'Please enter your e-mail address.',
  email_invalid: 'Please enter one valid e-mail address, like name@example.com.',
} as const;
export type SubscribeProblem = keyof typeof subscribeProblems;

/** A posted sign-up as the server reads it: one address (trimmed), or the first problem. */
export function readSubscribe(fields: Record<string, unknown>): { ok: true; email: string } | { ok: false; problem: SubscribeProblem } {
  const parsed = schema.safeParse({ email: fields.email });
  if (!parsed.success) return { ok: false, problem: (parsed.error.issues[0]?.message ?? 'email_invalid') as SubscribeProblem };
  return { ok: true, email: parsed.data.email };
}

/** Whether a confirmation link made at `createdAt` still works at `now`. */
export const subscribeLinkLive = (createdAt: string, now: Date) =>
  now.getTime() - Date.parse(createdAt) <= SUBSCRIBE_CONFIRM_HOURS * 3_600_000;
