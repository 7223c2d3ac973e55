import { CONSENT_STORAGE_KEY, consentCookie, consentSignals, isConsentChoice, type ConsentChoice } from '#shared/visitor/consent.ts';

declare global {
  interface Window {
    gtag?: (...args: unknown[]) => void;
  }
}

export function storedConsent(): ConsentChoice | null {
  try {
    const value = localStorage.getItem(CONSENT_STORAGE_KEY);
    return isConsentChoice(value) ? value : null;
  } catch (err) {
    console.warn('localStorage unavailable', err);
    return null;
  }
}

/** Remembers the choice (localStorage, and the cookie the server reads) and tells Google's tags (Consent Mode 'update'). */
export function saveConsent(choice: ConsentChoice): void {
  try {
    localStorage.setItem(CONSENT_STORAGE_KEY, choice);
  } catch (err) {
    console.warn('could not remember the consent choice', err);
  }
  document.cookie = consentCookie(choice, { secure: location.protocol === 'https:' });
  window.gtag?.('consent', 'update', consentSignals(choice));
}
