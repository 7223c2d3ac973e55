/**
 * What the mobile menu (src/worker/frame/mobile-menu.tsx, a native <details> that opens on the first
 * tap without any script) does beyond opening with JavaScript: Escape closes it and gives focus back to
 * its toggle, a tap outside it or on one of its links closes it.
 */
export function armMobileMenu(): void {
  const menu = document.querySelector<HTMLDetailsElement>('details[data-menu]');
  const toggle = menu?.querySelector<HTMLElement>('[data-menu-open]');
  if (!menu || !toggle) return;
  document.addEventListener('click', (event) => {
    if (!menu.open) return;
    const target = event.target as Element;
    if (!menu.contains(target) || target.closest('#mobile-menu a[href]')) menu.open = false;
  });
  document.addEventListener('keydown', (event) => {
    if (event.key !== 'Escape' || !menu.open) return;
    menu.open = false;
    toggle.focus();
  });
}
