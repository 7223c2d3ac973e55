import { fromMinorUnits, toMinorUnits } from '#shared/money.ts';
import type { Currency } from '#shared/region/region.ts';

/** A product's price fields: maps by currency with base fallbacks. */
export interface Priced {
  price: number;
  prices?: Partial<Record<Currency, number>>;
  full_price?: number;
  full_prices?: Partial<Record<Currency, number>>;
}

/** The currency's entry in `prices`, falling back to the base price. */
export function displayPrice(p: Priced, currency: Currency): number {
  return p.prices?.[currency] ?? p.price;
}

/** The currency's entry in `full_prices`, falling back to the base full price, then the price. */
export function displayFullPrice(p: Priced, currency: Currency): number {
  return p.full_prices?.[currency] ?? p.full_price ?? displayPrice(p, currency);
}

export interface Discount {
  full: number;
  saving: number;
  /** Rounded percent off. */
  percent: number;
}

/** Shown only when the full price is greater than the price. */
export function discount(p: Priced, currency: Currency): Discount | null {
  const price = displayPrice(p, currency);
  const full = displayFullPrice(p, currency);
  if (!(full > price)) return null;
  // In minor units, so 229.99 - 189.99 is exactly 40, not 40.00000000000003.
  const saving = fromMinorUnits(toMinorUnits(full) - toMinorUnits(price));
  return { full, saving, percent: Math.round((saving / full) * 100) };
}

/** Every currency's amount, for markup the browser re-formats when the region changes. */
export type PriceTable = Record<Currency, number>;

export function priceTable(p: Priced, pick: (p: Priced, c: Currency) => number = displayPrice): PriceTable {
  return { GBP: pick(p, 'GBP'), EUR: pick(p, 'EUR'), USD: pick(p, 'USD') };
}
