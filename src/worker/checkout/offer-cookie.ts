import type { Context } from 'hono';
import { deleteCookie, getCookie, setCookie } from 'hono/cookie';
import type { Offer } from '#shared/offers/offer.ts';
import { parseOffer, serializeOffer } from '#shared/offers/offer-value.ts';
import { isHttps } from '#worker/http/is-https.ts';

/**
 * The promotion code the cart carries (a discount link or the cart's field put it there), with what
 * Stripe said it gives, for the cart to show. Not trusted for money: checkout asks Stripe again.
 */
export const OFFER_COOKIE = 'offer';
/** A code is kept this long at most (less when it ends sooner). */
const OFFER_MAX_AGE_S = 30 * 24 * 60 * 60;

export function readOffer(c: Context): Offer | null {
  return parseOffer(getCookie(c, OFFER_COOKIE));
}

export function keepOffer(c: Context, offer: Offer, expiresAt: number | null): void {
  const untilEnd = expiresAt === null ? OFFER_MAX_AGE_S : expiresAt - Math.floor(Date.now() / 1000);
  setCookie(c, OFFER_COOKIE, serializeOffer(offer), {
    path: '/',
    maxAge: Math.max(1, Math.min(OFFER_MAX_AGE_S, untilEnd)),
    httpOnly: true,
    sameSite: 'Lax',
    secure: isHttps(c),
  });
}

export function dropOffer(c: Context): void {
  deleteCookie(c, OFFER_COOKIE, { path: '/', secure: isHttps(c) });
}
