import type { Currency } from '#shared/region/region.ts';
import { shipsFrom } from '#shared/policy/ships-from.ts';
import { shopInfo } from '#shared/policy/shop-info.ts';

/** An invoice's number as printed: 'SP-INV-000042' (the sequence of issue, never reused). */
export const invoiceNumberText = (sequence: number): string => `SP-INV-${String(sequence).padStart(6, '0')}`;

/** Orders that were paid (refunded ones included: the sale happened, the refund is a credit against it). */
export const INVOICED_STATUSES = ['paid', 'partially_refunded', 'refunded'] as const;

/**
 * Who sells an order, as its invoice names them: the shop's legal name and the address of the market
 * it was sold in (Leeds for pounds and dollars, Vilnius for euros), with that entity's VAT number
 * when the operator set one.
 */
export function sellerOf(currency: Currency, vatNumbers: { GB?: string | undefined; LT?: string | undefined }) {
  const address = shipsFrom(currency);
  return { name: shopInfo.legalName, lines: address.lines, vatNumber: vatNumbers[address.country] ?? null, email: shopInfo.email };
}
