import { marketEntryOfCurrency, type Market } from '#shared/market/market.ts';
import type { Currency } from '#shared/region/region.ts';

/**
 * The carriers the shop ships with, each with its tracking page for a number (the addresses Shopify's
 * and ShipStation's carrier lists link to). A parcel always goes with a carrier the shopper can follow:
 * one of these, or another named by the owner with its tracking page.
 */
export interface Carrier {
  id: string;
  name: string;
  page: (tracking: string) => string;
}

const at = (template: string) => (tracking: string) => template.replace('{n}', encodeURIComponent(tracking.replaceAll(' ', '')));

export const CARRIERS: readonly Carrier[] = [
  { id: 'royal-mail', name: 'Royal Mail', page: at('https://www.royalmail.com/track-your-item#/tracking-results/{n}') },
  { id: 'dpd', name: 'DPD', page: at('https://track.dpd.co.uk/parcels/{n}') },
  { id: 'dpd-eu', name: 'DPD (Europe)', page: at('https://tracking.dpd.de/status/en_US/parcel/{n}') },
  { id: 'dhl', name: 'DHL', page: at('https://www.dhl.com/global-en/home/tracking/tracking-express.html?submit=1&tracking-id={n}') },
  { id: 'ups', name: 'UPS', page: at('https://www.ups.com/track?tracknum={n}') },
  { id: 'usps', name: 'USPS', page: at('https://tools.usps.com/go/TrackConfirmAction?tLabels={n}') },
  { id: 'fedex', name: 'FedEx', page: at('https://www.fedex.com/fedextrack/?trknbr={n}') },
];

/** The carrier a form or the command line names: its id, or its name in any case. */
export const carrierNamed = (text: string) => {
  const wanted = text.trim().toLowerCase();
  return CARRIERS.find((c) => c.id === wanted || c.name.toLowerCase() === wanted);
};

/** Which carriers each market's parcels go with, the usual first (Leeds ships the UK and the US, Vilnius Europe). */
const BY_MARKET: Record<Market, readonly string[]> = {
  gb: ['royal-mail', 'dpd', 'dhl', 'ups', 'fedex'],
  eu: ['dpd-eu', 'dhl', 'ups', 'fedex'],
  us: ['usps', 'royal-mail', 'ups', 'fedex', 'dhl'],
};

/** The carriers offered for an order in `currency`, the usual first; every carrier for a market without a list. */
export function carriersFor(currency: Currency): readonly Carrier[] {
  const ids = BY_MARKET[marketEntryOfCurrency(currency).prefix];
  return ids ? ids.map((id) => CARRIERS.find((c) => c.id === id)!) : CARRIERS;
}

/** The form's and the command line's word for a carrier not on the list (its name and tracking page typed). */
export const OTHER_CARRIER = 'other';

const TRACKING = /^[A-Za-z0-9 -]{4,64}$/;

export interface ParcelTyped {
  /** A carrier's id or name, or OTHER_CARRIER. */
  carrier: string | null;
  /** The carrier's name when it is not on the list. */
  otherName?: string | null;
  tracking: string | null;
  /** The tracking page: typed for a carrier not on the list; for a listed one, built from the number unless typed. */
  url: string | null;
}

export interface Parcel {
  carrier: string;
  tracking: string;
  url: string;
}

/** A parcel as the shopper will follow it (the carrier's name, the number, its tracking page), or why it cannot go so. */
export function parcelOf(typed: ParcelTyped): Parcel | { refusal: string } {
  const tracking = typed.tracking?.trim() ?? '';
  if (!tracking) return { refusal: 'Enter the tracking number the carrier gave.' };
  if (!TRACKING.test(tracking)) return { refusal: `${tracking.slice(0, 64)} is not a tracking number (letters, digits, 4-64)` };
  const chosen = typed.carrier?.trim() ?? '';
  if (!chosen) return { refusal: 'Choose the carrier: the shopper’s mail links its tracking page.' };
  const url = typed.url?.trim() ?? '';
  if (url && (!URL.canParse(url) || new URL(url).protocol !== 'https:')) return { refusal: `${url.slice(0, 100)} is not an https address` };
  // A listed carrier's page is built from the number (a page typed for this parcel wins).
  const listed = carrierNamed(chosen);
  if (listed) return { carrier: listed.name, tracking, url: url || listed.page(tracking) };
  const name = (chosen.toLowerCase() === OTHER_CARRIER ? typed.otherName : chosen)?.trim().slice(0, 64) ?? '';
  if (!name) return { refusal: 'Name the carrier (it is not on the list).' };
  if (!url) return { refusal: `Give ${name}’s tracking page for this parcel (an https address): the shopper’s mail links it.` };
  return { carrier: name, tracking, url };
}
