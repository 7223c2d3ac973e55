/**
 * Where an order stands: waiting for a delayed payment method, paid, that payment failed, shipped, or
 * (part of) its money given back.
 */
export const ORDER_STATUSES = ['pending', 'paid', 'failed', 'shipped', 'partially_refunded', 'refunded'] as const;
export type OrderStatus = (typeof ORDER_STATUSES)[number];

/** What an order's timeline records: each status it reached, and what happened beside them. */
export const ORDER_STEPS = [...ORDER_STATUSES, 'dispute_opened', 'dispute_closed', 'returned'] as const;
export type OrderStepKind = (typeof ORDER_STEPS)[number];

export function isOrderStatus(value: string): value is OrderStatus {
  return (ORDER_STATUSES as readonly string[]).includes(value);
}

/** Only a pending order moves on a session's event, and only to paid or failed: replays and late events change nothing. */
export function canMove(from: OrderStatus, to: OrderStatus): boolean {
  return from === 'pending' && (to === 'paid' || to === 'failed');
}

/** Why an order cannot be shipped now, or null when it can (paid, or partly refunded: the rest still goes). */
export function shipRefusal(status: OrderStatus): string | null {
  if (status === 'paid' || status === 'partially_refunded') return null;
  if (status === 'shipped') return 'it has been shipped already';
  if (status === 'refunded') return 'it has been refunded';
  if (status === 'pending') return 'its payment is not confirmed yet';
  return 'its payment failed';
}

/** The status a refund leaves: all of the total given back is refunded, less is partially refunded. */
export function refundedStatus(refunded: number, total: number): 'refunded' | 'partially_refunded' {
  return refunded >= total ? 'refunded' : 'partially_refunded';
}
