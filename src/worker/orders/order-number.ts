/** Crockford's base 32 without I, L, O, U: nothing a customer reading it over the phone can confuse. */
const ALPHABET = '0123456789ABCDEFGHJKMNPQRSTVWXYZ';

/**
 * The order's short number, SP-XXXX-XXXX, derived from the Checkout Session id (40 bits of its
 * SHA-256): every delivery of a session's events names the same order, and the number says nothing
 * about how many orders the shop has. `long` gives SP-XXXX-XXXX-XXXX (60 bits, the short one's
 * characters first): the number of an order whose short number another order already has (fulfil.ts).
 */
export async function orderNumber(sessionId: string, long = false): Promise<string> {
  const digest = new Uint8Array(await crypto.subtle.digest('SHA-256', new TextEncoder().encode(sessionId)));
  let bits = 0n;
  for (const byte of digest.slice(0, 8)) bits = (bits << 8n) | BigInt(byte);
  let out = '';
  // The first 40 bits make the first 8 characters, as they always have; 20 more make the last 4.
  for (let i = 0; i < 12; i++) out += ALPHABET[Number((bits >> BigInt(59 - 5 * i)) & 31n)];
  const groups = [out.slice(0, 4), out.slice(4, 8), ...(long ? [out.slice(8)] : [])];
  return `SP-${groups.join('-')}`;
}

export { ORDER_NUMBER } from '#shared/orders/order-number-pattern.ts';

/** A fresh secret for the order page's address (128 random bits, URL-safe). */
export function orderToken(): string {
  const bytes = crypto.getRandomValues(new Uint8Array(16));
  return btoa(String.fromCharCode(...bytes))
    .replace(/\+/g, '-')
    .replace(/\//g, '_')
    .replace(/=+$/, '');
}

/** Compares a presented token with the stored one in time that does not depend on where they differ. */
export function sameToken(presented: string | null | undefined, stored: string): boolean {
  const a = new TextEncoder().encode(presented ?? '');
  const b = new TextEncoder().encode(stored);
  let diff = a.length ^ b.length;
  for (let i = 0; i < b.length; i++) diff |= (a[i] ?? 0) ^ b[i]!;
  return diff === 0;
}

/** The order's page in the back office: where the shop's own mails send the owner (signing in first if need be). */
export const adminOrderPath = (number: string) => `/admin/orders/${number}`;

/** The order page's address, the secret included (the link in the e-mail and on the thank-you page). */
export function orderPagePath(number: string, token: string): string {
  return `/orders/${number}?token=${encodeURIComponent(token)}`;
}

/** The order's invoice, the secret included (routes/orders/invoice-page.tsx). */
export function invoicePath(number: string, token: string): string {
  return `/orders/${number}/invoice?token=${encodeURIComponent(token)}`;
}
