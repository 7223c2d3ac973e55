/** Where an order stands: paid, waiting for a delayed payment method, or that payment failed. */
export const ORDER_STATUSES = ['pending', 'paid', 'failed'] as const;
export type OrderStatus = (typeof ORDER_STATUSES)[number];

export function isOrderStatus(value: string): value is OrderStatus {
  return (ORDER_STATUSES as readonly string[]).includes(value);
}

/** The Checkout Session events the shop acts on; any other type is acknowledged and ignored. */
export const ORDER_EVENTS = [
  'checkout.session.completed',
  'checkout.session.async_payment_succeeded',
  'checkout.session.async_payment_failed',
  'checkout.session.expired',
] as const;
export type OrderEventType = (typeof ORDER_EVENTS)[number];

export function isOrderEvent(type: string): type is OrderEventType {
  return (ORDER_EVENTS as readonly string[]).includes(type);
}

/**
 * The status an event asks for, from the session's payment status as Stripe reports it when we read
 * it (never from the event's body): completed and paid is paid, completed but unpaid (a delayed
 * method) is pending; the async events settle it. Expired sessions make no order (null).
 */
export function statusFor(type: OrderEventType, paymentStatus: string | null | undefined): OrderStatus | null {
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

/** Only a pending order moves, and only to paid or failed: replays and late events change nothing. */
export function canMove(from: OrderStatus, to: OrderStatus): boolean {
  return from === 'pending' && to !== 'pending';
}
