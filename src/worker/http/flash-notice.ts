import type { Context } from 'hono';
import { deleteCookie, getCookie, setCookie } from 'hono/cookie';
import { isHttps } from './is-https.ts';

/**
 * One sentence for the next page a redirect lands on ("SPRING10: 10% off at checkout"): a short-lived
 * cookie the next HTML page shows once in a status box (no JavaScript needed) and clears.
 */
const FLASH_COOKIE = 'flash';
const FLASH_MAX_AGE_S = 120;
const FLASH_MAX_CHARS = 300;

export interface FlashNotice {
  tone: 'info' | 'error';
  text: string;
}

export function setFlash(c: Context, notice: FlashNotice): void {
  setCookie(c, FLASH_COOKIE, `${notice.tone}:${notice.text.slice(0, FLASH_MAX_CHARS)}`, {
    path: '/',
    maxAge: FLASH_MAX_AGE_S,
    httpOnly: true,
    sameSite: 'Lax',
    secure: isHttps(c),
  });
}

/** The notice this request brought, cleared so it shows once; null when there is none. */
export function takeFlash(c: Context): FlashNotice | null {
  const raw = getCookie(c, FLASH_COOKIE);
  if (raw === undefined) return null;
  deleteCookie(c, FLASH_COOKIE, { path: '/', secure: isHttps(c) });
  const match = /^(info|error):(.+)$/s.exec(raw);
  return match ? { tone: match[1] as FlashNotice['tone'], text: match[2]!.slice(0, FLASH_MAX_CHARS) } : null;
}
