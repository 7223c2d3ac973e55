import { CONSENT_STORAGE_KEY, consentSignals, isConsentChoice, type ConsentChoice } from '#shared/site/consent.ts';

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

const listeners = new Set<() => void>();

export function subscribeConsent(listener: () => void): () => void {
  listeners.add(listener);
  return () => listeners.delete(listener);
}

/** Remembers the choice and tells Google's tags (Consent Mode 'update'). */
export function saveConsent(choice: ConsentChoice): void {
  try {
    localStorage.setItem(CONSENT_STORAGE_KEY, choice);
  } catch (err) {
    console.warn('could not remember the consent choice', err);
  }
  window.gtag?.('consent', 'update', consentSignals(choice));
  for (const l of listeners) l();
}
