import { describe, expect, it } from 'vitest';
import { preferenceCookie, PREFERENCE_KEY, savedRegion } from '#shared/region/preference.ts';

describe('saved region preference', () => {
  it('is stored under preferredCountry (localStorage and cookie alike)', () => {
    expect(PREFERENCE_KEY).toBe('preferredCountry');
  });

  it('accepts a stored value only if it is exactly UK, EU or US', () => {
    for (const ok of ['UK', 'EU', 'US'] as const) expect(savedRegion(ok)).toBe(ok);
    for (const bad of ['uk', 'GB', 'DE', 'GBP', 'UK ', '"UK"', '', null, undefined, 1]) expect(savedRegion(bad)).toBeNull();
  });

  it('writes a whole-site, one-year, SameSite=Lax cookie, Secure over https only', () => {
    expect(preferenceCookie('UK', { secure: false })).toBe('preferredCountry=UK; Path=/; Max-Age=31536000; SameSite=Lax');
    expect(preferenceCookie('US', { secure: true })).toBe('preferredCountry=US; Path=/; Max-Age=31536000; SameSite=Lax; Secure');
  });
});
