import type { OrderStepKind } from './order-status.ts';

/** Each step of an order's timeline in the back office's and the command line's words. */
export const STEP_WORDS: Record<OrderStepKind, string> = {
  pending: 'placed, payment being confirmed',
  paid: 'paid',
  failed: 'payment failed',
  shipped: 'shipped',
  partially_refunded: 'partially refunded',
  refunded: 'refunded',
  dispute_opened: 'dispute opened',
  dispute_closed: 'dispute closed',
  returned: 'returned to stock',
  refund_asked: 'refund asked of Stripe',
  return_requested: 'return requested',
  return_accepted: 'return accepted',
  return_refused: 'return refused',
  return_received: 'return received',
  review_invited: 'invited to review',
  review_skipped: 'not invited to review: the address unsubscribed',
  referral_rewarded: 'a friend ordered with their code: reward sent',
  referral_withdrawn: 'came back: the referrer’s unused reward code switched off',
  exchange_paid: 'exchange difference paid',
  exchange_shipped: 'exchange sent',
  credit_kept: 'store credit spent; the rest sent as a new code',
};
