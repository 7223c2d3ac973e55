import type { Currency } from './region/region.ts';

/**
 * Money on both sides: amounts in major units (149.99) as the catalogue holds them, and in minor units
 * (14999 pence, cents) as carts, payment providers and orders hold them, exact to add up. The only
 * place that converts between the two.
 */
const MINOR_PER_MAJOR = 100;

export function toMinorUnits(amount: number): number {
  return Math.round(amount * MINOR_PER_MAJOR);
}

export function fromMinorUnits(minor: number): number {
  return minor / MINOR_PER_MAJOR;
}

const formatters = new Map<Currency, Intl.NumberFormat>();

/** Currency symbol and 2 decimals, e.g. £149.99, €174.99, $189.99 (en-GB grouping for all three). */
export function formatMoney(amount: number, currency: Currency): string {
  let f = formatters.get(currency);
  if (!f) {
    f = new Intl.NumberFormat('en-GB', {
      style: 'currency',
      currency,
      currencyDisplay: 'narrowSymbol',
      minimumFractionDigits: 2,
      maximumFractionDigits: 2,
    });
    formatters.set(currency, f);
  }
  return f.format(amount);
}

/** A round figure in a sentence, without its pence: £150, €175, $200 (a figure with pence keeps them). */
export function formatRoundMoney(amount: number, currency: Currency): string {
  return Number.isInteger(amount) ? formatMoney(amount, currency).replace(/\.00$/, '') : formatMoney(amount, currency);
}

/** An amount in minor units as shown, e.g. 14999 GBP gives £149.99: every cart, order and shipping price. */
export function formatMinor(minor: number, currency: Currency): string {
  return formatMoney(fromMinorUnits(minor), currency);
}

/** `percent` per cent of an amount in minor units, rounded down: never more than that per cent (store credit). */
export function percentDown(minor: number, percent: number): number {
  return Math.floor((minor * percent) / 100);
}

/** `percent` per cent of an amount in minor units, rounded to a whole minor unit. */
export function percentOf(minor: number, percent: number): number {
  return Math.round((minor * percent) / 100);
}
