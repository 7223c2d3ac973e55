import { describe, expect, it } from 'vitest';
import { consentSignals, defaultConsent, isConsentChoice, shouldAskConsent } from '#shared/site/consent.ts';

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
