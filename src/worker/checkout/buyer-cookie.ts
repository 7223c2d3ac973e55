import type { Context } from 'hono';
import { getCookie, setCookie } from 'hono/cookie';
import { CART_MAX_AGE } from '#shared/cart/cart.ts';
import { isHttps } from '#worker/http/is-https.ts';

/**
 * The browser that checks out: a random nonce in an HttpOnly cookie, whose SHA-256 travels in the
 * Checkout Session's metadata and is stored with the order. The thank-you page shows an order (the
 * shopper's e-mail, the order page link) only to the browser holding the nonce; a session id alone,
 * pasted anywhere, opens nothing.
 */
export const BUYER_COOKIE = 'buyer';
/** As long as the cart it is set with (the thank-you page needs far less; the e-mail's order link lasts longer). */
const BUYER_MAX_AGE_S = CART_MAX_AGE;
const NONCE = /^[\w-]{22,64}$/;

/** This browser's nonce, or null when it has none (it never added to the cart or checked out here). */
export function buyerNonce(c: Context): string | null {
  const value = getCookie(c, BUYER_COOKIE);
  return value && NONCE.test(value) ? value : null;
}

/**
 * This browser's nonce, made and set now when it has none; a second checkout keeps the first's.
 * Set with the cart's first add too, so the two posts of a double-clicked first checkout carry the
 * same nonce: one idempotency key, one session, one hold.
 */
export function ensureBuyerNonce(c: Context): string {
  const nonce = buyerNonce(c) ?? crypto.randomUUID().replaceAll('-', '');
  setCookie(c, BUYER_COOKIE, nonce, { path: '/', maxAge: BUYER_MAX_AGE_S, httpOnly: true, sameSite: 'Lax', secure: isHttps(c) });
  return nonce;
}

/** What the session and the order keep: the nonce's SHA-256, hex (the nonce itself never leaves the browser and us). */
export async function buyerHash(nonce: string): Promise<string> {
  const digest = new Uint8Array(await crypto.subtle.digest('SHA-256', new TextEncoder().encode(nonce)));
  return Array.from(digest, (b) => b.toString(16).padStart(2, '0')).join('');
}
