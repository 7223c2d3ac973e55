/** Events that show the visitor is using the island: each starts its hydration. */
const TRIGGERS = ['pointerover', 'pointerdown', 'touchstart', 'focusin', 'keydown', 'click', 'change'] as const;
/** What a held click may have been aimed at (its default action waits with it). */
const ACTIONABLE = 'a[href], button, summary, [role="button"], [role="tab"], [role="menuitem"]';

/**
 * Until the island has hydrated, its first interaction is kept and played again once React
 * listens, so it is never lost:
 * - a plain click on a link or button is held back (its default too: following the link, posting
 *   the form) and dispatched again, so the click that opened the menu still opens it;
 * - a `change` (a <select> picked before hydration) is dispatched again with the chosen value;
 * - a mouse resting on the island gets pointerover/pointermove again, so hover menus open.
 * Focus needs nothing: hydration keeps the server's DOM nodes, so the focused one stays focused.
 * `hydrate` starts (or joins) the island's hydration and settles when it has committed.
 */
export function replayFirstInteraction(el: HTMLElement, hydrate: () => Promise<void>): void {
  let click: { target: Element; init: MouseEventInit } | null = null;
  /** The control a held click was aimed at: it shows the press at once (data-pending, styles.css) until React takes over. */
  let pressed: Element | null = null;
  let change: { target: HTMLSelectElement | HTMLInputElement; value: string } | null = null;
  let hover: Element | null = null;
  let waiting = false;

  const replay = () => {
    for (const type of TRIGGERS) el.removeEventListener(type, onEvent, true);
    if (change) {
      change.target.value = change.value; // hydrating a controlled <select> may have put the server's value back
      change.target.dispatchEvent(new Event('change', { bubbles: true }));
    }
    if (click) click.target.dispatchEvent(new MouseEvent('click', click.init));
    else if (hover?.matches(':hover')) {
      const init: PointerEventInit = { bubbles: true, composed: true, pointerType: 'mouse', isPrimary: true };
      hover.dispatchEvent(new PointerEvent('pointerover', init));
      hover.dispatchEvent(new PointerEvent('pointermove', init));
    }
  };

  function onEvent(event: Event) {
    if (el.dataset.hydrated) return;
    const target = event.target;
    if (!(target instanceof Element)) return;
    // Buy Now and Add to cart work without React (src/client/cart/buy-now.ts, cart/add-to-cart.ts): their press goes straight through.
    if (target.closest('form[data-buy-now], form[data-add-to-cart]')) return;
    if (event.type === 'click') {
      const e = event as MouseEvent;
      // A modified or middle click (new tab, new window) is the browser's own business.
      if (e.button !== 0 || e.ctrlKey || e.metaKey || e.shiftKey || e.altKey) return;
      const actionable = target.closest(ACTIONABLE);
      if (!actionable || !el.contains(actionable)) return;
      event.preventDefault();
      event.stopPropagation();
      if (!pressed) {
        pressed = actionable;
        actionable.setAttribute('data-pending', '');
      }
      click ??= {
        target,
        init: { bubbles: true, cancelable: true, composed: true, button: 0, detail: e.detail, clientX: e.clientX, clientY: e.clientY },
      };
    } else if (event.type === 'change' && (target instanceof HTMLSelectElement || target instanceof HTMLInputElement)) {
      change = { target, value: target.value };
    } else if (event.type === 'pointerover' && (event as PointerEvent).pointerType === 'mouse') {
      hover = target;
    }
    if (waiting) return;
    waiting = true;
    void hydrate().then(replay);
  }

  // Only a click is ever held back; the others stay passive so touch scrolling never waits on this.
  for (const type of TRIGGERS) el.addEventListener(type, onEvent, { capture: true, passive: type !== 'click' });
}
