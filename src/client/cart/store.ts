import { CART_COOKIE, itemCount, parseCart, type CartLine } from '#shared/cart/cart.ts';

/**
 * The cart as its cookie says (the server writes it; every form post and JSON answer updates it).
 * Read again whenever the page comes back into view (another tab may have changed it) and when it
 * is shown from the back/forward cache, so no count is ever stale.
 */
type Listener = () => void;

const listeners = new Set<Listener>();
let raw: string | undefined;
let lines: CartLine[] | undefined;
let watching = false;

function cookieValue(): string | undefined {
  const entry = document.cookie.split('; ').find((c) => c.startsWith(`${CART_COOKIE}=`));
  if (!entry) return undefined;
  try {
    return decodeURIComponent(entry.slice(CART_COOKIE.length + 1));
  } catch {
    return undefined;
  }
}

export function getCartLines(): CartLine[] {
  if (!lines) {
    raw = cookieValue();
    lines = parseCart(raw).lines;
  }
  return lines;
}

export function getCartCount(): number {
  return itemCount(getCartLines());
}

/** Re-reads the cookie; listeners hear of it only when it changed. */
export function refreshCart(): void {
  const next = cookieValue();
  if (lines && next === raw) return;
  raw = next;
  lines = parseCart(next).lines;
  for (const listener of listeners) listener();
}

function watch() {
  if (watching) return;
  watching = true;
  addEventListener('focus', refreshCart);
  addEventListener('pageshow', refreshCart);
  document.addEventListener('visibilitychange', () => {
    if (document.visibilityState === 'visible') refreshCart();
  });
}

export function subscribeCart(listener: Listener): () => void {
  watch();
  listeners.add(listener);
  return () => listeners.delete(listener);
}
