/**
 * Everything the after-sale writes on an order's timeline and mails, in one place: its steps, their
 * words, which of them only the shop sees, and its mail kinds (which of them go to the shop).
 * The order's timeline (shared/timeline/) lists them beside the sale's; the database keeps them.
 */
export const AFTER_SALE_STEPS = [
  'returned',
  'refund_asked',
  'return_requested',
  'return_accepted',
  'return_refused',
  'return_received',
  'exchange_paid',
  'exchange_shipped',
  'credit_kept',
  'refund_failed',
  'difference_refunded',
  'difference_overpaid',
  'credit_restored',
  'credit_withdrawn',
  'exchange_repriced',
  'exchange_settled',
  'account_changed',
] as const;
export type AfterSaleStepKind = (typeof AFTER_SALE_STEPS)[number];

/** What an after-sale step says beside its kind, besides the sale's fields (an amount, a refund's id, a reason, who). */
export interface AfterSaleStepDetail {
  /** Goods or a request's lines: product id and quantity per line. */
  lines?: Array<{ productId: number; quantity: number }>;
  /** A return request's steps: its number, what the shopper wants back, the shop's answer, a store credit's code. */
  request?: string;
  wants?: 'refund' | 'credit' | 'exchange' | 'replace';
  answer?: string;
  code?: string;
  /** A store credit: what of the payment it stands for (the credit is 110% of it), said in its mail. */
  basis?: number;
  /** A code switched off: the code that holds what is still the shopper's. */
  newCode?: string;
}

/** A refund the owner asked Stripe for (the shopper hears of it once Stripe confirms it), one that failed, and an overpaid difference. */
export const AFTER_SALE_SHOP_ONLY_STEPS = [
  'refund_asked',
  'refund_failed',
  'difference_overpaid',
  'account_changed',
] as const satisfies readonly AfterSaleStepKind[];

/** Each after-sale step in the back office's and the command line's words. */
export const AFTER_SALE_STEP_WORDS: Record<AfterSaleStepKind, string> = {
  returned: 'returned to stock',
  refund_asked: 'refund asked of Stripe',
  return_requested: 'return requested',
  return_accepted: 'return accepted',
  return_refused: 'return refused',
  return_received: 'return received',
  exchange_paid: 'exchange difference paid',
  exchange_shipped: 'exchange sent',
  refund_failed: 'a refund failed at the bank: its money is the payment’s again',
  difference_refunded: 'exchange difference refunded',
  difference_overpaid: 'exchange difference paid twice: the extra refunded',
  credit_restored: 'store credit it was paid with given back as credit',
  credit_kept: 'store credit spent; the rest sent as a new code',
  credit_withdrawn: 'store credit switched off: the payment it stood for went back another way',
  exchange_repriced: 'exchange re-priced: less of the payment is left, more difference to pay',
  exchange_settled: 'exchange settled another way (refund or store credit)',
  account_changed: 'the accounts moved on Stripe’s word: the owner is told what and why',
};

/** The mails after-sale steps owe: `refund_issued` is the shopper's "your refund" (a Stripe-confirmed refund). */
export const AFTER_SALE_MAILS = [
  'refund_issued',
  'return_requested',
  'return_to_shop',
  'return_accepted',
  'return_refused',
  'return_received',
  'exchange_shipped',
  'credit_kept',
  'difference_overpaid',
  'credit_restored',
  'refund_failed',
  'credit_withdrawn',
  'exchange_repriced',
  'account_changed',
] as const;
export type AfterSaleMailKind = (typeof AFTER_SALE_MAILS)[number];

/** The after-sale mails that go to the shop, not the shopper (sent whether or not the order has an address). */
export const AFTER_SALE_SHOP_MAILS = [
  'return_to_shop',
  'difference_overpaid',
  'refund_failed',
  'account_changed',
] as const satisfies readonly AfterSaleMailKind[];
