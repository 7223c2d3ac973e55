import { rateLimitSubject } from '#shared/site/client-address.ts';
import { normaliseRecipient } from '#shared/contact/recipient.ts';

/** Used when RATE_LIMIT_SECRET is unset: random per process (per isolate on the Worker). */
let fallbackSecret: string | undefined;
const keys = new Map<string, Promise<CryptoKey>>();

function hmacKey(secret: string | undefined): Promise<CryptoKey> {
  const material = secret ?? (fallbackSecret ??= crypto.randomUUID() + crypto.randomUUID());
  let key = keys.get(material);
  if (!key) {
    key = crypto.subtle.importKey('raw', new TextEncoder().encode(material), { name: 'HMAC', hash: 'SHA-256' }, false, ['sign']);
    keys.set(material, key);
  }
  return key;
}

async function keyed(secret: string | undefined, text: string): Promise<string> {
  const mac = await crypto.subtle.sign('HMAC', await hmacKey(secret), new TextEncoder().encode(text));
  return Array.from(new Uint8Array(mac).slice(0, 16), (b) => b.toString(16).padStart(2, '0')).join('');
}

/**
 * What the per-sender limit counts by: an HMAC (keyed with RATE_LIMIT_SECRET) of the sender's
 * address (IPv6 by its /64), so the table holds nothing that can be turned back into the address.
 * Unknown addresses share one key (they are still limited, together).
 */
export function senderKey(secret: string | undefined, address: string | undefined): Promise<string> {
  return keyed(secret, `sender:${address ? rateLimitSubject(address) : 'unknown'}`);
}

/** What the per-recipient limit counts by: the same HMAC of the normalised e-mail address. */
export function recipientKey(secret: string | undefined, email: string): Promise<string> {
  return keyed(secret, `recipient:${normaliseRecipient(email)}`);
}
