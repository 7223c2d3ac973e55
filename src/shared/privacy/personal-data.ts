import { ALERT_LIVES_DAYS, ENDED_ALERT_KEPT_DAYS } from '#shared/stock-alerts/alert-rules.ts';

/**
 * Every kind of personal data the shop keeps: where (tables and columns), why, on what lawful basis,
 * for how long, and what an erasure does to it. The privacy policy's retention list is read from
 * here, and the retention run and the erasure act on these periods, so the three cannot drift apart.
 */

/** Contact messages go this long after the newest message from the same address ("our last exchange"). */
export const CONTACT_KEEP_YEARS = 2;
/** Orders and what hangs on them are kept this long after the end of the financial year they fall in (HMRC: six years). */
export const ORDER_KEEP_YEARS = 6;
/** The shop's financial year ends on 31 March (month and day, UTC): an order's period counts from the end of its year. */
export const FINANCIAL_YEAR_END = { month: 3, day: 31 } as const;
/** A checkout reminder's row (its cart and address) goes this long after it was made: its mail has long gone by then. */
export const REMINDER_KEEP_DAYS = 30;
/** An ended Digest subscription (no address by then) keeps its consent record this long, then goes with what it was sent. */
export const SUBSCRIPTION_RECORD_KEEP_YEARS = 2;
/** Node without Postmark keeps each e-mail it sends in its outbox folder this long (as long as Postmark keeps its copies). */
export const MAIL_COPIES_KEEP_DAYS = 45;

export type PersonalDataKind =
  | 'contact'
  | 'orders'
  | 'reviews'
  | 'stock_alerts'
  | 'reminders'
  | 'agent_checkouts'
  | 'newsletter'
  | 'referral'
  | 'order_access'
  | 'newsletter_welcome'
  | 'opt_out'
  | 'analytics'
  | 'vitals'
  | 'logs';

export interface PersonalData {
  kind: PersonalDataKind;
  /** What the privacy policy calls it. */
  what: string;
  /** Tables and the columns in them that name or describe a person (none: nothing of it is kept by the shop). */
  holds: Record<string, readonly string[]>;
  purpose: string;
  basis: string;
  /** The period, as the privacy policy says it. */
  kept: string;
  /** What an erasure does to it. */
  onErasure: string;
}

