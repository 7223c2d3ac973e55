import { describe, expect, it } from 'vitest';
import { ORDER_NUMBER, orderNumber, orderToken, sameToken } from '#worker/orders/order-number.ts';

describe('orderNumber', () => {
  it('is SP-XXXX-XXXX, the same for the same session and different for another', async () => {
    const a = await orderNumber('cs_test_1');
    expect(a).toMatch(ORDER_NUMBER);
    expect(await orderNumber('cs_test_1')).toBe(a);
    expect(await orderNumber('cs_test_2')).not.toBe(a);
  });

  it('has a long form, SP-XXXX-XXXX-XXXX, that begins with the short one (for a short number already taken)', async () => {
    for (const id of ['cs_test_1', 'cs_live_a1B2c3', 'cs_test_zzz']) {
      const long = await orderNumber(id, true);
      expect(long).toMatch(/^SP-[0-9A-HJKMNP-TV-Z]{4}-[0-9A-HJKMNP-TV-Z]{4}-[0-9A-HJKMNP-TV-Z]{4}$/);
      expect(long.startsWith(`${await orderNumber(id)}-`)).toBe(true);
      expect(long).toMatch(ORDER_NUMBER);
    }
  });

  it('keeps the numbers orders already have (the first 40 bits of the SHA-256, as before)', async () => {
    expect(await orderNumber('cs_test_1')).toBe(await previousOrderNumber('cs_test_1'));
    expect(await orderNumber('cs_live_a1B2c3')).toBe(await previousOrderNumber('cs_live_a1B2c3'));
  });
});

/** The derivation as it was before the long form existed. */
async function previousOrderNumber(sessionId: string): Promise<string> {
  const alphabet = '0123456789ABCDEFGHJKMNPQRSTVWXYZ';
  const digest = new Uint8Array(await crypto.subtle.digest('SHA-256', new TextEncoder().encode(sessionId)));
  let bits = 0n;
  for (const byte of digest.slice(0, 5)) bits = (bits << 8n) | BigInt(byte);
  let out = '';
  for (let i = 0; i < 8; i++) out = alphabet[Number((bits >> BigInt(5 * i)) & 31n)] + out;
  return `SP-${out.slice(0, 4)}-${out.slice(4)}`;
}

describe('tokens', () => {
  it('are 22 URL-safe characters, different each time', () => {
    const t = orderToken();
    expect(t).toMatch(/^[\w-]{22}$/);
    expect(orderToken()).not.toBe(t);
  });

  it('compare equal only when identical, whatever the length', () => {
    const t = orderToken();
    expect(sameToken(t, t)).toBe(true);
    expect(sameToken(`${t}x`, t)).toBe(false);
    expect(sameToken(t.slice(0, -1), t)).toBe(false);
    expect(sameToken('', t)).toBe(false);
    expect(sameToken(null, t)).toBe(false);
  });
});
