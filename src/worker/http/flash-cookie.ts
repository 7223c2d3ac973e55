import type { Context } from 'hono';
import { flashValue, parseFlash, type FlashNotice } from '#shared/visitor/flash-notice.ts';
import { clearCookie, COOKIES, readCookie, writeCookie } from './cookies.ts';

export type { FlashNotice };

/** The shop's pages and the back office each have their own notice: neither shows the other's. */
export type FlashScope = 'shop' | 'admin';
const cookieOf = (scope: FlashScope) => (scope === 'admin' ? COOKIES.adminFlash : COOKIES.flash);

/** Leaves a notice for the next HTML page (a short-lived cookie that page shows once and clears). */
export function setFlash(c: Context, notice: FlashNotice, scope: FlashScope = 'shop'): void {
  writeCookie(c, cookieOf(scope), flashValue(notice));
}

/** The notice this request brought for `scope`, cleared so it shows once; null when there is none. */
export function takeFlash(c: Context, scope: FlashScope = 'shop'): FlashNotice | null {
  const raw = readCookie(c, cookieOf(scope));
  if (raw === undefined) return null;
  clearCookie(c, cookieOf(scope));
  return parseFlash(raw);
}
