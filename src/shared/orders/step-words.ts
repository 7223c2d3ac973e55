import type { SaleStepKind } from './order-status.ts';

/** Each step of the sale in the back office's and the command line's words. */
export const SALE_STEP_WORDS: Record<SaleStepKind, string> = {
  pending: 'placed, payment being confirmed',
  paid: 'paid',
  failed: 'payment failed',
  shipped: 'shipped',
  delivered: 'delivered',
  partially_refunded: 'partially refunded',
  refunded: 'refunded',
  dispute_opened: 'dispute opened',
  dispute_closed: 'dispute closed',
};
