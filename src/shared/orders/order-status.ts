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

/**
 * What the sale writes on an order's timeline: each payment status it reached, its shipping and its
 * disputes (the after-sale's and the follow-ups' steps are theirs: shared/timeline/ lists them all).
 */
export const SALE_STEPS = [...PAYMENT_STATUSES, 'shipped', 'delivered', 'dispute_opened', 'dispute_closed'] as const;
export type SaleStepKind = (typeof SALE_STEPS)[number];

/** What a sale's step says beside its kind (all optional; amounts in the order's minor units). */
export interface SaleStepDetail {
  /** A refund: what this step gave back, and the total given back after it; one asked of Stripe: its id (re_…). */
  amount?: number;
  refunded?: number;
  refund?: string;
  /** Shipping: the carrier's name, the number, its tracking page, and the day the parcel is expected by (ISO). */
  carrier?: string;
  tracking?: string;
  url?: string;
  expected?: string;
  /** Delivered: the day the parcel arrived (YYYY-MM-DD), as the owner marked it. */
  deliveredOn?: string;
  /** A dispute: Stripe's id, reason and (closed) outcome, and its deadline for evidence (ISO), as Stripe set it. */
  dispute?: string;
  reason?: string;
  outcome?: string;
  dueBy?: string;
  /** Who did a step by hand: the back office's signed-in address, or `terminal` (npm run orders). */
  by?: string;
}

/** Disputes: the shopper opened them with their bank, only the shop follows them. */
export const SALE_SHOP_ONLY_STEPS = ['dispute_opened', 'dispute_closed'] as const satisfies readonly SaleStepKind[];

/** The sale's mails: the confirmation, "on its way", and the owner's word of a dispute. */
export const SALE_MAILS = ['payment_confirmed', 'shipped', 'dispute_opened', 'dispute_closed'] as const;
export const SALE_SHOP_MAILS = ['dispute_opened', 'dispute_closed'] as const satisfies readonly (typeof SALE_MAILS)[number][];

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
