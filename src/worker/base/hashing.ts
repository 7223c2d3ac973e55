/**
 * Hashing and encoding of secrets and keys, one spelling for the whole server (Web Crypto: the same
 * code on the Worker and on Node).
 */
const text = (value: string) => new TextEncoder().encode(value);

/** Lower-case hex of `bytes`, cut to the first `keep` bytes when given. */
export function toHex(bytes: ArrayBuffer | Uint8Array, keep?: number): string {
  const all = bytes instanceof Uint8Array ? bytes : new Uint8Array(bytes);
  return Array.from(keep === undefined ? all : all.slice(0, keep), (b) => b.toString(16).padStart(2, '0')).join('');
}

export function fromHex(hex: string): Uint8Array<ArrayBuffer> {
  return new Uint8Array((hex.match(/../g) ?? []).map((h) => parseInt(h, 16)));
}

/** SHA-256 of the text, hex (the first `keep` bytes when given). */
export async function sha256Hex(value: string, keep?: number): Promise<string> {
  return toHex(await crypto.subtle.digest('SHA-256', text(value)), keep);
}

/** HMAC-SHA-256 of the text under `key`, hex (the first `keep` bytes when given). */
export async function hmacHex(key: CryptoKey, value: string, keep?: number): Promise<string> {
  return toHex(await crypto.subtle.sign('HMAC', key, text(value)), keep);
}

/** `byteCount` random bytes, URL-safe base64 without padding: what links and cookies carry. */
export function randomToken(byteCount: number): string {
  const bytes = crypto.getRandomValues(new Uint8Array(byteCount));
  return btoa(String.fromCharCode(...bytes))
    .replaceAll('+', '-')
    .replaceAll('/', '_')
    .replace(/=+$/, '');
}
