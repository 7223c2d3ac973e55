import type { Currency } from '#shared/region/region.ts';
import { shopInfo } from './shop-info.ts';

/** Where an order's parcel leaves from (and where its returns go): Vilnius for euro orders, Leeds for the rest. */
export function shipsFrom(currency: Currency): (typeof shopInfo.addresses)[number] {
  const country = currency === 'EUR' ? 'LT' : 'GB';
  return shopInfo.addresses.find((a) => a.country === country) ?? shopInfo.addresses[0];
}
