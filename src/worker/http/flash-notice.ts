import type { Context } from 'hono';
import { clearCookie, COOKIES, readCookie, writeCookie } from './cookies.ts';

/**
 * One sentence for the next page a redirect lands on ("SPRING10: 10% off at checkout"): a short-lived
 * cookie the next HTML page shows once in a status box (no JavaScript needed) and clears.
 */
const FLASH_MAX_CHARS = 300;

export interface FlashNotice {
  tone: 'info' | 'error';
  text: string;
}

/** The shop's pages and the back office each have their own notice: neither shows the other's. */
export type FlashScope = 'shop' | 'admin';
const cookieOf = (scope: FlashScope) => (scope === 'admin' ? COOKIES.adminFlash : COOKIES.flash);

export function setFlash(c: Context, notice: FlashNotice, scope: FlashScope = 'shop'): void {
  writeCookie(c, cookieOf(scope), `${notice.tone}:${notice.text.slice(0, FLASH_MAX_CHARS)}`);
}

/** The notice this request brought for `scope`, cleared so it shows once; null when there is none. */
export function takeFlash(c: Context, scope: FlashScope = 'shop'): FlashNotice | null {
  const raw = readCookie(c, cookieOf(scope));
  if (raw === undefined) return null;
  clearCookie(c, cookieOf(scope));
  const match = /^(info|error):(.+)$/s.exec(raw);
  return match ? { tone: match[1] as FlashNotice['tone'], text: match[2]!.slice(0, FLASH_MAX_CHARS) } : null;
}
