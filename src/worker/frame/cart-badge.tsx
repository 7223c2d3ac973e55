import { cartBadgeLabel } from '#shared/cart/cart.ts';
import { CART_COUNT_CLASS } from '#shared/visitor/visitor-parts.ts';
import { useHref } from '#ui/state/market-context.ts';

/**
 * The header's cart link with the number of items, from the cart cookie in the first HTML (a kept page
 * has them filled in as it is served: shared/visitor/visitor-parts.ts writes the same). No island:
 * src/client/cart/badge.ts follows the cookie in the browser (adds in place, other tabs, back/forward)
 * without React.
 */
export function CartBadge({ count }: { count: number }) {
  const to = useHref();
  return (
    <a
      href={to('/cart')}
      aria-label={cartBadgeLabel(count)}
      data-cart-badge={CART_COUNT_CLASS}
      className="relative block rounded p-2 hover:bg-stone-800 focus-visible:outline-2 focus-visible:outline-white"
    >
      <svg aria-hidden="true" width="24" height="24" viewBox="0 0 24 24" fill="none" stroke="currentColor" strokeWidth="2">
        <circle cx="9" cy="21" r="1" />
        <circle cx="20" cy="21" r="1" />
        <path d="M1 1h4l2.7 13.4a2 2 0 0 0 2 1.6h9.7a2 2 0 0 0 2-1.6L23 6H6" />
      </svg>
      {count > 0 && (
        <span aria-hidden="true" data-cart-count="" className={CART_COUNT_CLASS}>
          {count}
        </span>
      )}
    </a>
  );
}
