import { judgeFillTime, readFillToken, signFillToken, type FillTimeVerdict } from './fill-token.ts';
import { hmacHex } from '#worker/base/hashing.ts';
import type { Settings } from '#worker/base/settings.ts';
import { contactHmacKey } from '#worker/limits/hmac-key.ts';

/** The token the contact page carries: now, signed with the contact HMAC key. */
export async function fillTokenFor(settings: Pick<Settings, 'RATE_LIMIT_SECRET'>, now = Date.now()): Promise<string> {
  return signFillToken(await contactHmacKey(settings.RATE_LIMIT_SECRET), now);
}

/** Where a form token's one use is counted (rate_hits' scope). */
export const FORM_TOKEN_SCOPE = 'form-token';

/** What a used token is kept as: its HMAC (the token itself is not needed, and is not kept). */
export async function formTokenKey(settings: Pick<Settings, 'RATE_LIMIT_SECRET'>, token: string): Promise<string> {
  return hmacHex(await contactHmacKey(settings.RATE_LIMIT_SECRET), `form-token:${token}`, 16);
}

/** How long the visitor took to fill the form, by the posted token; null when the check is off (CONTACT_MIN_FILL_MS 0). */
export async function checkFillTime(
  settings: Pick<Settings, 'RATE_LIMIT_SECRET' | 'CONTACT_MIN_FILL_MS'>,
  token: string,
  now = Date.now(),
): Promise<FillTimeVerdict | null> {
  if (settings.CONTACT_MIN_FILL_MS <= 0) return null;
  const reading = await readFillToken(await contactHmacKey(settings.RATE_LIMIT_SECRET), token, now);
  return judgeFillTime(reading, settings.CONTACT_MIN_FILL_MS);
}
