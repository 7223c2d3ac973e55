/**
 * The mobile menu (src/worker/frame/mobile-menu.tsx) without React, so the first tap opens it at
 * once: the toggle shows the native modal dialog (the page behind is inert, Escape closes it and the
 * browser gives focus back to the toggle), Tab stays inside it, a tap on the backdrop or on any link
 * closes it, and Resources expands in place.
 */
export function armMobileMenu(): void {
  const dialog = document.querySelector<HTMLDialogElement>('dialog#mobile-menu');
  const toggle = document.querySelector<HTMLButtonElement>('[data-menu-open]');
  if (!dialog || !toggle) return;
  toggle.addEventListener('click', () => {
    dialog.showModal();
    toggle.setAttribute('aria-expanded', 'true');
  });
  dialog.addEventListener('close', () => toggle.setAttribute('aria-expanded', 'false'));
  dialog.addEventListener('click', (event) => {
    const target = event.target as Element;
    // The backdrop is the dialog element itself; the panel fills it only where its content is.
    if (target === dialog || target.closest('[data-menu-close]') || target.closest('a[href]')) dialog.close();
    const group = target.closest<HTMLButtonElement>('[data-menu-group]');
    if (group) {
      const open = group.getAttribute('aria-expanded') !== 'true';
      group.setAttribute('aria-expanded', String(open));
      document.getElementById(group.getAttribute('aria-controls')!)!.hidden = !open;
    }
  });
  // Tab and Shift+Tab wrap around inside the open menu instead of leaving for the browser's own controls.
  dialog.addEventListener('keydown', (event) => {
    if (event.key !== 'Tab') return;
    const focusable = [...dialog.querySelectorAll<HTMLElement>('a[href], button, select')].filter((el) => el.offsetParent !== null);
    const first = focusable[0];
    const last = focusable.at(-1);
    if (event.shiftKey && document.activeElement === first) {
      event.preventDefault();
      last?.focus();
    } else if (!event.shiftKey && document.activeElement === last) {
      event.preventDefault();
      first?.focus();
    }
  });
}
