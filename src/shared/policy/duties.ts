import { MARKETS, marketOfRegion } from '#shared/market/market.ts';
import { regions, type Region } from '#shared/region/region.ts';
import { shippingRates, type ShippingDestination } from './figures.ts';

/**
 * Import duties before paying: a parcel that leaves its warehouse's customs area may be charged duties
 * and taxes on delivery, collected by the carrier (often with a fee) from the buyer, or the parcel is
 * refused. Leeds ships the UK and Vilnius the EU inside their own areas (nothing to say); the US
 * (shipped from Leeds; duty-free entry of low-value parcels ended on 29 August 2025) and the rest of
 * the world are outside.
 */
const CUSTOMS_AREA = { GB: 'UK', LT: 'EU' } as const;

/** The owner's estimate of what is due, per destination that may owe it (settings DUTIES_ESTIMATE_US, _ROW). */
export type DutyEstimates = { US: string; ROW: string };

export function dutiesMayBeDue(destination: ShippingDestination): boolean {
  if (destination === 'ROW') return true;
  const warehouse = MARKETS.find((m) => m.prefix === marketOfRegion[destination as Region])!.warehouse;
  return CUSTOMS_AREA[warehouse] !== destination;
}

/** What a cart, the Stripe page and the shipping policy say for a destination that may owe duties; null for one that does not. */
export function dutiesNote(destination: ShippingDestination, estimates: DutyEstimates): string | null {
  if (!dutiesMayBeDue(destination)) return null;
  const where = shippingRates.find((r) => r.destination === destination)!.inSentence;
  const estimate = destination === 'ROW' ? estimates.ROW : estimates[destination as 'US'];
  return (
    `Import duties and taxes may be due on delivery to ${where} (our estimate: ${estimate}). They are not in our prices: ` +
    'the carrier collects them from you, often with a handling fee, before it delivers, and a refused parcel is refunded minus its shipping.'
  );
}

/** Each region's cart note, for the cart that follows the visitor's region (regions that owe none left out). */
export function dutiesNotesOf(estimates: DutyEstimates): Partial<Record<Region, string>> {
  return Object.fromEntries(regions.flatMap((region) => ((note) => (note ? [[region, note]] : []))(dutiesNote(region, estimates))));
}
