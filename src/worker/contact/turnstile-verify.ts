import type { Settings } from '#worker/base/settings.ts';

/** Give up on siteverify after this long: the visitor is waiting. */
const VERIFY_TIMEOUT_MS = 5000;
/** Siteverify error codes that are the operator's or Cloudflare's problem, not the visitor's. */
const OUR_SIDE = new Set(['missing-input-secret', 'invalid-input-secret', 'internal-error']);

export type TurnstileSettings = Pick<Settings, 'TURNSTILE_SITE_KEY' | 'TURNSTILE_SECRET_KEY' | 'TURNSTILE_VERIFY_URL'>;

export type TurnstileVerdict =
  | { kind: 'passed' }
  | { kind: 'failed'; errorCodes: string[] }
  /** Siteverify did not answer, or not in its format: nothing is known about the visitor. */
  | { kind: 'unavailable'; reason: string };

/** Turnstile is on only with both keys (settings.ts refuses one without the other). */
export function turnstileOn(
  settings: TurnstileSettings,
): settings is TurnstileSettings & { TURNSTILE_SITE_KEY: string; TURNSTILE_SECRET_KEY: string } {
  return Boolean(settings.TURNSTILE_SITE_KEY && settings.TURNSTILE_SECRET_KEY);
}

/**
 * Asks Cloudflare's siteverify whether the widget's token is good (form body: secret, response,
 * remoteip; answer `{ success, "error-codes" }`). An empty token fails without asking.
 */
export async function verifyTurnstile(settings: TurnstileSettings, token: string, remoteIp: string | undefined): Promise<TurnstileVerdict> {
  if (token.trim() === '') return { kind: 'failed', errorCodes: ['missing-input-response'] };
  const body = new URLSearchParams({ secret: settings.TURNSTILE_SECRET_KEY ?? '', response: token });
  if (remoteIp) body.set('remoteip', remoteIp);
  let answer: unknown;
  try {
    const res = await fetch(settings.TURNSTILE_VERIFY_URL, { method: 'POST', body, signal: AbortSignal.timeout(VERIFY_TIMEOUT_MS) });
    if (!res.ok) return { kind: 'unavailable', reason: `status ${res.status}` };
    answer = await res.json();
  } catch (err) {
    return { kind: 'unavailable', reason: err instanceof Error ? err.name : 'error' };
  }
  if (typeof answer !== 'object' || answer === null || typeof (answer as { success?: unknown }).success !== 'boolean') {
    return { kind: 'unavailable', reason: 'unreadable answer' };
  }
  const { success, 'error-codes': codes } = answer as { success: boolean; 'error-codes'?: unknown };
  if (success) return { kind: 'passed' };
  const errorCodes = Array.isArray(codes) ? codes.map(String) : [];
  // A wrong secret or Cloudflare's own failure says nothing about the visitor.
  if (errorCodes.some((code) => OUR_SIDE.has(code))) return { kind: 'unavailable', reason: errorCodes.join(' ') };
  return { kind: 'failed', errorCodes };
}
