import { describe, expect, it } from 'vitest';
import { paymentMethodText } from '#shared/orders/payment-method.ts';

describe('how an order was paid, in words', () => {
  it('names a card by brand and last digits, with its wallet; other methods by name; nothing before it is known', () => {
    expect(paymentMethodText({ type: 'card', card: { brand: 'visa', last4: '4242', wallet: null } })).toBe('Visa ending 4242');
    expect(paymentMethodText({ type: 'card', card: { brand: 'mastercard', last4: '4444', wallet: { type: 'apple_pay' } } })).toBe(
      'Mastercard ending 4444 (Apple Pay)',
    );
    expect(paymentMethodText({ type: 'card', card: { brand: 'unionpay', last4: null } })).toBe('Unionpay');
    expect(paymentMethodText({ type: 'paypal' })).toBe('PayPal');
    expect(paymentMethodText({ type: 'sepa_debit' })).toBe('Sepa debit');
    expect(paymentMethodText(null)).toBeNull();
  });
});
