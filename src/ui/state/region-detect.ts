import { GEOLOCATION_TIMEOUT_MS, type Coordinates, type DetectionSteps } from '#shared/region/detection.ts';

/** What the browser's detection needs from the server: the request's country and the operator's settings. */
export interface DetectionConfig {
  /**
   * The country the edge (or CF-IPCountry on Node) gave the request, if any. A kept page (a market's,
   * or an unprefixed one, kept per region) is everyone's, so it carries none: its script asks
   * EDGE_COUNTRY_PATH, which is never kept.
   */
  country: string | null;
  geolocation: boolean;
  reverseGeocodeUrl: string;
  ipLookupUrl: string;
}

/** A slow service must not hold the chain (and the selector's spinner) forever. */
const SERVICE_TIMEOUT_MS = 5000;

async function getJson(url: URL | string): Promise<Record<string, unknown>> {
  const res = await fetch(url, {
    signal: AbortSignal.timeout(SERVICE_TIMEOUT_MS),
    credentials: 'omit',
    referrerPolicy: 'no-referrer',
  });
  if (!res.ok) throw new Error(`${res.status} from ${String(url)}`);
  return (await res.json()) as Record<string, unknown>;
}

/**
 * The browser's position, or a rejection within GEOLOCATION_TIMEOUT_MS of asking. The browser's own
 * timeout only starts once the visitor answers its permission prompt (the Geolocation API's rule), so
 * a prompt left unanswered would otherwise hold the chain, and the selectors' spinner, for ever.
 */
export function position(geolocation: Geolocation = navigator.geolocation, timeoutMs = GEOLOCATION_TIMEOUT_MS): Promise<Coordinates> {
  return new Promise((resolve, reject) => {
    const timer = setTimeout(() => reject(new Error('no position in time (the permission prompt was not answered)')), timeoutMs);
    geolocation.getCurrentPosition(
      ({ coords }) => {
        clearTimeout(timer);
        resolve({ latitude: coords.latitude, longitude: coords.longitude });
      },
      (err) => {
        clearTimeout(timer);
        reject(err);
      },
      // 5 s timeout, no cached position, low accuracy (a country is all we need).
      { timeout: timeoutMs, maximumAge: 0, enableHighAccuracy: false },
    );
  });
}

async function reverseGeocode(serviceUrl: string, at: Coordinates): Promise<unknown> {
  const url = new URL(serviceUrl); // may carry the operator's own parameters (e.g. an API key)
  url.searchParams.set('latitude', String(at.latitude));
  url.searchParams.set('longitude', String(at.longitude));
  url.searchParams.set('localityLanguage', 'en');
  return (await getJson(url)).countryCode;
}

/** The chain's steps as this browser performs them. */
export function browserDetectionSteps(config: DetectionConfig): DetectionSteps {
  const geolocation: DetectionSteps['geolocation'] = !config.geolocation
    ? 'off'
    : 'geolocation' in navigator
      ? { position: () => position(), reverseGeocode: (at) => reverseGeocode(config.reverseGeocodeUrl, at) }
      : 'unsupported';
  return {
    geolocation,
    edgeCountry: config.country,
    ipLookup: async () => (await getJson(config.ipLookupUrl)).country_code,
    language: () => navigator.language,
  };
}
