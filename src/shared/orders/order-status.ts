import { disputeRefusal, type DisputeHold } from './dispute-hold.ts';

/**
 * Where an order's money stands: waiting for a delayed payment method, paid, that payment failed, or
 * (part of) it given back.
 */
export const PAYMENT_STATUSES = ['pending', 'paid', 'failed', 'partially_refunded', 'refunded'] as const;
export type PaymentStatus = (typeof PAYMENT_STATUSES)[number];

/** Where an order's goods stand, beside its money: not sent yet, on their way, all of them back. */
export const FULFILMENT_STATUSES = ['unfulfilled', 'shipped', 'returned'] as const;
export type FulfilmentStatus = (typeof FULFILMENT_STATUSES)[number];

/** What an order's timeline records: each payment status it reached, and what happened beside them. */
export const ORDER_STEPS = [
  ...PAYMENT_STATUSES,
  'shipped',
  'dispute_opened',
  'dispute_closed',
  'returned',
  'refund_asked',
  'return_requested',
  'return_accepted',
  'return_refused',
  'return_received',
  'review_invited',
  'review_skipped',
  'referral_rewarded',
  'referral_withdrawn',
  'exchange_paid',
  'exchange_shipped',
  'credit_kept',
  'refund_failed',
  'difference_refunded',
  'difference_overpaid',
  'credit_restored',
] as const;
export type OrderStepKind = (typeof ORDER_STEPS)[number];

/**
 * Steps only the shop sees: disputes (the shopper opened them with their bank) and a refund the owner
 * asked Stripe for (the shopper hears of it once Stripe confirms it: the refunded step), and the
 * review invitation or its skipping (its mail is what the shopper sees).
 */
const SHOP_ONLY_STEPS = [
  'dispute_opened',
  'dispute_closed',
  'refund_asked',
  'review_invited',
  'review_skipped',
  'referral_rewarded',
  'referral_withdrawn',
  'refund_failed',
  'difference_overpaid',
] as const;
export type ShopperStepKind = Exclude<OrderStepKind, (typeof SHOP_ONLY_STEPS)[number]>;

export const shownToShopper = <S extends { kind: OrderStepKind }>(step: S): step is S & { kind: ShopperStepKind } =>
  !(SHOP_ONLY_STEPS as readonly string[]).includes(step.kind);

export function isPaymentStatus(value: string): value is PaymentStatus {
  return (PAYMENT_STATUSES as readonly string[]).includes(value);
}

export function isFulfilmentStatus(value: string): value is FulfilmentStatus {
  return (FULFILMENT_STATUSES as readonly string[]).includes(value);
}

/** Only a pending order moves on a session's event, and only to paid or failed: replays and late events change nothing. */
export function canMove(from: PaymentStatus, to: PaymentStatus): boolean {
  return from === 'pending' && (to === 'paid' || to === 'failed');
}

/** The payment statuses whose goods may ship: paid, or partly refunded (the rest still goes). The one rule. */
export const SHIPPABLE = ['paid', 'partially_refunded'] as const satisfies readonly PaymentStatus[];

/** Why an order cannot be shipped now, or null when it can (SHIPPABLE, unfulfilled, no dispute holding it; once). */
export function shipRefusal(payment: PaymentStatus, fulfilment: FulfilmentStatus, dispute: DisputeHold | null = null): string | null {
  if (fulfilment === 'shipped') return 'it has been shipped already';
  if (fulfilment === 'returned') return 'its goods have come back';
  if (dispute) return disputeRefusal(dispute);
  if ((SHIPPABLE as readonly PaymentStatus[]).includes(payment)) return null;
  if (payment === 'refunded') return 'it has been refunded';
  if (payment === 'pending') return 'its payment is not confirmed yet';
  return 'its payment failed';
}

/**
 * Why goods cannot come back to stock for an order, or null when they can: only a sale took them
 * (paid, or refunded since). A failed payment never took any, and a pending one gives its units back
 * by itself if it fails, so a return then would count them twice.
 */
export function returnRefusal(payment: PaymentStatus): string | null {
  if (payment === 'failed') return 'its payment failed, so no units left stock';
  if (payment === 'pending') return 'its payment is not confirmed yet (a payment that fails puts its units back by itself)';
  return null;
}

/** The status a refund leaves: all of the total given back is refunded, less is partially refunded. */
export function refundedStatus(refunded: number, total: number): 'refunded' | 'partially_refunded' {
  return refunded >= total ? 'refunded' : 'partially_refunded';
}
