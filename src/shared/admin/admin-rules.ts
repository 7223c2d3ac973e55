import { EMAIL_MAX, EMAIL_PATTERN } from '#shared/contact/email-address.ts';
import { ORDER_NUMBER } from '#shared/orders/order-number-pattern.ts';
import { FULFILMENT_STATUSES, PAYMENT_STATUSES, type FulfilmentStatus, type PaymentStatus } from '#shared/orders/order-status.ts';

/**
 * The back office's rules (/admin): who may enter, how long a link and a session last, and what the
 * orders page's filters and search accept. Shared by the pages and the server that keeps sessions.
 */

/** A sign-in link works this long, once. */
export const LINK_VALID_MINUTES = 15;
/** A session ends after this long unused (and at sign-out). */
export const SESSION_IDLE_HOURS = 12;
/** A session ends this long after sign-in however active it is: a stolen cookie does not live for ever. */
export const SESSION_MAX_DAYS = 7;
/** The durable limit's scope and window for sign-in requests (ADMIN_SIGNIN_RATE_LIMIT per window, per address and per sender). */
export const SIGN_IN_WINDOW = { scope: 'admin-sign-in', windowS: 15 * 60 } as const;

/**
 * While a link mailed to an address this recently is unused, a new ask mails nothing (answered alike;
 * that link works for LINK_VALID_MINUTES): at most 4 mails in any quarter hour, whoever asks.
 */
export const SIGN_IN_MAIL_EVERY_MINUTES = 5;
/**
 * Where signing in returns to: a back-office page the owner asked for (path and query, nothing that
 * could leave the site or climb out of /admin, and never the sign-in pages themselves), else Today.
 */
export function adminReturnPath(raw: string | undefined | null): string {
  const path = raw ?? '';
  const safe = /^\/admin(\/[A-Za-z0-9_-]+)*\/?(\?[A-Za-z0-9=&%._~+-]*)?$/.test(path) && !path.startsWith('/admin/sign-in');
  return safe && path.length <= 300 ? path : '/admin';
}

/** Orders per page of /admin/orders. */
export const ORDERS_PAGE_SIZE = 25;

/** The back office counts a list up to this many (a bounded read: "1,000+" beyond). */
export const COUNT_CAP = 1000;

/** An address as typed, trimmed and lower-cased (addresses are compared without case), or null when it is not one. */
export function normaliseAddress(raw: string | undefined | null): string | null {
  const email = raw?.trim().toLowerCase();
  return email && email.length <= EMAIL_MAX && EMAIL_PATTERN.test(email) ? email : null;
}

/** ADMIN_EMAILS as a list: comma-separated, any case; entries that are not addresses are dropped. */
export function adminAddresses(setting: string | undefined): string[] {
  return (setting ?? '').split(',').flatMap((entry) => normaliseAddress(entry) ?? []);
}

export function isAdmin(email: string | null | undefined, admins: readonly string[]): boolean {
  const address = normaliseAddress(email);
  return address !== null && admins.includes(address);
}

/** The fewest characters a partial search takes (the search index reads text in threes). */
export const SEARCH_MIN = 3;

/** What /admin/orders asks for: filters, a search (an order number or an e-mail address) and the page after a cursor. */
export interface OrderQuery {
  status: PaymentStatus | null;
  fulfilment: FulfilmentStatus | null;
  /**
   * A whole order number (SP-XXXX-XXXX) or address, found by their own indexes; else any part of a
   * number, name or address (SEARCH_MIN characters or more, any case); `tooShort`: fewer were typed,
   * which find nothing (never every order); null: nothing typed, every order.
   */
  search: { number: string } | { email: string } | { text: string } | { tooShort: true } | null;
  /** The last order of the previous page: its created_at and id. */
  before: { createdAt: string; id: number } | null;
  /** The search as typed, kept in the form. */
  typed: string;
}

/** Reads the orders page's query string; anything unknown is left out rather than refused (a filter link stays usable). */
export function readOrderQuery(params: URLSearchParams): OrderQuery {
  const status = params.get('status');
  const fulfilment = params.get('fulfilment');
  const typed = (params.get('q') ?? '').trim().slice(0, EMAIL_MAX);
  const upper = typed.toUpperCase();
  const email = normaliseAddress(typed);
  const cursor = /^(\d{4}-\d{2}-\d{2}T[\d:.]+Z)~(\d{1,12})$/.exec(params.get('before') ?? '');
  return {
    status: PAYMENT_STATUSES.includes(status as PaymentStatus) ? (status as PaymentStatus) : null,
    fulfilment: FULFILMENT_STATUSES.includes(fulfilment as FulfilmentStatus) ? (fulfilment as FulfilmentStatus) : null,
    search: ORDER_NUMBER.test(upper)
      ? { number: upper }
      : email
        ? { email }
        : typed.length >= SEARCH_MIN
          ? { text: typed }
          : typed
            ? { tooShort: true }
            : null,
    before: cursor ? { createdAt: cursor[1]!, id: Number(cursor[2]) } : null,
    typed,
  };
}

/** The cursor of a page's last order, for the next page's link. */
export const orderCursor = (order: { createdAt: string; id: number }) => `${order.createdAt}~${order.id}`;

/** A buyer as the back office's lists name them: 'Jane Doe <jane@example.com>', or whichever of the two the order has. */
export const buyerText = (order: { name?: string | null; email: string | null }): string =>
  order.name && order.email ? `${order.name} <${order.email}>` : (order.name ?? order.email ?? '-');
