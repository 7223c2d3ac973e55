import { describe, expect, it } from 'vitest';
import {
  countryFromAcceptLanguage,
  countryFromLanguageTag,
  currencyByRegion,
  isRegion,
  normaliseCountry,
  regionFromCountry,
  resolveRegion,
} from '#shared/region/region.ts';

describe('country to region', () => {
  it('maps all 27 EU member states to EU', () => {
    const members = 'AT BE BG HR CY CZ DK EE FI FR DE GR HU IE IT LV LT LU MT NL PL PT RO SK SI ES SE'.split(' ');
    expect(members).toHaveLength(27);
    for (const country of members) expect(regionFromCountry(country)).toBe('EU');
  });

  it('maps GB and UK to UK, US to US, case-insensitively', () => {
    expect(regionFromCountry('GB')).toBe('UK');
    expect(regionFromCountry('uk')).toBe('UK');
    expect(regionFromCountry('US')).toBe('US');
    expect(regionFromCountry(' us ')).toBe('US');
  });

  it('maps every other country to EU', () => {
    for (const country of ['JP', 'CH', 'NO', 'CA', 'AU', 'BR', 'UA']) expect(regionFromCountry(country)).toBe('EU');
  });

  it('gives each region its currency', () => {
    expect(currencyByRegion).toEqual({ UK: 'GBP', EU: 'EUR', US: 'USD' });
  });
});

describe('saved preference', () => {
  it('accepts exactly UK, EU or US', () => {
    expect(isRegion('UK')).toBe(true);
    expect(isRegion('EU')).toBe(true);
    expect(isRegion('US')).toBe(true);
    for (const bad of ['uk', 'GB', 'USD', '', ' UK', null, undefined, 1]) expect(isRegion(bad)).toBe(false);
  });
});

describe('request country', () => {
  it("ignores Cloudflare's unknown and Tor markers and junk", () => {
    expect(normaliseCountry('de')).toBe('DE');
    for (const bad of ['XX', 'T1', '', 'DEU', '1A', null, undefined]) expect(normaliseCountry(bad)).toBeNull();
  });
});

describe('browser language', () => {
  it('takes the country part of one tag', () => {
    expect(countryFromLanguageTag('en-GB')).toBe('GB');
    expect(countryFromLanguageTag('de-at')).toBe('AT');
    expect(countryFromLanguageTag('en')).toBeNull();
    expect(countryFromLanguageTag('zh-Hant-TW')).toBeNull();
    expect(countryFromLanguageTag('')).toBeNull();
    expect(countryFromLanguageTag(undefined)).toBeNull();
  });
});

describe('Accept-Language', () => {
  it('takes the country of the most preferred tag that has one', () => {
    expect(countryFromAcceptLanguage('en-GB,en;q=0.9')).toBe('GB');
    expect(countryFromAcceptLanguage('fr;q=0.9,de-AT;q=0.8,en-US;q=0.95')).toBe('US');
    expect(countryFromAcceptLanguage('en')).toBeNull();
    expect(countryFromAcceptLanguage('en-US;q=0,de')).toBeNull();
    expect(countryFromAcceptLanguage('zh-Hant-TW')).toBeNull();
    expect(countryFromAcceptLanguage('')).toBeNull();
    expect(countryFromAcceptLanguage(undefined)).toBeNull();
  });
});

describe('server resolution order', () => {
  it('prefers the saved cookie over country and language', () => {
    expect(resolveRegion({ saved: 'US', country: 'GB', acceptLanguage: 'de-DE' })).toEqual({
      region: 'US',
      source: 'cookie',
      country: 'GB',
    });
  });

  it('ignores an invalid saved value and falls to the country', () => {
    expect(resolveRegion({ saved: 'MARS', country: 'GB' })).toMatchObject({ region: 'UK', source: 'country' });
  });

  it('uses Accept-Language when the country is unknown', () => {
    expect(resolveRegion({ country: 'XX', acceptLanguage: 'en-US,en' })).toMatchObject({
      region: 'US',
      source: 'accept-language',
    });
  });

  it('defaults to EU', () => {
    expect(resolveRegion({})).toEqual({ region: 'EU', source: 'default', country: null });
    expect(resolveRegion({ acceptLanguage: 'en' })).toMatchObject({ region: 'EU', source: 'default' });
  });
});
