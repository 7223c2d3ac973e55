import type { Offer } from '#shared/offers/offer.ts';
import type { CheckoutMode } from '#shared/cart/checkout-mode.ts';
import type { CartViewLine } from '#shared/cart/view.ts';
import { refreshCart } from './cart-store.ts';
import { pageHref } from '#ui/state/page-market.ts';

/** The cart as the server answers a cart post or GET /api/cart. */
export interface CartAnswer {
  lines: CartViewLine[];
  count: number;
  /** What Checkout does for these lines, decided by the server. */
  checkout: CheckoutMode;
  /** The promotion code the cart carries (a refused checkout may have dropped it). */
  offer: Offer | null;
}

export class CartPostError extends Error {
  /** The cart as the server answered the refused post, when it sent it (e.g. which lines are short). */
  answer?: CartAnswer;
}

/**
 * Posts a cart form as the plain form would, asking for JSON instead of the 303: the server stays
 * the one place that changes the cart (and its cookie). Throws CartPostError with the server's message.
 */
export async function postCart(path: string, fields: Record<string, string>): Promise<CartAnswer> {
  let res: Response;
  try {
    res = await fetch(pageHref(path), { method: 'POST', headers: { Accept: 'application/json' }, body: new URLSearchParams(fields) });
  } catch {
    throw new CartPostError('The cart could not be reached. Check your connection and try again.');
  }
  const body = (await res.json().catch(() => ({}))) as Partial<CartAnswer> & { error?: string; url?: string };
  refreshCart();
  if (!res.ok) throw new CartPostError(body.error ?? 'Something went wrong. Please try again.');
  return body as CartAnswer;
}

export async function fetchCart(): Promise<CartAnswer> {
  const res = await fetch(pageHref('/api/cart'), { headers: { Accept: 'application/json' } });
  if (!res.ok) throw new Error(`GET /api/cart: ${res.status}`);
  return (await res.json()) as CartAnswer;
}

/** Starts the cart's checkout on the server; the answer is where to go (the hosted checkout). */
export async function postCheckout(fields: Record<string, string>): Promise<string> {
  let res: Response;
  try {
    res = await fetch(pageHref('/cart/checkout'), {
      method: 'POST',
      headers: { Accept: 'application/json' },
      body: new URLSearchParams(fields),
    });
  } catch {
    throw new CartPostError('Checkout could not be reached. Check your connection and try again.');
  }
  const body = (await res.json().catch(() => ({}))) as Partial<CartAnswer> & { url?: string; error?: string };
  if (res.ok && body.url) return body.url;
  const error = new CartPostError(body.error ?? 'Checkout is unavailable right now. Please try again.');
  if (body.lines) error.answer = body as CartAnswer;
  throw error;
}
