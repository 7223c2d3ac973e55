import { TURNSTILE_SCRIPT_ID } from '#shared/contact/turnstile.ts';

/** The part of Turnstile's browser API the contact form uses. */
interface TurnstileApi {
  render(container: HTMLElement, options: { sitekey: string; action?: string }): string | undefined;
  reset(widgetId: string): void;
  remove(widgetId: string): void;
}

const api = () => (window as unknown as { turnstile?: TurnstileApi }).turnstile;

/**
 * Renders the widget into `container` once the page's Turnstile script has run (it is loaded with
 * the page, async), then hands `onReady` a reset. Returns a cleanup. The widget puts its token in a
 * hidden cf-turnstile-response input inside the container.
 */
export function mountTurnstile(container: HTMLElement, sitekey: string, onReady: (reset: () => void) => void): () => void {
  let widgetId: string | undefined;
  let gone = false;
  const render = () => {
    const turnstile = api();
    if (gone || !turnstile) return;
    widgetId = turnstile.render(container, { sitekey, action: 'contact' });
    onReady(() => widgetId !== undefined && turnstile.reset(widgetId));
  };
  // Not there yet means its load event is still to come (the script defines turnstile as it runs).
  const script = document.getElementById(TURNSTILE_SCRIPT_ID);
  if (api()) render();
  else script?.addEventListener('load', render, { once: true });
  return () => {
    gone = true;
    script?.removeEventListener('load', render);
    if (widgetId !== undefined) api()?.remove(widgetId);
  };
}
