import type { OrderAmounts } from '#shared/orders/order-totals.ts';

/** An order as the thank-you page shows it; amounts in minor units of `currency`. */
export interface PaidOrder extends OrderAmounts {
  /** The shop's order number: the purchase's transaction id (one purchase event per order). */
  number: string;
  lines: Array<{ productId: number | null; name: string; quantity: number; amount: number }>;
}
