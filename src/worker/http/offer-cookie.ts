import type { Context } from 'hono';
import type { Offer } from '#shared/offers/offer.ts';
import { parseOffer, serializeOffer } from '#shared/offers/offer-value.ts';
import { nowSeconds } from '#worker/base/clock.ts';
import { clearCookie, COOKIES, readCookie, writeCookie } from './cookies.ts';

/**
 * The promotion code the cart carries (a discount link or the cart's field put it there), with what
 * Stripe said it gives, for the cart to show. Not trusted for money: checkout asks Stripe again.
 */
export function readOffer(c: Context): Offer | null {
  return parseOffer(readCookie(c, COOKIES.offer));
}

/** Kept until the code ends (`expiresAt`, epoch seconds), at most the cookie's own lifetime. */
export function keepOffer(c: Context, offer: Offer, expiresAt: number | null): void {
  writeCookie(c, COOKIES.offer, serializeOffer(offer), expiresAt === null ? undefined : expiresAt - nowSeconds());
}

export function dropOffer(c: Context): void {
  clearCookie(c, COOKIES.offer);
}
