import { networkSubject, rateLimitSubject } from '#shared/site/client-address.ts';
import { normaliseRecipient } from '#shared/contact/recipient.ts';
import { hmacHex } from '#worker/base/hashing.ts';
import { contactHmacKey } from './hmac-key.ts';

async function keyed(secret: string | undefined, text: string): Promise<string> {
  return hmacHex(await contactHmacKey(secret), text, 16);
}

/**
 * What the per-sender limit counts by: an HMAC (keyed with RATE_LIMIT_SECRET) of the sender's
 * address (IPv6 by its /48), so the table holds nothing that can be turned back into the address.
 * Unknown addresses share one key (they are still limited, together).
 */
export function senderKey(secret: string | undefined, address: string | undefined): Promise<string> {
  return keyed(secret, `sender:${address ? rateLimitSubject(address) : 'unknown'}`);
}

/** The sender's network (an IPv4 /24, an IPv6 /48) keyed the same way: what one network may hold at once. */
export function networkKey(secret: string | undefined, address: string | undefined): Promise<string> {
  return keyed(secret, `network:${address ? networkSubject(address) : 'unknown'}`);
}

/** What the per-recipient limit counts by: the same HMAC of the normalised e-mail address. */
export function recipientKey(secret: string | undefined, email: string): Promise<string> {
  return keyed(secret, `recipient:${normaliseRecipient(email)}`);
}

/**
 * A buyer's Refer a Friend code: "FRIEND-" and 8 characters of an HMAC of their address (folded as
 * the recipient limit folds it), so the same buyer always has the same code, the confirmation mail can
 * name it before Stripe has it, and nobody can work out another buyer's code from their address.
 */
export async function referralCodeFor(secret: string | undefined, email: string): Promise<string> {
  return `FRIEND-${(await keyed(secret, `referral:${normaliseRecipient(email)}`)).slice(0, 8).toUpperCase()}`;
}
