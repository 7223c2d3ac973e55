import type { Region } from '../region/region';

/** Google Consent Mode v2: the choice a visitor made, remembered under this key. */
export const CONSENT_STORAGE_KEY = 'consent';
export type ConsentChoice = 'granted' | 'denied';

export function isConsentChoice(value: unknown): value is ConsentChoice {
  return value === 'granted' || value === 'denied';
}

/** UK and EU visitors are asked first (denied until they accept); US visitors start granted. */
export function defaultConsent(region: Region): ConsentChoice {
  return region === 'US' ? 'granted' : 'denied';
}

/** Whether the banner should ask: UK/EU visitors who have not chosen yet. */
export function shouldAskConsent(region: Region, stored: ConsentChoice | null): boolean {
  return stored === null && defaultConsent(region) === 'denied';
}

/** The consent object for gtag('consent', 'default' | 'update', …). */
export function consentSignals(choice: ConsentChoice) {
  return {
    ad_storage: choice,
    ad_user_data: choice,
    ad_personalization: choice,
    analytics_storage: choice,
  };
}
