/** A fresh secret for a link or a session: 256 random bits, URL-safe. */
export function newToken(): string {
  const bytes = crypto.getRandomValues(new Uint8Array(32));
  return btoa(String.fromCharCode(...bytes))
    .replaceAll('+', '-')
    .replaceAll('/', '_')
    .replace(/=+$/, '');
}

/** What the database keeps of a token: its SHA-256 (hex), so a copy of the table opens nothing. */
export async function tokenHash(token: string): Promise<string> {
  const digest = new Uint8Array(await crypto.subtle.digest('SHA-256', new TextEncoder().encode(token)));
  return Array.from(digest, (b) => b.toString(16).padStart(2, '0')).join('');
}

/** A token as the shop makes them; anything else is not looked up. */
export const TOKEN = /^[\w-]{43}$/;
