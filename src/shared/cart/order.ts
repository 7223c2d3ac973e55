import type { Currency } from '../region/region';

/** A paid hosted checkout as the thank-you page shows it; amounts in minor units of `currency`. */
export interface PaidOrder {
  /** The payment session's id: the purchase's transaction id. */
  id: string;
  currency: Currency;
  lines: Array<{ productId: number | null; name: string; quantity: number; amount: number }>;
  shipping: number;
  total: number;
}
