import { randomToken, sha256Hex } from '#worker/base/digest.ts';

/** A fresh secret for a link or a session: 256 random bits, URL-safe. */
export const newToken = (): string => randomToken(32);

/** What the database keeps of a token: its SHA-256 (hex), so a copy of the table opens nothing. */
export const tokenHash = (token: string): Promise<string> => sha256Hex(token);

/** A token as the shop makes them; anything else is not looked up. */
export const TOKEN = /^[\w-]{43}$/;
