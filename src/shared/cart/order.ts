import type { Currency } from '#shared/region/region.ts';

/** An order as the thank-you page shows it; amounts in minor units of `currency`. */
export interface PaidOrder {
  /** The shop's order number: the purchase's transaction id (one purchase event per order). */
  number: string;
  currency: Currency;
  lines: Array<{ productId: number | null; name: string; quantity: number; amount: number }>;
  shipping: number;
  total: number;
}
