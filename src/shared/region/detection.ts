import { countryFromLanguageTag, DEFAULT_REGION, normaliseCountry, regionFromCountry, type Region } from './region.ts';

/** Where a kept page's script asks the shop for the country the edge gave the visitor (never kept). */
export const EDGE_COUNTRY_PATH = '/_country';

/** The browser's position request gives up after 5 s. */
export const GEOLOCATION_TIMEOUT_MS = 5000;

/** Where a detected region came from. */
export type DetectionSource = 'browser_geolocation' | 'ip_geolocation' | 'browser_language' | 'localStorage' | 'default';

export interface DetectionResult {
  region: Region;
  /** The two-letter country the region was derived from; null for a saved choice or the default. */
  country: string | null;
  source: DetectionSource;
  /** Set only when the browser has no geolocation API. */
  error?: 'BROWSER_NOT_SUPPORTED';
}

export interface Coordinates {
  latitude: number;
  longitude: number;
}

/**
 * The steps of the browser's chain, injected so each can fail in turn under test. A step that
 * throws, rejects or answers anything but a country code falls to the next one.
 */
export interface DetectionSteps {
  /**
   * Browser geolocation reverse-geocoded to a country; 'off' when the operator turned it off,
   * 'unsupported' when the browser has no geolocation API.
   */
  geolocation: 'off' | 'unsupported' | { position(): Promise<Coordinates>; reverseGeocode(at: Coordinates): Promise<unknown> };
  /** The country the edge saw for this request (it replaces the IP lookup call when present). */
  edgeCountry: string | null;
  /** An IP geolocation service's country code. */
  ipLookup(): Promise<unknown>;
  /** The browser's language tag, e.g. en-GB. */
  language(): string | null | undefined;
}

const countryOf = (value: unknown) => (typeof value === 'string' ? normaliseCountry(value) : null);

async function attempt(step: () => Promise<unknown>): Promise<string | null> {
  try {
    return countryOf(await step());
  } catch {
    return null; // a failed step is not reported; detection moves on to the next one
  }
}

const found = (country: string, source: DetectionSource): DetectionResult => ({
  region: regionFromCountry(country),
  country,
  source,
});

/**
 * The chain for a visitor with no saved preference: geolocation, then the edge's
 * country or else the IP lookup, then the browser language, then EU. Geolocation being
 * unsupported ends the chain with EU flagged BROWSER_NOT_SUPPORTED, even if the edge knows the country.
 */
export async function detectRegion(steps: DetectionSteps): Promise<DetectionResult> {
  const { geolocation } = steps;
  if (geolocation === 'unsupported') {
    return { region: DEFAULT_REGION, country: null, source: 'default', error: 'BROWSER_NOT_SUPPORTED' };
  }
  if (geolocation !== 'off') {
    const country = await attempt(async () => geolocation.reverseGeocode(await geolocation.position()));
    if (country) return found(country, 'browser_geolocation');
  }
  const ipCountry = normaliseCountry(steps.edgeCountry) ?? (await attempt(steps.ipLookup));
  if (ipCountry) return found(ipCountry, 'ip_geolocation');
  const langCountry = await attempt(async () => countryFromLanguageTag(steps.language()));
  if (langCountry) return found(langCountry, 'browser_language');
  return { region: DEFAULT_REGION, country: null, source: 'default' };
}
