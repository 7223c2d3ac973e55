import { randomToken, sha256Hex } from '#worker/base/hashing.ts';

/** A fresh secret for a link or a session: 256 random bits, URL-safe. */
export const newToken = (): string => randomToken(32);

/** What the database keeps of a token: its SHA-256 (hex), so a copy of the table opens nothing. */
export const tokenHash = (token: string): Promise<string> => sha256Hex(token);

/** A token as the shop makes them; anything else is not looked up. */
export const TOKEN = /^[\w-]{43}$/;

/**
 * A key drawn from an order's secret token for one purpose (a review link, an unsubscribe link): only
 * that order's own mails can carry it, and it opens nothing else.
 */
export const orderKey = (orderToken: string, purpose: string): Promise<string> => sha256Hex(`${orderToken}:${purpose}`, 16);

/** The key an order's mails beyond its own carry in their unsubscribe address (shared/mail/unsubscribe-links.ts). */
export const orderUnsubscribeKey = (orderToken: string): Promise<string> => orderKey(orderToken, 'unsubscribe');
