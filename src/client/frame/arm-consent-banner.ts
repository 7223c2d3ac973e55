import { isConsentChoice, type ConsentChoice } from '#shared/visitor/consent.ts';
import { saveConsent, storedConsent } from './consent-storage.ts';
import { toast } from '#ui/state/toast-store.ts';

const describe = (choice: ConsentChoice) => `Current choice: ${choice === 'granted' ? 'accepted' : 'rejected'}.`;

/** Every place the page says the current choice (the banner's, the cookie settings page's). */
const currents = () => document.querySelectorAll<HTMLElement>('[data-consent-current]');

/**
 * Makes the consent forms (the server-rendered banner, src/worker/frame/consent-banner.tsx, and the
 * cookie settings page) save the choice in place instead of posting it, and lets any
 * [data-open-consent] link (the footer's "Cookie settings", a page of its own without JavaScript)
 * reopen the banner with focus on its heading. Plain DOM: the banner needs no React.
 */
export function armConsentBanner(): void {
  const banner = document.querySelector<HTMLElement>('[data-consent-banner]');
  if (!banner) return;
  const stored = storedConsent();
  if (stored) for (const current of currents()) current.textContent = describe(stored);

  document.addEventListener('submit', (event) => {
    if (!(event.target as Element | null)?.matches?.('form[data-consent-form]')) return;
    const choice = (event.submitter as HTMLButtonElement | null)?.value;
    if (!isConsentChoice(choice)) return; // not one of the two buttons: let the post decide
    event.preventDefault();
    saveConsent(choice);
    document.documentElement.dataset.consent = choice;
    for (const current of currents()) current.textContent = describe(choice);
    banner.hidden = true;
    delete banner.dataset.reopened;
    toast({
      title: 'Cookie preferences saved',
      description: choice === 'granted' ? 'Analytics cookies are on.' : 'Only essential cookies are used.',
    });
  });

  document.addEventListener('click', (event) => {
    if (!(event.target as Element | null)?.closest?.('[data-open-consent]')) return;
    event.preventDefault();
    banner.hidden = false;
    banner.dataset.reopened = 'true';
    banner.querySelector<HTMLElement>('#consent-heading')?.focus();
  });
}
