/**
 * What the contact rate limit counts by: a SHA-256 of the sender's address, so the table never
 * holds the address itself. Unknown addresses share one key (they are still limited, together).
 */
export async function senderKey(address: string | undefined): Promise<string> {
  const digest = await crypto.subtle.digest('SHA-256', new TextEncoder().encode(`contact:${address ?? 'unknown'}`));
  return Array.from(new Uint8Array(digest).slice(0, 16), (b) => b.toString(16).padStart(2, '0')).join('');
}
