import type { Context } from 'hono';
import { serializeCart, type CartLine } from '#shared/cart/cart.ts';
import { clearCookie, COOKIES, readCookie, writeCookie } from '#worker/http/cookies.ts';

/**
 * Writes the cart cookie (readable by the page's script, which shows the count; it holds no secret)
 * and the request's cart, so the answer built after it shows the new lines. The context is typed by
 * the one variable it sets (the cart middleware's), so this file needs nothing from the middleware.
 */
export function writeCartCookie<E extends { Variables: { cart: CartLine[] } }>(c: Context<E>, lines: readonly CartLine[]): void {
  c.set('cart', [...lines]);
  if (lines.length === 0) {
    clearCookie(c, COOKIES.cart);
    return;
  }
  writeCookie(c, COOKIES.cart, serializeCart(lines));
}

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
  if (readCookie(c, COOKIES.cartCleared) === orderNumber) return false;
  writeCartCookie(c, bought(c.get('cart')));
  writeCookie(c, COOKIES.cartCleared, orderNumber);
  return true;
}
