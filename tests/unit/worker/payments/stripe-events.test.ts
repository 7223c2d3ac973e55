import { describe, expect, it } from 'vitest';
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

  it('knows the refund and dispute events, and keeps them apart from the session events', () => {
    for (const type of ['charge.refunded', 'refund.updated', 'charge.dispute.created', 'charge.dispute.closed']) {
      expect(isPaymentEvent(type)).toBe(true);
      expect(isOrderEvent(type)).toBe(false);
    }
    expect(isPaymentEvent('charge.succeeded')).toBe(false);
  });
});
