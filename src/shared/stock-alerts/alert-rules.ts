import { z } from 'zod/mini';
import { normaliseRecipient } from '#shared/contact/recipient.ts';
import { EMAIL_MAX, requiredEmail } from '#shared/contact/email-address.ts';

/**
 * "E-mail me when it's back": the form's checks and the request's life, shared by the page that
 * offers it and the server that keeps it.
 */

/** The confirmation link works this long after the request. */
export const CONFIRM_VALID_HOURS = 48;
/** A request nobody was told about ends after this many days (restocks that far off are another story). */
export const ALERT_LIVES_DAYS = 90;
/** An ended request is deleted this long after it ended (until then an unsubscribe keeps that product's confirmations from being asked again). */
export const ENDED_ALERT_KEPT_DAYS = 90;
/** Confirmation mails one address may be sent, across products, per this window (then the same answer and no mail). */
export const ALERT_RECIPIENT_WINDOW = { scope: 'stock-alert-recipient', windowS: 48 * 3600, limit: 2 } as const;
/** The durable limit's scope and window for requests from one address (STOCK_ALERT_RATE_LIMIT per window, then 429). */
export const ALERT_RATE_WINDOW = { scope: 'stock-alert', windowS: 600 } as const;
export const ALERT_EMAIL_MAX = EMAIL_MAX;

const schema = z.object({
  email: requiredEmail(),
  product_id: z.string('product_invalid').check(z.regex(/^\d{1,9}$/, 'product_invalid')),
});

export const alertProblems = {
  email_required: 'Please enter your e-mail address.',
  email_invalid: 'Please enter one valid e-mail address, like name@example.com.',
  product_invalid: 'That product cannot be found.',
} as const;
export type AlertProblem = keyof typeof alertProblems;

/** A posted request as the server reads it: one address (trimmed) and a product id, or the first problem. */
export function readAlertRequest(
  fields: Record<string, unknown>,
): { ok: true; email: string; productId: number } | { ok: false; problem: AlertProblem } {
  const parsed = schema.safeParse({ email: fields.email, product_id: fields.product_id });
  if (!parsed.success) return { ok: false, problem: (parsed.error.issues[0]?.message ?? 'email_invalid') as AlertProblem };
  return { ok: true, email: parsed.data.email, productId: Number(parsed.data.product_id) };
}

/** The look-up key of an address: one mailbox written two ways (case, +tags, Gmail dots) waits once. */
export function alertEmailKeyText(email: string): string {
  return `stock-alert:${normaliseRecipient(email)}`;
}

/**
 * How many waiting requests one restock tells: everyone (no factor set), or the units available times
 * the owner's factor, rounded up (2 units × 1.5 tells 3), at least one.
 */
export function howManyToTell(available: number, factor: number | undefined): number {
  if (available <= 0) return 0;
  if (factor === undefined) return Number.POSITIVE_INFINITY;
  return Math.max(1, Math.ceil(available * factor));
}

/** Whether a confirmation link made at `createdAt` still works at `now`. */
export function confirmationLive(createdAt: string, now: Date): boolean {
  return now.getTime() - Date.parse(createdAt) <= CONFIRM_VALID_HOURS * 3_600_000;
}
