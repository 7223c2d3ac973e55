/**
 * Used when no secret reaches the key: random per process. Node always has one (the operator's, or the
 * one its database keeps: kept-secret.ts); a Worker without its secret answers /healthz 503.
 */
let fallbackSecret: string | undefined;
const keys = new Map<string, Promise<CryptoKey>>();

/**
 * The contact form's HMAC-SHA-256 key from RATE_LIMIT_SECRET (rate-limit keys, fill-time tokens;
 * each use signs its own prefix, so one never stands for another).
 */
export function contactHmacKey(secret: string | undefined): Promise<CryptoKey> {
  const material = secret ?? (fallbackSecret ??= crypto.randomUUID() + crypto.randomUUID());
  let key = keys.get(material);
  if (!key) {
    key = crypto.subtle.importKey('raw', new TextEncoder().encode(material), { name: 'HMAC', hash: 'SHA-256' }, false, ['sign', 'verify']);
    keys.set(material, key);
  }
  return key;
}
