import { describe, expect, it } from 'vitest';
import { detectRegion, type Coordinates, type DetectionSteps } from '#shared/region/detection.ts';

const PARIS: Coordinates = { latitude: 48.85, longitude: 2.35 };

/** A browser where every step works and answers a different country; `change` breaks steps. */
function browser(change: Partial<DetectionSteps> = {}) {
  const calls: string[] = [];
  const steps: DetectionSteps = {
    geolocation: {
      position: async () => {
        calls.push('position');
        return PARIS;
      },
      reverseGeocode: async (at) => {
        calls.push(`reverse ${at.latitude},${at.longitude}`);
        return 'FR';
      },
    },
    edgeCountry: 'GB',
    ipLookup: async () => {
      calls.push('ip');
      return 'US';
    },
    language: () => {
      calls.push('language');
      return 'de-AT';
    },
    ...change,
  };
  return { steps, calls };
}

const fail = async (): Promise<never> => {
  throw new Error('step failed');
};

describe('browser detection chain', () => {
  it('uses geolocation first, reverse-geocoding the position, and asks nothing further', async () => {
    const { steps, calls } = browser({ edgeCountry: null });
    expect(await detectRegion(steps)).toEqual({ region: 'EU', country: 'FR', source: 'browser_geolocation' });
    expect(calls).toEqual(['position', 'reverse 48.85,2.35']);
  });

  it('maps a geolocated GB to UK', async () => {
    const { steps } = browser({ geolocation: { position: async () => PARIS, reverseGeocode: async () => 'GB' } });
    expect(await detectRegion(steps)).toMatchObject({ region: 'UK', country: 'GB', source: 'browser_geolocation' });
  });

  it('falls to the edge country when the position is denied, without calling the IP lookup', async () => {
    const { steps, calls } = browser({ geolocation: { position: fail, reverseGeocode: async () => 'FR' } });
    expect(await detectRegion(steps)).toEqual({ region: 'UK', country: 'GB', source: 'ip_geolocation' });
    expect(calls).toEqual([]);
  });

  it('falls to the edge country when reverse-geocoding fails or answers no country', async () => {
    for (const reverseGeocode of [fail, async () => undefined, async () => '', async () => 'XX', async () => 42]) {
      const { steps } = browser({ geolocation: { position: async () => PARIS, reverseGeocode } });
      expect(await detectRegion(steps)).toMatchObject({ region: 'UK', source: 'ip_geolocation' });
    }
  });

  it('skips geolocation entirely when the operator turned it off', async () => {
    const { steps, calls } = browser({ geolocation: 'off', edgeCountry: 'US' });
    expect(await detectRegion(steps)).toEqual({ region: 'US', country: 'US', source: 'ip_geolocation' });
    expect(calls).toEqual([]);
  });

  it('ends with EU flagged BROWSER_NOT_SUPPORTED when the browser has no geolocation', async () => {
    const { steps, calls } = browser({ geolocation: 'unsupported' });
    expect(await detectRegion(steps)).toEqual({
      region: 'EU',
      country: null,
      source: 'default',
      error: 'BROWSER_NOT_SUPPORTED',
    });
    expect(calls).toEqual([]);
  });

  it('calls the IP lookup only when the edge gave no country', async () => {
    const { steps, calls } = browser({ geolocation: 'off', edgeCountry: null });
    expect(await detectRegion(steps)).toEqual({ region: 'US', country: 'US', source: 'ip_geolocation' });
    expect(calls).toEqual(['ip']);
    const unknown = browser({ geolocation: 'off', edgeCountry: 'XX' });
    expect(await detectRegion(unknown.steps)).toMatchObject({ source: 'ip_geolocation', country: 'US' });
    expect(unknown.calls).toEqual(['ip']);
  });

  it('falls to the browser language when the IP lookup fails or answers junk', async () => {
    for (const ipLookup of [fail, async () => null, async () => 'Germany']) {
      const { steps, calls } = browser({ geolocation: 'off', edgeCountry: null, ipLookup });
      expect(await detectRegion(steps)).toEqual({ region: 'EU', country: 'AT', source: 'browser_language' });
      expect(calls).toEqual(['language']);
    }
    const { steps } = browser({ geolocation: 'off', edgeCountry: null, ipLookup: fail, language: () => 'en-US' });
    expect(await detectRegion(steps)).toMatchObject({ region: 'US', source: 'browser_language' });
  });

  it('defaults to EU when the language has no country part or cannot be read', async () => {
    for (const language of [
      () => 'en',
      () => undefined,
      () => {
        throw new Error('no navigator');
      },
    ]) {
      const { steps } = browser({ geolocation: 'off', edgeCountry: null, ipLookup: fail, language });
      expect(await detectRegion(steps)).toEqual({ region: 'EU', country: null, source: 'default' });
    }
  });

  it('walks every step in order when each one before fails', async () => {
    const { steps, calls } = browser({
      geolocation: {
        position: async () => {
          calls.push('position');
          throw new Error('denied');
        },
        reverseGeocode: fail,
      },
      edgeCountry: null,
      ipLookup: async () => {
        calls.push('ip');
        throw new Error('offline');
      },
      language: () => {
        calls.push('language');
        return 'fr';
      },
    });
    expect(await detectRegion(steps)).toEqual({ region: 'EU', country: null, source: 'default' });
    expect(calls).toEqual(['position', 'ip', 'language']);
  });
});
