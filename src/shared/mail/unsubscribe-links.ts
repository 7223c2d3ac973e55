import { ORDER_NUMBER_TEXT } from '#shared/orders/order-number-pattern.ts';

/**
 * Every unsubscribe address the shop's mails carry, made and read here only (RFC 8058 one-click:
 * the mail client posts to it from its own servers, so the token in the path is the authority):
 * - `/mail/unsubscribe/<token>`: promotional mail (a checkout's reminder by its own token; a review
 *   invitation or a referral reward by the order's number and a key drawn from the order's secret);
 * - `/stock-alerts/unsubscribe/<token>`: a back-in-stock request's;
 * - `/newsletter/leave/<token>`: the Digest's subscription.
 */
const MAIL = '/mail/unsubscribe/';
const STOCK_ALERTS = '/stock-alerts/unsubscribe/';
const NEWSLETTER = '/newsletter/leave/';

/** A token as the shop draws them (256 bits, URL-safe). */
const DRAWN = /^[\w-]{43}$/;
/** An order's: its number and its 128-bit key. */
const ORDER = new RegExp(`^(${ORDER_NUMBER_TEXT})-([0-9a-f]{32})$`);

/** The unsubscribe address of promotional mail, for a reminder's token or an order's number and key. */
export const mailUnsubscribePath = (token: string) => `${MAIL}${token}`;
export const orderUnsubscribeToken = (number: string, key: string) => `${number}-${key}`;
/** A back-in-stock request's unsubscribe address. */
export const alertUnsubscribePath = (token: string) => `${STOCK_ALERTS}${token}`;
/** A subscription's leave address. */
export const newsletterLeavePath = (token: string) => `${NEWSLETTER}${token}`;

export type UnsubscribeToken = { kind: 'reminder'; token: string } | { kind: 'order'; number: string; key: string };

/** What a `/mail/unsubscribe/<token>` token names, or null for one the shop never made. */
export function readUnsubscribeToken(token: string): UnsubscribeToken | null {
  if (DRAWN.test(token)) return { kind: 'reminder', token };
  const [, number, key] = ORDER.exec(token) ?? [];
  return number && key ? { kind: 'order', number, key } : null;
}

/** Whether a path (after any market prefix) is a one-click unsubscribe address: a post from anywhere is taken there. */
export const isOneClickPath = (path: string) =>
  [MAIL, STOCK_ALERTS, NEWSLETTER].some((prefix) => path.startsWith(prefix) && /^[\w-]+$/.test(path.slice(prefix.length)));
