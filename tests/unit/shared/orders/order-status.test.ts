import { describe, expect, it } from 'vitest';
import { canMove, refundedStatus, returnRefusal, shipRefusal } from '#shared/orders/order-status.ts';

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

  it('never moves a paid or refunded order on a session event', () => {
    for (const from of ['paid', 'refunded', 'partially_refunded'] as const) {
      expect(canMove(from, 'paid')).toBe(false);
      expect(canMove(from, 'failed')).toBe(false);
    }
  });
});
