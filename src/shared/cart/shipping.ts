import {
  FREE_STANDARD_SHIPPING_OVER,
  shippingRates,
  type NumberRange,
  type ShippingRate,
  type ShippingService,
} from '#shared/policy/figures.ts';
import type { Currency, Region } from '#shared/region/region.ts';
import { toMinorUnits } from '#shared/money.ts';

export type ShippingServiceName = 'standard' | 'express';

export interface ShippingChoice {
  service: ShippingServiceName;
  label: string;
  days: NumberRange;
  /** Nothing to pay (standard over the free-shipping threshold). */
  free: boolean;
  /** What it costs in each currency the shop sells in, minor units; 0 in all when free. */
  amounts: Record<Currency, number>;
}

const labels: Record<ShippingServiceName, string> = { standard: 'Standard delivery', express: 'Express delivery' };

/**
 * The free-standard-shipping threshold (the policy's £150 of catalogue GBP value) in the cart's
 * currency, minor units: the amount this cart's own prices reach it at (its subtotal in the currency
 * over its subtotal in GBP), so "free over €…" says exactly when this cart ships free; an empty cart
 * uses the standard delivery price's rate.
 */
export function freeShippingThreshold(currency: Currency, subtotal: number, subtotalGbp: number): number {
  const over = toMinorUnits(FREE_STANDARD_SHIPPING_OVER);
  if (currency === 'GBP') return over;
  const standard = shippingRates[0]!.standard;
  const rate = subtotal > 0 && subtotalGbp > 0 ? subtotal / subtotalGbp : standard.costIn[currency] / standard.cost;
  return Math.ceil(over * rate);
}

/** Regions ship to the policy's destination of the same name. */
function rateFor(region: Region): ShippingRate {
  const rate = shippingRates.find((r) => r.destination === region);
  if (!rate) throw new Error(`no shipping rate for ${region}`);
  return rate;
}

/**
 * The shipping that applies to a cart, from the policy: standard and express to the region's
 * destination; standard is free when the cart is worth more than the threshold. The threshold is in
 * GBP, so the cart's GBP value (its catalogue GBP prices, minor units) decides, in every currency.
 */
export function shippingChoices(region: Region, subtotalGbpMinor: number): ShippingChoice[] {
  const rate = rateFor(region);
  const freeStandard = rate.freeStandardShipping && subtotalGbpMinor > toMinorUnits(FREE_STANDARD_SHIPPING_OVER);
  return (['standard', 'express'] as const).map((service) => {
    const free = service === 'standard' && freeStandard;
    return { service, label: labels[service], days: rate[service].days, free, amounts: free ? NOTHING : amountsOf(rate[service]) };
  });
}

const NOTHING: Record<Currency, number> = { GBP: 0, EUR: 0, USD: 0 };

function amountsOf(service: ShippingService): Record<Currency, number> {
  return { GBP: toMinorUnits(service.cost), EUR: toMinorUnits(service.costIn.EUR), USD: toMinorUnits(service.costIn.USD) };
}

/** EU member states: where the EU rate applies. */
const EU_COUNTRIES = [
  'AT',
  'BE',
  'BG',
  'HR',
  'CY',
  'CZ',
  'DK',
  'EE',
  'FI',
  'FR',
  'DE',
  'GR',
  'HU',
  'IE',
  'IT',
  'LV',
  'LT',
  'LU',
  'MT',
  'NL',
  'PL',
  'PT',
  'RO',
  'SK',
  'SI',
  'ES',
  'SE',
];

/** Countries a region's order may be shipped to at that region's rate. */
export function destinationCountries(region: Region): string[] {
  if (region === 'UK') return ['GB'];
  if (region === 'US') return ['US'];
  return [...EU_COUNTRIES];
}
