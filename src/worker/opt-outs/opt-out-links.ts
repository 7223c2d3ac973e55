import { readUnsubscribeToken } from '#shared/mail/unsubscribe-links.ts';
import { orderUnsubscribeKey } from '#worker/base/secret-tokens.ts';
import type { Db } from '#worker/db/client.ts';
import { optOut } from '#worker/limits/mail-opt-outs.ts';
import { sameToken } from '#worker/orders/order-number.ts';
import { orderByNumber } from '#worker/orders/order-queries.ts';
import { optOutByToken } from '#worker/recovery/checkout-recovery.ts';

/**
 * A `/mail/unsubscribe/<token>` address followed (the page's button or RFC 8058's one-click post):
 * the address it was mailed to asks for no more promotional mail (reminders, review invitations,
 * referral rewards). False for a token the shop never made, or an order's whose key does not match.
 */
export async function optOutByLink(db: Db, secret: string | undefined, token: string): Promise<boolean> {
  const read = readUnsubscribeToken(token);
  if (!read) return false;
  if (read.kind === 'reminder') return optOutByToken(db, secret, read.token);
  const order = await orderByNumber(db, read.number);
  if (!order?.email || !sameToken(read.key, await orderUnsubscribeKey(order.token))) return false;
  await optOut(db, secret, order.email);
  return true;
}
