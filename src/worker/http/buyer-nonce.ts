import type { Context } from 'hono';
import { COOKIES, readCookie, writeCookie } from './cookies.ts';

const NONCE = /^[\w-]{22,64}$/;

/** This browser's buyer nonce (checkout/buyer-hash.ts says what it is for), or null when it has none. */
export function buyerNonce(c: Context): string | null {
  const value = readCookie(c, COOKIES.buyer);
  return value && NONCE.test(value) ? value : null;
}

/**
 * This browser's nonce, made and set now when it has none; a second checkout keeps the first's.
 * Set with the cart's first add too, so the two posts of a double-clicked first checkout carry the
 * same nonce: one idempotency key, one session, one hold.
 */
export function ensureBuyerNonce(c: Context): string {
  const nonce = buyerNonce(c) ?? crypto.randomUUID().replaceAll('-', '');
  writeCookie(c, COOKIES.buyer, nonce);
  return nonce;
}
