import type { Context, MiddlewareHandler } from 'hono';
import { deleteCookie, getCookie, setCookie } from 'hono/cookie';
import { CART_COOKIE, CART_MAX_AGE, parseCart, serializeCart, type CartLine } from '#shared/cart/cart.ts';
import { isCartable } from '#shared/cart/view.ts';
import type { AppEnv } from '../app-context';

/** Writes the cart cookie (readable by the page's script, which shows the count; it holds no secret). */
export function writeCartCookie(c: Context<AppEnv>, lines: readonly CartLine[]): void {
  c.set('cart', [...lines]);
  if (lines.length === 0) {
    deleteCookie(c, CART_COOKIE, { path: '/' });
    return;
  }
  const secure = new URL(c.req.url).protocol === 'https:' || c.req.header('x-forwarded-proto') === 'https';
  setCookie(c, CART_COOKIE, serializeCart(lines), { path: '/', maxAge: CART_MAX_AGE, sameSite: 'Lax', secure });
}

/**
 * Reads the cart from its cookie once per request, so the header badge and /cart are right in the
 * first HTML without a database read. Entries that do not parse, are out of range or are not for
 * sale are dropped with a log line (never an error page), and the cookie is rewritten without them.
 */
export const cartMiddleware: MiddlewareHandler<AppEnv> = async (c, next) => {
  const { lines, dropped } = parseCart(getCookie(c, CART_COOKIE), isCartable);
  c.set('cart', lines);
  if (dropped.length > 0) c.get('log')('warn', 'cart cookie entries dropped', { dropped });
  await next();
  // A route that changed the cart has written it already.
  if (dropped.length > 0 && !c.res.headers.getSetCookie().some((h) => h.startsWith(`${CART_COOKIE}=`))) writeCartCookie(c, c.get('cart'));
};
