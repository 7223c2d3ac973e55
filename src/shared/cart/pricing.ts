import { displayPrice, type Priced } from '#shared/catalogue/prices.ts';
import { toMinorUnits } from '#shared/money.ts';
import type { Currency } from '#shared/region/region.ts';

export interface PricedLine<T extends Priced> {
  item: T;
  quantity: number;
  /** Minor units of the currency. */
  unitAmount: number;
  lineAmount: number;
}

export interface PricedCart<T extends Priced> {
  currency: Currency;
  lines: PricedLine<T>[];
  /** Minor units. */
  subtotal: number;
}

/** Prices every line from the catalogue's entry for the currency (never from a request), in minor units. */
export function priceCart<T extends Priced>(lines: ReadonlyArray<{ item: T; quantity: number }>, currency: Currency): PricedCart<T> {
  const priced = lines.map(({ item, quantity }) => {
    const unitAmount = toMinorUnits(displayPrice(item, currency));
    return { item, quantity, unitAmount, lineAmount: unitAmount * quantity };
  });
  return { currency, lines: priced, subtotal: priced.reduce((sum, l) => sum + l.lineAmount, 0) };
}
