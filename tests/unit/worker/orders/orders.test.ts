import { describe, expect, it } from 'vitest';
import { ORDER_NUMBER, orderNumber, orderToken, sameToken } from '#worker/orders/order-number.ts';
import { canMove, refundedStatus, returnRefusal, shipRefusal } from '#shared/orders/order-status.ts';
import { isOrderEvent, isPaymentEvent, statusFor } from '#worker/payments/stripe-events.ts';

describe('statusFor', () => {
  it('maps a completed session by its payment status, and the async events to their outcome', () => {
    expect(statusFor('checkout.session.completed', 'paid')).toBe('paid');
    expect(statusFor('checkout.session.completed', 'unpaid')).toBe('pending');
    expect(statusFor('checkout.session.async_payment_succeeded', 'paid')).toBe('paid');
    expect(statusFor('checkout.session.async_payment_failed', 'unpaid')).toBe('failed');
    expect(statusFor('checkout.session.expired', 'unpaid')).toBeNull();
  });

  it('knows only the four session events', () => {
    expect(isOrderEvent('checkout.session.completed')).toBe(true);
    expect(isOrderEvent('payment_intent.succeeded')).toBe(false);
  });
});

describe('canMove', () => {
  it('moves a pending order to paid or failed, and nothing else anywhere', () => {
    expect(canMove('pending', 'paid')).toBe(true);
    expect(canMove('pending', 'failed')).toBe(true);
    expect(canMove('pending', 'pending')).toBe(false);
    expect(canMove('paid', 'failed')).toBe(false);
    expect(canMove('failed', 'paid')).toBe(false);
    expect(canMove('paid', 'pending')).toBe(false);
  });
});

describe('after the payment', () => {
  it('ships a paid or partly refunded order once, and says why not otherwise', () => {
    expect(shipRefusal('paid', 'unfulfilled')).toBeNull();
    expect(shipRefusal('partially_refunded', 'unfulfilled')).toBeNull();
    expect(shipRefusal('paid', 'shipped')).toBe('it has been shipped already');
    expect(shipRefusal('partially_refunded', 'returned')).toBe('its goods have come back');
    expect(shipRefusal('refunded', 'unfulfilled')).toBe('it has been refunded');
    expect(shipRefusal('pending', 'unfulfilled')).toBe('its payment is not confirmed yet');
    expect(shipRefusal('failed', 'unfulfilled')).toBe('its payment failed');
  });

  it('takes goods back only for a sale: never for a failed payment, nor a pending one (it gives back by itself if it fails)', () => {
    expect(returnRefusal('paid')).toBeNull();
    expect(returnRefusal('partially_refunded')).toBeNull();
    expect(returnRefusal('refunded')).toBeNull();
    expect(returnRefusal('failed')).toMatch(/no units left stock/);
    expect(returnRefusal('pending')).toMatch(/not confirmed/);
  });

  it('calls a refund of the whole total refunded, and less partially refunded', () => {
    expect(refundedStatus(33497, 33497)).toBe('refunded');
    expect(refundedStatus(5000, 33497)).toBe('partially_refunded');
    expect(refundedStatus(1, 33497)).toBe('partially_refunded');
  });

  it('knows the refund and dispute events, and keeps them apart from the session events', () => {
    for (const type of ['charge.refunded', 'refund.updated', 'charge.dispute.created', 'charge.dispute.closed']) {
      expect(isPaymentEvent(type)).toBe(true);
      expect(isOrderEvent(type)).toBe(false);
    }
    expect(isPaymentEvent('charge.succeeded')).toBe(false);
  });

  it('never moves a paid or refunded order on a session event', () => {
    for (const from of ['paid', 'refunded', 'partially_refunded'] as const) {
      expect(canMove(from, 'paid')).toBe(false);
      expect(canMove(from, 'failed')).toBe(false);
    }
  });
});

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
