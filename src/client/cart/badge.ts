import { cartBadgeLabel } from '#shared/cart/cart.ts';
import { getCartCount, subscribeCart } from '#ui/cart/cart-store.ts';

/**
 * Keeps the server-rendered header badge (src/worker/frame/cart-badge.tsx) in step with the
 * cart cookie: an add in place, another tab's change when this one is focused again, a page shown
 * from the back/forward cache. Plain DOM, so no page loads React for it.
 */
export function armCartBadge(): void {
  const link = document.querySelector<HTMLAnchorElement>('a[data-cart-badge]');
  if (!link) return;
  const render = () => {
    const count = getCartCount();
    link.setAttribute('aria-label', cartBadgeLabel(count));
    let bubble = link.querySelector<HTMLElement>('[data-cart-count]');
    if (count === 0) return bubble?.remove();
    if (!bubble) {
      bubble = document.createElement('span');
      bubble.setAttribute('aria-hidden', 'true');
      bubble.dataset.cartCount = '';
      bubble.className = link.dataset.cartBadge ?? '';
      link.append(bubble);
    }
    bubble.textContent = String(count);
  };
  subscribeCart(render);
  render();
}
