import {
  FREE_STANDARD_SHIPPING_OVER_IN,
  serviceCost,
  shippingRates,
  type NumberRange,
  type ShippingRate,
  type ShippingService,
} from '#shared/policy/figures.ts';
import { EU_MEMBER_STATES } from '#shared/policy/eu-vat.ts';
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

/** The free-standard-delivery threshold in a currency, minor units (the policy's figure in it). */
export const freeShippingThreshold = (currency: Currency): number => toMinorUnits(FREE_STANDARD_SHIPPING_OVER_IN[currency]);

/** Regions ship to the policy's destination of the same name. */
function rateFor(region: Region): ShippingRate {
  const rate = shippingRates.find((r) => r.destination === region);
  if (!rate) throw new Error(`no shipping rate for ${region}`);
  return rate;
}

/**
 * The shipping that applies to a cart, from the policy: standard and express to the region's
 * destination; standard is free when the cart (its subtotal in its own currency, minor units) is worth
 * more than the threshold in that currency.
 */
export function shippingChoices(region: Region, subtotalMinor: number, currency: Currency): ShippingChoice[] {
  const rate = rateFor(region);
  const freeStandard = rate.freeStandardShipping && subtotalMinor > freeShippingThreshold(currency);
  return (['standard', 'express'] as const).map((service) => {
    const free = service === 'standard' && freeStandard;
    return { service, label: labels[service], days: rate[service].days, free, amounts: free ? NOTHING : amountsOf(rate[service]) };
  });
}

const NOTHING: Record<Currency, number> = { GBP: 0, EUR: 0, USD: 0 };

function amountsOf(service: ShippingService): Record<Currency, number> {
  return {
    GBP: toMinorUnits(serviceCost(service, 'GBP')),
    EUR: toMinorUnits(serviceCost(service, 'EUR')),
    USD: toMinorUnits(serviceCost(service, 'USD')),
  };
}

/** Countries a region's order may be shipped to at that region's rate. */
export function destinationCountries(region: Region): string[] {
  if (region === 'UK') return ['GB'];
  if (region === 'US') return ['US'];
  return [...EU_MEMBER_STATES];
}
