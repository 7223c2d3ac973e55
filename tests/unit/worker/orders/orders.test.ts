import { describe, expect, it } from 'vitest';
import { ORDER_NUMBER, orderNumber, orderToken, sameToken } from '#worker/orders/order-number.ts';
import { canMove, isOrderEvent, statusFor } from '#worker/orders/order-status.ts';

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

describe('orderNumber', () => {
  it('is SP-XXXX-XXXX, the same for the same session and different for another', async () => {
    const a = await orderNumber('cs_test_1');
    expect(a).toMatch(ORDER_NUMBER);
    expect(await orderNumber('cs_test_1')).toBe(a);
    expect(await orderNumber('cs_test_2')).not.toBe(a);
  });
});

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
