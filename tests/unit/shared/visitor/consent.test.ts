import { describe, expect, it } from 'vitest';
import {
  consentCookie,
  consentReturnPath,
  consentSignals,
  defaultConsent,
  isConsentChoice,
  shouldAskConsent,
} from '#shared/visitor/consent.ts';

describe('consent', () => {
  it('denies by default for UK and EU visitors and grants for US visitors', () => {
    expect(defaultConsent('UK')).toBe('denied');
    expect(defaultConsent('EU')).toBe('denied');
    expect(defaultConsent('US')).toBe('granted');
  });

  it('asks UK/EU visitors who have not chosen, nobody else', () => {
    expect(shouldAskConsent('EU', null)).toBe(true);
    expect(shouldAskConsent('UK', 'granted')).toBe(false);
    expect(shouldAskConsent('US', null)).toBe(false);
  });

  it('sets all four Consent Mode v2 signals', () => {
    expect(consentSignals('denied')).toEqual({
      ad_storage: 'denied',
      ad_user_data: 'denied',
      ad_personalization: 'denied',
      analytics_storage: 'denied',
    });
    expect(isConsentChoice('granted')).toBe(true);
    expect(isConsentChoice('yes')).toBe(false);
  });
});

describe('consent cookie and return path', () => {
  it('writes the cookie for the whole site for a year, Secure over https', () => {
    expect(consentCookie('granted', { secure: false })).toBe('consent=granted; Path=/; Max-Age=31536000; SameSite=Lax');
    expect(consentCookie('denied', { secure: true })).toBe('consent=denied; Path=/; Max-Age=31536000; SameSite=Lax; Secure');
  });

  it('returns only to a path on this site', () => {
    expect(consentReturnPath('/faq?x=1')).toBe('/faq?x=1');
    for (const bad of ['//evil.example', '/\\evil.example', 'https://evil.example/', '', undefined, 42])
      expect(consentReturnPath(bad)).toBe('/');
  });

  it('refuses what a browser would turn into another host: tabs, newlines, control characters, backslashes anywhere', () => {
    // '/%09/evil.com' arrives decoded; browsers drop the tab from a Location and go to //evil.com.
    for (const bad of ['/\t/evil.com', '/\n/evil.com', '/\r//evil.com', '/\u0000/x', '/a\\b', '/\x7f/evil.com'])
      expect(consentReturnPath(bad)).toBe('/');
    expect(consentReturnPath('/guides?q=a%09b#top')).toBe('/guides?q=a%09b#top');
  });
});
