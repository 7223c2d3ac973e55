import { isConsentChoice, type ConsentChoice } from '#shared/visitor/consent.ts';
import { saveConsent, storedConsent } from './consent-storage.ts';
import { toast } from '#ui/state/toast-store.ts';

const describe = (choice: ConsentChoice) => `Current choice: ${choice === 'granted' ? 'accepted' : 'rejected'}.`;

/**
 * Makes the server-rendered consent banner (src/worker/frame/consent-banner.tsx) save the
 * choice in place instead of posting it, and lets any [data-open-consent] button (the footer's
 * "Cookie settings") reopen it with focus on its heading. Plain DOM: the banner needs no React.
 */
export function armConsentBanner(): void {
  const banner = document.querySelector<HTMLElement>('[data-consent-banner]');
  if (!banner) return;
  const form = banner.querySelector('form');
  const current = banner.querySelector<HTMLElement>('[data-consent-current]');
  const stored = storedConsent();
  if (stored && current) current.textContent = describe(stored);

  form?.addEventListener('submit', (event) => {
    const choice = (event.submitter as HTMLButtonElement | null)?.value;
    if (!isConsentChoice(choice)) return; // not one of the two buttons: let the post decide
    event.preventDefault();
    saveConsent(choice);
    document.documentElement.dataset.consent = choice;
    if (current) current.textContent = describe(choice);
    banner.hidden = true;
    delete banner.dataset.reopened;
    toast({
      title: 'Cookie preferences saved',
      description: choice === 'granted' ? 'Analytics cookies are on.' : 'Only essential cookies are used.',
    });
  });

  document.addEventListener('click', (event) => {
    if (!(event.target as Element | null)?.closest?.('[data-open-consent]')) return;
    banner.hidden = false;
    banner.dataset.reopened = 'true';
    banner.querySelector<HTMLElement>('#consent-heading')?.focus();
  });
}
