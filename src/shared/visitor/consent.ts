import { sameSitePath } from '#shared/site/safe-redirect.ts';
import type { Region } from '#shared/region/region.ts';

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

export const CONSENT_MAX_AGE_S = 365 * 24 * 60 * 60;

/**
 * The choice is also kept in a cookie of the same name, so the server leaves the banner out (and
 * sets the right Consent Mode defaults) on the next page, with or without JavaScript.
 */
export function consentCookie(choice: ConsentChoice, opts: { secure: boolean }): string {
  const parts = [`${CONSENT_STORAGE_KEY}=${choice}`, 'Path=/', `Max-Age=${CONSENT_MAX_AGE_S}`, 'SameSite=Lax'];
  if (opts.secure) parts.push('Secure');
  return parts.join('; ');
}

/** Where the banner's form post returns to: a path on this site only (the one check: sameSitePath), else home. */
export function consentReturnPath(value: unknown): string {
  return sameSitePath(value) ?? '/';
}
