import { requiredEmail } from '#shared/contact/email-address.ts';

/**
 * "Your orders" without an account: a shopper asks with their e-mail address and is mailed a link
 * that works once, for a short while, and opens a short spell of access to every order of that
 * address. The same care as the back office's sign-in: one answer whether or not the address has
 * orders, and limits per network and per address.
 */

/** The mailed link works this long, once. */
export const ORDERS_LINK_MINUTES = 15;
/** Once used, the link opens the list for this long (a cookie), then the shopper asks again. */
export const ORDERS_ACCESS_MINUTES = 60;
/** Asks one network may make per this window (ORDERS_LINK_RATE_LIMIT of them, then 429). */
export const ORDERS_LINK_WINDOW = { scope: 'orders-link', windowS: 15 * 60 } as const;
/** Mails one address may be sent per this window, whoever asks (then the same answer and no mail). */
export const ORDERS_MAIL_WINDOW = { scope: 'orders-link-recipient', windowS: 60 * 60, limit: 4 } as const;
/** The most orders the list shows, newest first. */
export const ORDERS_LISTED = 50;

const email = requiredEmail();

export const ordersAskProblems = {
  email_required: 'Please enter the e-mail address you ordered with.',
  email_invalid: 'Please enter one valid e-mail address, like name@example.com.',
} as const;

/** The ask form's address, trimmed and in lower case (orders are found by it in any case), or why not. */
export function readOrdersAsk(
  fields: Record<string, string>,
): { ok: true; email: string } | { ok: false; problem: keyof typeof ordersAskProblems } {
  const read = email.safeParse(fields.email ?? '');
  if (read.success) return { ok: true, email: read.data.toLowerCase() };
  const code = read.error.issues[0]?.message;
  return { ok: false, problem: code === 'email_invalid' ? 'email_invalid' : 'email_required' };
}
