import { marketEntryOfCurrency } from '#shared/market/market.ts';
import type { Currency } from '#shared/region/region.ts';
import { shipsFrom } from '#shared/policy/ships-from.ts';
import { shopInfo } from '#shared/policy/shop-info.ts';
import { EU_STANDARD_VAT, isEuMemberState } from '#shared/policy/eu-vat.ts';
import type { OrderAmounts } from './order-totals.ts';

/** An invoice's number as printed: 'SP-INV-000042' (the sequence of issue, never reused). */
export const invoiceNumberText = (sequence: number): string => `SP-INV-${String(sequence).padStart(6, '0')}`;

/** Orders that were paid (refunded ones included: the sale happened, the refund is a credit against it). */
export const INVOICED_STATUSES = ['paid', 'partially_refunded', 'refunded'] as const;

/** The standard VAT rate (%) of each country the shop's goods leave from, for prices that include it. */
export const VAT_RATES: Record<'GB' | 'LT', number> = { GB: 20, LT: EU_STANDARD_VAT.LT };

/** What the operator set of the sellers (settings): each dispatch country's VAT number, and the EU entity's name if it has one. */
export interface SellerSettings {
  VAT_NUMBER_GB?: string | undefined;
  VAT_NUMBER_LT?: string | undefined;
  LEGAL_NAME_LT?: string | undefined;
}

/**
 * Who sells an order, as its invoice names them (HMRC VAT Notice 700/21; EU VAT directive Art. 226):
 * the legal entity and its address, and the VAT number it is registered under where the goods leave
 * from. Euro orders leave Vilnius: sold by the EU entity at its Vilnius address when LEGAL_NAME_LT
 * names one, else by the UK company at its own address, the goods dispatched from Vilnius.
 */
export function sellerOf(currency: Currency, settings: SellerSettings) {
  const from = shipsFrom(currency);
  const home = shopInfo.addresses.find((a) => a.country === 'GB')!;
  const own = from.country === 'GB' || settings.LEGAL_NAME_LT;
  return {
    name: from.country === 'LT' && settings.LEGAL_NAME_LT ? settings.LEGAL_NAME_LT : shopInfo.legalName,
    lines: own ? from.lines : home.lines,
    dispatchedFrom: own ? null : from.city,
    country: from.country,
    vatNumber: (from.country === 'LT' ? settings.VAT_NUMBER_LT : settings.VAT_NUMBER_GB) ?? null,
    email: shopInfo.email,
  };
}

const countryName = new Intl.DisplayNames('en-GB', { type: 'region' });

/** VAT on an invoice, per rate: the rate (%), what it is charged on (net) and the VAT. */
export interface VatRow {
  rate: number;
  net: number;
  vat: number;
  /** Why a rate of 0: goods sent outside the country they leave from. */
  note: string | null;
}

/**
 * The VAT of an order as an invoice states it, or null when the seller has no VAT number there (the
 * document then says it is not a VAT invoice). Stripe Tax's figure when it computed one; else the
 * standard rate within prices that include VAT: the dispatch country's, or for goods sent from one EU
 * country to a buyer in another, the buyer's (distance sales, declared through the One-Stop Shop since
 * July 2021; Council Directive 2017/2455). Orders sold before tax (US dollars) leave the country:
 * zero-rated exports.
 */
export function invoiceVat(
  order: Pick<OrderAmounts, 'currency' | 'total' | 'tax' | 'taxLabel' | 'taxInclusive'>,
  seller: Pick<ReturnType<typeof sellerOf>, 'vatNumber' | 'country'>,
  /** Where the goods went (the shipping address's country, ISO 3166-1 alpha-2). */
  destination: string | null = null,
): VatRow[] | null {
  if (!seller.vatNumber) return null;
  if (order.tax > 0) {
    const rate = Number(/(\d+(?:\.\d+)?)\s*%/.exec(order.taxLabel ?? '')?.[1] ?? NaN);
    // Included or added, the total holds the tax: what it was charged on is the rest.
    const net = order.total - order.tax;
    return [{ rate: Number.isNaN(rate) ? Math.round((order.tax / net) * 1000) / 10 : rate, net, vat: order.tax, note: null }];
  }
  if (marketEntryOfCurrency(order.currency).tax === 'exclusive')
    return [{ rate: 0, net: order.total, vat: 0, note: 'export: goods sent outside the country they leave from' }];
  const oss = seller.country === 'LT' && isEuMemberState(destination) && destination !== seller.country;
  const rate = oss ? EU_STANDARD_VAT[destination] : VAT_RATES[seller.country];
  const vat = Math.round((order.total * rate) / (100 + rate));
  return [
    { rate, net: order.total - vat, vat, note: oss ? `${countryName.of(destination)}'s rate: a distance sale within the EU (OSS)` : null },
  ];
}
