import type { Context } from 'hono';
import { itemCount } from '#shared/cart/cart.ts';
import { cartView } from '#shared/cart/view.ts';
import type { AppEnv } from '#worker/app-context.ts';
import type { CartNotice } from '#shared/cart/notices.ts';
import { wantsJson } from '#worker/http/wants-json.ts';
import { cartCheckoutMode } from './checkout-mode';
import { renderCart } from './cart';

/** The cart as the island reads it, with what its Checkout does now. */
export function cartJson(c: Context<AppEnv>) {
  const lines = cartView(c.get('cart'));
  return { lines, count: itemCount(c.get('cart')), checkout: cartCheckoutMode(c, lines) };
}

/** A post the cart cannot act on: 400 with the reason (JSON for the island, the cart page with an alert without). */
export function rejectCartPost(c: Context<AppEnv>, notice: CartNotice) {
  if (wantsJson(c)) return c.json({ error: notice.text, ...cartJson(c) }, 400);
  c.status(400);
  return renderCart(c, notice);
}
