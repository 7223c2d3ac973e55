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
/** Items added in place whose post has not answered yet: the count shows them at once. */
let adding = 0;

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
  return itemCount(getCartLines()) + adding;
}

function emit() {
  for (const listener of listeners) listener();
}

/**
 * Counts `quantity` items before the server has answered (Add to cart's first frame). The returned
 * function settles it once the answer is in: the cookie is read again, so a refused add drops out.
 */
export function expectAdded(quantity: number): () => void {
  adding += quantity;
  emit();
  let settled = false;
  return () => {
    if (settled) return;
    settled = true;
    adding -= quantity;
    if (!refreshCart()) emit();
  };
}

/** Re-reads the cookie; listeners hear of it only when it changed (the answer). */
export function refreshCart(): boolean {
  const next = cookieValue();
  if (lines && next === raw) return false;
  raw = next;
  lines = parseCart(next).lines;
  emit();
  return true;
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
