import type { MiddlewareHandler } from 'hono';
import { CART_COOKIE, parseCart, type CartLine } from '#shared/cart/cart.ts';
import { COOKIES, readCookie } from '#worker/http/cookies.ts';
import { writeCartCookie } from '#worker/middleware/cart/cart-cookie.ts';
import type { RequestLogVariables } from '#worker/middleware/request-log/request-log-middleware.ts';

/** What cart sets: the visitor's cart, read from its cookie once per request. */
export type CartVariables = { cart: CartLine[] };

/**
 * Reads the cart from its cookie once per request, so the header badge and /cart are right in the
 * first HTML without a database read. Entries that do not parse or are out of range are dropped with
 * a log line (never an error page), and the cookie is rewritten without them. Whether an id is a
 * product is the catalogue's word: /cart (which reads it) leaves unknown lines out and rewrites the cookie.
 * Routes that change the cart write it themselves (middleware/cart/cart-cookie.ts).
 */
export function cart(): MiddlewareHandler<{ Variables: CartVariables & Pick<RequestLogVariables, 'log'> }> {
  return async (c, next) => {
    const { lines, dropped } = parseCart(readCookie(c, COOKIES.cart));
    c.set('cart', lines);
    if (dropped.length > 0) c.get('log')('warn', 'cart cookie entries dropped', { dropped });
    await next();
    // A route that changed the cart has written it already.
    const written = c.res.headers.getSetCookie().some((h) => h.startsWith(`${CART_COOKIE}=`));
    if (dropped.length > 0 && !written) writeCartCookie(c, c.get('cart'));
  };
}