export const PERSONAL_DATA: readonly PersonalData[] = [
  {
    kind: 'contact',
    what: 'Contact form messages',
    holds: { form_submissions: ['name', 'email', 'phone', 'subject', 'message'] },
    purpose: 'Answering your message.',
    basis: 'Legitimate interests (answering you), or steps before a contract when you ask about an order.',
    kept: `${CONTACT_KEEP_YEARS} years after our last exchange with you`,
    onErasure: 'Deleted.',
  },
  {
    kind: 'orders',
    what: 'Order and payment records',
    holds: {
      orders: ['email', 'name', 'shipping_address', 'billing_address', 'campaign'],
      order_events: ['detail (tracking)'],
      order_notes: ['body'],
      return_requests: ['note', 'answer'],
      invoices: ['(the order’s name and addresses)'],
    },
    purpose: 'Delivering your order, handling returns and refunds, and keeping the accounts.',
    basis: 'Performance of our contract with you; our legal duty to keep accounting and VAT records.',
    kept: `${ORDER_KEEP_YEARS} years after the end of the financial year of the order (ours ends on 31 March), as UK tax law requires; then your name, e-mail and address are removed from them`,
    onErasure:
      'Kept until their legal period ends, because the law requires us to keep them (UK GDPR Art. 17(3)(b)); meanwhile restricted: no marketing, no review invitations, no referral mail.',
  },
  {
    kind: 'reviews',
    what: 'Product reviews',
    holds: { reviews: ['name', 'title', 'body'] },
    purpose: 'Showing other shoppers what buyers thought.',
    basis: 'Your consent, given when you write the review.',
    kept: 'While it is shown; your name is removed when the order’s record ends',
    onErasure: 'Deleted.',
  },
  {
    kind: 'stock_alerts',
    what: 'Back-in-stock requests',
    holds: { stock_alerts: ['email'] },
    purpose: 'E-mailing you once when a product is available again.',
    basis: 'Your consent, confirmed by the link we e-mail you.',
    kept: `Until we tell you, you unsubscribe, or ${ALERT_LIVES_DAYS} days pass; the address is removed then, and the rest ${ENDED_ALERT_KEPT_DAYS} days later`,
    onErasure: 'Deleted (an unsubscribe is kept as a one-way code, so we never ask again).',
  },
  {
    kind: 'agent_checkouts',
    what: 'A checkout a shopping agent (Google’s AI Mode, ChatGPT) built for you',
    holds: { agent_checkouts: ['buyer', 'destination'], agent_requests: ['body (the answer an agent’s retry is given again, two days)'] },
    purpose: 'Pricing and delivering what your agent asked for, before you pay on our payment page.',
    basis: 'Steps you asked for before a contract.',
    kept: 'Until the checkout ends (paid, cancelled or expired: at most a day), then removed; the answers given to the agent two days; the order keeps what the law keeps',
    onErasure: 'Removed from any checkout still open, and the answers that name you deleted.',
  },
  {
    kind: 'reminders',
    what: 'Reminders of a checkout left unfinished',
    holds: { checkout_recoveries: ['email', 'cart'] },
    purpose: 'One e-mail that brings your cart back.',
    basis: 'Your consent, given at checkout.',
    kept: `${REMINDER_KEEP_DAYS} days`,
    onErasure: 'Deleted.',
  },
  {
    kind: 'newsletter',
    what: 'The Training Gun Digest by e-mail',
    holds: {
      subscribers: ['email', 'consent (what the form said, the page, a one-way code of your network)'],
      newsletter_sends: ['(which articles were sent to you)'],
    },
    purpose: 'E-mailing you new articles, and your welcome code.',
    basis: 'Your consent, confirmed by the link we e-mail you; recorded with what the form said, when and where.',
    kept: `While you are subscribed. Your address is removed when you leave, when a mail to it bounces or is marked as spam, or when a confirmation link lapses (48 hours); the record of your consent ${SUBSCRIPTION_RECORD_KEEP_YEARS} years later`,
    onErasure: 'Ended and the address removed; articles not yet sent are not sent.',
  },
  {
    kind: 'referral',
    what: 'Your Refer a Friend code',
    holds: { referral_codes: ['email', 'order_email'] },
    purpose: 'Your personal code, and the reward when a friend uses it.',
    basis: 'Performance of our contract with you (the programme’s terms).',
    kept: 'As long as your newest order’s record',
    onErasure: 'Deleted, and the code switched off at our payment provider.',
  },
  {
    kind: 'order_access',
    what: 'Links to “Your orders”',
    holds: { order_access: ['email'] },
    purpose: 'Showing your orders to whoever can read your mailbox, without an account.',
    basis: 'Legitimate interests (keeping your orders private).',
    kept: 'One day after the link or its hour of access ends',
    onErasure: 'Deleted (any device you opened your orders on is signed out).',
  },
  {
    kind: 'newsletter_welcome',
    what: 'That your mailbox was given the Digest’s welcome code',
    holds: { newsletter_welcomes: ['email_key (a one-way code of the address, never the address)'] },
    purpose: 'One welcome code per mailbox, however often it leaves and comes back.',
    basis: 'Legitimate interests (the offer is once for each mailbox).',
    kept: 'For as long as the Digest offers a welcome code',
    onErasure: 'Kept as a one-way code, so a new sign-up is not offered a second code.',
  },
  {
    kind: 'opt_out',
    what: 'Requests for no more marketing e-mail',
    holds: { mail_opt_outs: ['email_key (a one-way code of the address, never the address)'] },
    purpose: 'Never sending you marketing e-mail again.',
    basis: 'Legal obligation (respecting your objection to direct marketing).',
    kept: 'For as long as we send marketing e-mail',
    onErasure: 'Kept as a one-way code, so the request survives the erasure.',
  },
  {
    kind: 'analytics',
    what: 'Analytics data',
    holds: {},
    purpose: 'Measuring how the shop is used (kept by Google, with your consent).',
    basis: 'Your consent.',
    kept: '14 months',
    onErasure: 'Held by Google under a random identifier, not your address; clearing your cookies ends the link to you.',
  },
  {
    kind: 'vitals',
    what: 'Page speed measurements',
    holds: {},
    purpose: 'Keeping the shop fast.',
    basis: 'Legitimate interests (a shop that works well).',
    kept: '30 days',
    onErasure: 'Nothing to erase: they hold nothing that identifies you.',
  },
  {
    kind: 'logs',
    what: 'Server logs',
    holds: {},
    purpose: 'Security and fixing faults.',
    basis: 'Legitimate interests (a secure website).',
    kept: '30 days',
    onErasure: 'Removed with the logs after 30 days.',
  },
];

export const personalData = (kind: PersonalDataKind): PersonalData => PERSONAL_DATA.find((d) => d.kind === kind)!;

/**
 * When an order made at `createdAt` stops being kept for the law: the end of its financial year
 * (FINANCIAL_YEAR_END) plus ORDER_KEEP_YEARS, as an ISO date-time (the first instant after it).
 */
export function orderKeptUntil(createdAt: string): string {
  const at = new Date(createdAt);
  const { month, day } = FINANCIAL_YEAR_END;
  const endThisYear = Date.UTC(at.getUTCFullYear(), month - 1, day + 1);
  const yearEnd = at.getTime() < endThisYear ? at.getUTCFullYear() : at.getUTCFullYear() + 1;
  return new Date(Date.UTC(yearEnd + ORDER_KEEP_YEARS, month - 1, day + 1)).toISOString();
}

/** The newest order date whose legal period has ended at `now`: every order made before it may be pseudonymised. */
export function ordersRedactableBefore(now: Date): string {
  const { month, day } = FINANCIAL_YEAR_END;
  // The last financial year end at least ORDER_KEEP_YEARS before now: orders up to it are past their period.
  let year = now.getUTCFullYear() - ORDER_KEEP_YEARS;
  if (now.getTime() < Date.UTC(year + ORDER_KEEP_YEARS, month - 1, day + 1)) year -= 1;
  return new Date(Date.UTC(year, month - 1, day + 1)).toISOString();
}

/** Messages whose address has said nothing since this instant are past their period. */
export function contactKeptSince(now: Date): string {
  return yearsBefore(now, CONTACT_KEEP_YEARS);
}

/** The same instant `years` calendar years earlier. */
export function yearsBefore(now: Date, years: number): string {
  const at = new Date(now);
  at.setUTCFullYear(at.getUTCFullYear() - years);
  return at.toISOString();
}
