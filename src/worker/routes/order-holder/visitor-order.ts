import type { Context } from 'hono';
import { orderTokenCookie, readCookie } from '#worker/http/cookies.ts';
import type { AppEnv } from '#worker/middleware/app-context.ts';
import { ORDER_NUMBER, sameToken } from '#worker/orders/order-number.ts';
import { orderByNumber } from '#worker/orders/order-queries.ts';

/** Compared against when no order has the number, so a miss takes as long as a wrong token. */
const NO_TOKEN = 'x'.repeat(22);

/**
 * The order of the `:number` in the address, for a visitor holding its token (in the address, or the
 * cookie the order page at `orderPath` keeps); null otherwise, whether or not the number exists (the
 * token is compared in constant time).
 */
export async function visitorOrder(c: Context<AppEnv>, orderPath: string) {
  const number = c.req.param('number') ?? '';
  const order = ORDER_NUMBER.test(number) ? await orderByNumber(c.get('deps').db, number) : null;
  const presented = c.req.query('token') ?? readCookie(c, orderTokenCookie(number, orderPath));
  return sameToken(presented, order?.token ?? NO_TOKEN) && order ? order : null;
}
