import type { Context } from 'hono';
import { itemCount } from '#shared/cart/cart.ts';
import type { AppEnv } from '#worker/middleware/app-context.ts';
import type { CartNotice } from '#shared/cart/notices.ts';
import { wantsJson } from '#worker/http/wants-json.ts';
import { deploymentCheckoutMode } from '#worker/checkout/deployment-mode.ts';
import { renderCart } from './cart-page.tsx';
import { stockedCartView } from './cart-stock.ts';
import { readOffer } from '#worker/http/offer-cookie.ts';

/** The cart as the island reads it, with what its Checkout does now. */
export async function cartJson(c: Context<AppEnv>) {
  const lines = await stockedCartView(c);
  return {
    lines,
    count: itemCount(c.get('cart')),
    checkout: deploymentCheckoutMode(c.get('deps').gateway, lines),
    offer: readOffer(c),
  };
}

/**
 * A post the cart cannot act on: the reason (JSON for the island, the cart page with an alert
 * without), 400 for bad input, 409 when the cart as it stands refuses it, 429 when the visitor's address has done too much.
 */
export async function rejectCartPost(c: Context<AppEnv>, notice: CartNotice, status: 400 | 409 | 429 = 400) {
  if (wantsJson(c)) return c.json({ error: notice.text, ...(await cartJson(c)) }, status);
  c.status(status);
  return renderCart(c, notice);
}
