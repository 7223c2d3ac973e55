import type { Context } from 'hono';
import { deleteCookie, getCookie, setCookie } from 'hono/cookie';
import { parse, serialize } from 'hono/utils/cookie';
import { BROWSER_STORAGE as STORED } from '#shared/visitor/browser-storage.ts';
import { consentCookie, type ConsentChoice } from '#shared/visitor/consent.ts';
import { isHttps } from './is-https.ts';

/**
 * Every cookie of the shop, in one place: its name and how long it lives (from the one list the privacy
 * policy shows, shared/visitor/browser-storage.ts), who may read it. Only this module reads or writes a
 * cookie; domain folders take and return plain values. Every cookie is SameSite, Secure on https, and
 * HttpOnly unless the page's own script reads it.
 */
interface CookieSpec {
  /** The name, or the name on https (`__Host-`) and on plain http. */
  name: string | ((https: boolean) => string);
  maxAgeS: number;
  /** The page's script reads it (the cart's count): not HttpOnly. It holds no secret. */
  script?: true;
  sameSite?: 'Lax' | 'Strict';
  /** Sent back only under this path (the order page's token); `/` otherwise. */
  path?: string;
}

export const COOKIES = {
  /** The cart's lines (the header badge reads them). */
  cart: { name: STORED.cart.name, maxAgeS: STORED.cart.lasts, script: true },
  /** The last order whose lines were taken off this browser's cart. */
  cartCleared: { name: STORED.cartCleared.name, maxAgeS: STORED.cartCleared.lasts },
  /**
   * The browser that checks out: a random nonce whose SHA-256 travels with the Checkout Session and
   * the order; the thank-you page shows an order only to the browser holding it. As long as the cart.
   */
  buyer: { name: STORED.buyer.name, maxAgeS: STORED.buyer.lasts },
  /** The promotion code the cart carries, with what Stripe said it gives (shown, never trusted for money). */
  offer: { name: STORED.offer.name, maxAgeS: STORED.offer.lasts },
  /** One sentence for the next page a redirect lands on, shown once. */
  flash: { name: STORED.flash.name, maxAgeS: STORED.flash.lasts },
  /** The back office's own: only its pages are sent it, and a shopper's notice never shows there. */
  adminFlash: { name: STORED.adminFlash.name, maxAgeS: STORED.adminFlash.lasts, path: '/admin' },
  /** An hour of "your orders" opened by a mailed link (its token; the row keeps the hash). */
  ordersAccess: { name: STORED.ordersAccess.name, maxAgeS: STORED.ordersAccess.lasts, sameSite: 'Lax' },
  /** The back office's session: `__Host-` where the scheme allows it (this host's alone, Secure, every path). */
  admin: { name: (https) => (https ? '__Host-admin' : 'admin'), maxAgeS: STORED.admin.lasts, sameSite: 'Strict' },
} satisfies Record<string, CookieSpec>;

/** The order page keeps its token for its own path, so a reload finds it once the address bar has dropped it. */
export const orderTokenCookie = (number: string, path: string): CookieSpec => ({
  name: `order_${number}`,
  maxAgeS: STORED.orderToken.lasts,
  path,
});

/** Cookies the browser writes (the region choice, the consent banner): read here, set by the page's script. */
export const BROWSER_COOKIES = { region: STORED.region.name, consent: STORED.consent.name } as const;

const nameOf = (c: Context, spec: CookieSpec) => (typeof spec.name === 'string' ? spec.name : spec.name(isHttps(c)));

export function readCookie(c: Context, spec: CookieSpec | string): string | undefined {
  return getCookie(c, typeof spec === 'string' ? spec : nameOf(c, spec));
}

/** Sets the cookie for its lifetime, or less (`maxAgeS`: an offer that ends sooner); at least a second. */
export function writeCookie(c: Context, spec: CookieSpec, value: string, maxAgeS = spec.maxAgeS): void {
  setCookie(c, nameOf(c, spec), value, {
    path: spec.path ?? '/',
    maxAge: Math.max(1, Math.min(spec.maxAgeS, Math.floor(maxAgeS))),
    httpOnly: !spec.script,
    sameSite: spec.sameSite ?? 'Lax',
    secure: isHttps(c),
  });
}

export function clearCookie(c: Context, spec: CookieSpec): void {
  deleteCookie(c, nameOf(c, spec), { path: spec.path ?? '/', secure: isHttps(c) });
}

/** The consent banner's choice posted without JavaScript: the same cookie its script writes. */
export function writeConsent(c: Context, choice: ConsentChoice): void {
  c.header('Set-Cookie', consentCookie(choice, { secure: isHttps(c) }), { append: true });
}

/**
 * What a kept page is filled in from, read off a request outside the app (the step in front of the
 * kept pages has no Hono context): whether it has any cookie, and the cart, consent, notice and region.
 */
export function visitorCookies(request: Request): {
  any: boolean;
  admin?: boolean;
  cart?: string;
  consent?: string;
  flash?: string;
  region?: string;
} {
  const header = request.headers.get('cookie');
  if (!header) return { any: false };
  const jar = parse(header);
  return {
    any: Object.keys(jar).length > 0,
    // A back-office session's cookie (either name): checked by the app, which alone knows whether it is live.
    admin: jar[COOKIES.admin.name(true)] !== undefined || jar[COOKIES.admin.name(false)] !== undefined,
    cart: jar[COOKIES.cart.name],
    consent: jar[BROWSER_COOKIES.consent],
    flash: jar[COOKIES.flash.name],
    region: jar[BROWSER_COOKIES.region],
  };
}

/** The Set-Cookie that clears the notice once a kept page has shown it (as clearCookie writes it in the app). */
export const clearedFlashCookie = (https: boolean): string => serialize(COOKIES.flash.name, '', { path: '/', maxAge: 0, secure: https });
