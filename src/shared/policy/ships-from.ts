import { marketEntryOfCurrency } from '#shared/market/market.ts';
import type { Currency } from '#shared/region/region.ts';
import { shippingRates, type NumberRange } from './figures.ts';
import { shopInfo } from './shop-info.ts';

/** Where an order's parcel leaves from (and where its returns go): Vilnius for euro orders, Leeds for the rest. */
export function shipsFrom(currency: Currency): (typeof shopInfo.addresses)[number] {
  const country = marketEntryOfCurrency(currency).warehouse;
  return shopInfo.addresses.find((a) => a.country === country) ?? shopInfo.addresses[0];
}

/**
 * Business days in transit for an order of `region` (a payment link's: the rest of the world's, the
 * longest), by the service its shipping option names (Express delivery, else standard).
 */
export function transitDays(region: string | null, shippingOption: string | null): NumberRange {
  const rate = shippingRates.find((r) => r.destination === region) ?? shippingRates.find((r) => r.destination === 'ROW')!;
  return rate[shippingOption?.startsWith('Express') ? 'express' : 'standard'].days;
}
