import type { PromoMessage } from '#shared/site/promotions.ts';
import { MOBILE_BREAKPOINT_PX, PROMO_INTERVAL_MS, PROMO_VISIBLE_NARROW, PROMO_VISIBLE_WIDE, stepPromo } from '#shared/site/promo-rules.ts';

/**
 * Runs the server-rendered promotional strip (src/worker/frame/promo-strip.tsx) without
 * React: 3 messages on wide screens and 1 on narrow, advancing every 3 s and wrapping to the start;
 * the arrows step both ways. It stops while hovered or focused (and its list is then a polite live
 * region, so arrow steps are announced), and never moves for visitors who prefer reduced motion.
 */
export function armPromoStrip(): void {
  const strip = document.querySelector<HTMLElement>('[data-promo-strip]');
  const list = strip?.querySelector<HTMLElement>('[data-messages]');
  if (!strip || !list) return;
  const messages = JSON.parse(list.dataset.messages ?? '[]') as PromoMessage[];
  const items = [...list.querySelectorAll<HTMLElement>('li')];
  const wide = matchMedia(`(min-width: ${MOBILE_BREAKPOINT_PX}px)`);
  const reducedMotion = matchMedia('(prefers-reduced-motion: reduce)');
  let start = 0;

  const step = (delta: 1 | -1) => {
    start = stepPromo(start, delta, messages.length, wide.matches ? PROMO_VISIBLE_WIDE : PROMO_VISIBLE_NARROW);
    items.forEach((li, i) => {
      const message = messages[start + i] ?? { text: '' };
      // An offer stays a link as it rotates (Subscribe & Save leads to the sign-up).
      const link = message.href ? Object.assign(document.createElement('a'), { href: message.href, className: 'underline' }) : null;
      if (link) link.textContent = message.text;
      li.replaceChildren(link ?? message.text);
      li.dataset.promo = message.text;
    });
  };
  const paused = () => strip.matches(':hover, :focus-within');

  for (const button of strip.querySelectorAll<HTMLElement>('[data-promo-step]')) {
    button.addEventListener('click', () => step(button.dataset.promoStep === '-1' ? -1 : 1));
  }
  const announce = () => list.setAttribute('aria-live', paused() ? 'polite' : 'off');
  for (const type of ['pointerenter', 'pointerleave', 'focusin', 'focusout']) strip.addEventListener(type, () => setTimeout(announce));
  // A tick that finds the strip hovered, focused or the visitor preferring calm skips its step.
  setInterval(() => {
    if (!paused() && !reducedMotion.matches) step(1);
  }, PROMO_INTERVAL_MS);
}
