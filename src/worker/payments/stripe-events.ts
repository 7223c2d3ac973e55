import type { PaymentStatus } from '#shared/orders/order-status.ts';

/** The Checkout Session events the shop acts on. */
export const ORDER_EVENTS = [
  'checkout.session.completed',
  'checkout.session.async_payment_succeeded',
  'checkout.session.async_payment_failed',
  'checkout.session.expired',
] as const;
export type OrderEventType = (typeof ORDER_EVENTS)[number];

/** What happens to the money after the payment: refunds and disputes, matched to orders by their payment intent. */
export const PAYMENT_EVENTS = ['charge.refunded', 'refund.updated', 'charge.dispute.created', 'charge.dispute.closed'] as const;
export type PaymentEventType = (typeof PAYMENT_EVENTS)[number];

export function isOrderEvent(type: string): type is OrderEventType {
  return (ORDER_EVENTS as readonly string[]).includes(type);
}

export function isPaymentEvent(type: string): type is PaymentEventType {
  return (PAYMENT_EVENTS as readonly string[]).includes(type);
}

/**
 * The status an event asks for, from the session's payment status as Stripe reports it when we read
 * it (never from the event's body): completed and paid is paid, completed but unpaid (a delayed
 * method) is pending; the async events settle it. Expired sessions make no order (null).
 */
export function statusFor(type: OrderEventType, paymentStatus: string | null | undefined): PaymentStatus | null {
  switch (type) {
    case 'checkout.session.completed':
      return paymentStatus === 'paid' || paymentStatus === 'no_payment_required' ? 'paid' : 'pending';
    case 'checkout.session.async_payment_succeeded':
      return 'paid';
    case 'checkout.session.async_payment_failed':
      return 'failed';
    case 'checkout.session.expired':
      return null;
  }
}
