import type { Context } from 'hono';
import { itemCount } from '#shared/cart/cart.ts';
import { cartView } from '#shared/cart/view.ts';
import type { AppEnv } from '#worker/app-context.ts';
import type { CartNotice } from '#shared/cart/notices.ts';
import { cartCheckoutMode } from './checkout-mode';
import { renderCart } from './cart';

/** How the cart routes answer: JSON to the cart island (it asks for it), pages and redirects to plain forms. */
export function wantsJson(c: Context<AppEnv>): boolean {
  return (c.req.header('accept') ?? '').includes('application/json');
}

/** The posted form's text fields. */
export async function formFields(c: Context<AppEnv>): Promise<Record<string, string>> {
  const body = await c.req.parseBody();
  return Object.fromEntries(Object.entries(body).flatMap(([k, v]) => (typeof v === 'string' ? [[k, v]] : [])));
}

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
