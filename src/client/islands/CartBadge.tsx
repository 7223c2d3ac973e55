import { useSyncExternalStore } from 'react';
import { getCartCount, subscribeCart } from '../cart/store';

/**
 * The header's cart link with the number of items. The server renders the count from the cart
 * cookie; in the browser it follows the cookie (adds in place, other tabs, back/forward).
 */
export default function CartBadge({ count: rendered }: { count: number }) {
  const count = useSyncExternalStore(subscribeCart, getCartCount, () => rendered);
  const label = count === 0 ? 'Cart' : `Cart, ${count} ${count === 1 ? 'item' : 'items'}`;
  return (
    <a
      href="/cart"
      aria-label={label}
      className="relative block rounded p-2 hover:bg-stone-800 focus-visible:outline-2 focus-visible:outline-white"
    >
      <svg aria-hidden="true" width="24" height="24" viewBox="0 0 24 24" fill="none" stroke="currentColor" strokeWidth="2">
        <circle cx="9" cy="21" r="1" />
        <circle cx="20" cy="21" r="1" />
        <path d="M1 1h4l2.7 13.4a2 2 0 0 0 2 1.6h9.7a2 2 0 0 0 2-1.6L23 6H6" />
      </svg>
      {count > 0 && (
        <span
          aria-hidden="true"
          data-cart-count
          className="absolute -right-0.5 -top-0.5 flex h-5 min-w-5 items-center justify-center rounded-full bg-red-700 px-1 text-xs font-bold text-white"
        >
          {count}
        </span>
      )}
    </a>
  );
}
