import type { Context } from 'hono';
import { deleteCookie, getCookie, setCookie } from 'hono/cookie';
import { CART_COOKIE, CART_MAX_AGE, serializeCart, type CartLine } from '#shared/cart/cart.ts';
import { isHttps } from '#worker/http/is-https.ts';

/**
 * Writes the cart cookie (readable by the page's script, which shows the count; it holds no secret)
 * and the request's cart, so the answer built after it shows the new lines. The context is typed by
 * the one variable it sets (the cart middleware's), so this file needs nothing from the middleware.
 */
export function writeCartCookie<E extends { Variables: { cart: CartLine[] } }>(c: Context<E>, lines: readonly CartLine[]): void {
  c.set('cart', [...lines]);
  if (lines.length === 0) {
    deleteCookie(c, CART_COOKIE, { path: '/' });
    return;
  }
  setCookie(c, CART_COOKIE, serializeCart(lines), { path: '/', maxAge: CART_MAX_AGE, sameSite: 'Lax', secure: isHttps(c) });
}

/** The last order whose lines were taken off this browser's cart (the thank-you page's arrival). */
const CLEARED_COOKIE = 'cart_cleared';

/**
 * Takes what an order bought off the cart, once per order: a second arrival for the same order (the
 * Stripe return address reloaded, or opened again from history after more shopping) leaves the cart
 * as it is now. Returns whether it took anything off.
 */
export function takeBoughtOffCart<E extends { Variables: { cart: CartLine[] } }>(
  c: Context<E>,
  orderNumber: string,
  bought: (lines: readonly CartLine[]) => CartLine[],
): boolean {
  if (getCookie(c, CLEARED_COOKIE) === orderNumber) return false;
  writeCartCookie(c, bought(c.get('cart')));
  setCookie(c, CLEARED_COOKIE, orderNumber, { path: '/', maxAge: CART_MAX_AGE, httpOnly: true, sameSite: 'Lax', secure: isHttps(c) });
  return true;
}
