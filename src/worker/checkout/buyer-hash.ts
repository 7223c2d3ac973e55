import { sha256Hex } from '#worker/base/hashing.ts';

/**
 * What the Checkout Session and the order keep of the buying browser: its nonce's SHA-256, hex (the
 * nonce itself never leaves the browser and us). The thank-you page shows an order (the shopper's
 * e-mail, the order page link) only to the browser holding the nonce; a session id alone opens nothing.
 */
export const buyerHash = (nonce: string): Promise<string> => sha256Hex(nonce);
