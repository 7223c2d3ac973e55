import type { AnalyticsItem } from '#shared/catalogue/item-events.ts';
import type { PaymentLinks } from '#shared/catalogue/types.ts';
import { redirectToPaymentLink } from '#ui/state/payment-redirect.ts';

const PENDING = 'Redirecting…';

function setPending(form: HTMLFormElement, pending: boolean): void {
  const button = form.querySelector<HTMLButtonElement>('button[type="submit"]');
  const label = form.querySelector<HTMLElement>('[data-buy-label]');
  if (pending) form.dataset.pending = '';
  else delete form.dataset.pending;
  if (button) {
    button.disabled = pending;
    if (pending) button.setAttribute('aria-busy', 'true');
    else button.removeAttribute('aria-busy');
    button.setAttribute('aria-label', button.getAttribute('aria-label')!.replace(/^[^:]+/, pending ? PENDING : 'Buy Now'));
  }
  if (label) label.textContent = pending ? PENDING : 'Buy Now';
}

/**
 * Buy Now without React (forms marked data-buy-now, src/ui/shop/buy-button.tsx), so the
 * first tap navigates at once whether or not an island has hydrated: the press records
 * begin_checkout, shows "Redirecting…" and goes to the payment link for the region the page shows,
 * with the campaign kept from earlier pages; a second press while it leaves does nothing. Without a
 * link the form posts (the server's answer decides). Back from the payment page (bfcache), the button
 * is pressable again.
 */
export function armBuyNow(): void {
  document.addEventListener(
    'submit',
    (event) => {
      const form = event.target;
      if (!(form instanceof HTMLFormElement) || !form.hasAttribute('data-buy-now')) return;
      const { links, item } = form.dataset;
      if (form.dataset.pending !== undefined) {
        event.preventDefault();
        return;
      }
      if (!links || !item) return;
      setPending(form, true);
      if (redirectToPaymentLink(JSON.parse(links) as PaymentLinks, JSON.parse(item) as AnalyticsItem)) event.preventDefault();
      else setPending(form, false);
    },
    true,
  );
  addEventListener('pageshow', (event) => {
    if (!event.persisted) return;
    for (const form of document.querySelectorAll<HTMLFormElement>('form[data-buy-now][data-pending]')) setPending(form, false);
  });
}
