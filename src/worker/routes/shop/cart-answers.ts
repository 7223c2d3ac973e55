import type { Context } from 'hono';
import { itemCount } from '#shared/cart/cart.ts';
import { cartView } from '#shared/cart/view.ts';
import type { AppEnv } from '#worker/app-context.ts';
import { wantsJson } from '#worker/http/wants-json.ts';
import { renderCartPage, type CartNotice } from './cart-page';

/** The cart as the island reads it. */
export function cartJson(c: Context<AppEnv>) {
  const lines = c.get('cart');
  return { lines: cartView(lines), count: itemCount(lines) };
}

/** A post the cart cannot act on: 400 with the reason (JSON for the island, the cart page with an alert without). */
export function rejectCartPost(c: Context<AppEnv>, notice: CartNotice) {
  if (wantsJson(c)) return c.json({ error: notice.text, ...cartJson(c) }, 400);
  c.status(400);
  return renderCartPage(c, notice);
}
