/** Regions, their currencies, and how a country or a saved value maps to one. */
export const regions = ['UK', 'EU', 'US'] as const;
export type Region = (typeof regions)[number];
export type Currency = 'GBP' | 'EUR' | 'USD';

export const DEFAULT_REGION: Region = 'EU';

export const currencyByRegion: Record<Region, Currency> = { UK: 'GBP', EU: 'EUR', US: 'USD' };
export const currencySymbol: Record<Currency, string> = { GBP: '£', EUR: '€', USD: '$' };

export function isRegion(value: unknown): value is Region {
  return typeof value === 'string' && (regions as readonly string[]).includes(value);
}

/** GB and UK give UK, US gives US; EU member states and every other country give EU. */
export function regionFromCountry(country: string): Region {
  const code = country.trim().toUpperCase();
  if (code === 'GB' || code === 'UK') return 'UK';
  if (code === 'US') return 'US';
  return 'EU';
}

/** A two-letter country code, or null for Cloudflare's unknown (XX) and Tor (T1) markers and junk. */
export function normaliseCountry(value: string | null | undefined): string | null {
  const code = value?.trim().toUpperCase();
  if (!code || !/^[A-Z]{2}$/.test(code) || code === 'XX' || code === 'T1') return null;
  return code;
}

/** The country part of one language tag: 'en-GB' gives GB, 'en' and 'zh-Hant-TW' give null. */
export function countryFromLanguageTag(tag: string | null | undefined): string | null {
  return normaliseCountry(tag?.split('-')[1]);
}

/** The country of the most preferred language tag that has one, e.g. 'de-AT,de;q=0.9' gives AT. */
export function countryFromAcceptLanguage(header: string | null | undefined): string | null {
  if (!header) return null;
  const tags = header
    .split(',')
    .map((part) => {
      const [tag = '', ...params] = part.trim().split(';');
      const q = params.map((p) => p.trim()).find((p) => p.startsWith('q='));
      return { tag: tag.trim(), q: q ? Number(q.slice(2)) : 1 };
    })
    .filter((t) => t.tag && t.q > 0)
    .toSorted((a, b) => b.q - a.q);
  for (const { tag } of tags) {
    const country = countryFromLanguageTag(tag);
    if (country) return country;
  }
  return null;
}

export type RegionSource = 'market' | 'cookie' | 'country' | 'accept-language' | 'default';
export interface ResolvedRegion {
  region: Region;
  source: RegionSource;
  country: string | null;
}

/** Server order: saved preference, then the request's country, then Accept-Language, then EU. */
export function resolveRegion(input: {
  saved?: string | null | undefined;
  country?: string | null | undefined;
  acceptLanguage?: string | null | undefined;
}): ResolvedRegion {
  const country = normaliseCountry(input.country);
  if (isRegion(input.saved)) return { region: input.saved, source: 'cookie', country };
  if (country) return { region: regionFromCountry(country), source: 'country', country };
  const langCountry = countryFromAcceptLanguage(input.acceptLanguage);
  if (langCountry) return { region: regionFromCountry(langCountry), source: 'accept-language', country: null };
  return { region: DEFAULT_REGION, source: 'default', country: null };
}
