/**
 * The cart: product ids and quantities, kept in a small cookie so the header badge and /cart are
 * right in the first HTML without a database read. Format: `id:quantity` entries joined by `|`
 * (characters a cookie value may hold), e.g. `1:2|3:1`.
 */
export const CART_COOKIE = 'cart';
export const MIN_QUANTITY = 1;
export const MAX_QUANTITY = 10;
/** One line per catalogue product at most. */
export const MAX_LINES = 15;
/** Longer than 15 full lines can be: not ours. */
const MAX_COOKIE_LENGTH = 160;
/** How long an untouched cart is kept (seconds). */
export const CART_MAX_AGE = 60 * 60 * 24 * 30;

export interface CartLine {
  id: number;
  quantity: number;
}

/**
 * One entry: a positive whole id and a quantity of 1-10. Checked by hand rather than with zod: the
 * header badge parses the cookie in every page's browser code, where zod/mini would add 5.8 KB gzip.
 */
function parseEntry(entry: string): CartLine | null {
  const match = /^(\d{1,6}):(\d{1,2})$/.exec(entry);
  if (!match) return null;
  const id = Number(match[1]);
  const quantity = Number(match[2]);
  return id > 0 && quantity >= MIN_QUANTITY && quantity <= MAX_QUANTITY ? { id, quantity } : null;
}

export interface ParsedCart {
  lines: CartLine[];
  /** Entries left out, with the reason, for the log. */
  dropped: string[];
}

/**
 * Reads the cookie value. Entries that do not parse and quantities out of range are dropped and
 * named in `dropped`; a repeated id is merged. Whether an id is a product is the catalogue's word.
 */
export function parseCart(raw: string | null | undefined): ParsedCart {
  const dropped: string[] = [];
  let lines: CartLine[] = [];
  if (!raw) return { lines, dropped };
  if (raw.length > MAX_COOKIE_LENGTH) return { lines, dropped: [`too long (${raw.length} characters)`] };
  for (const entry of raw.split('|')) {
    const line = parseEntry(entry);
    if (!line) {
      dropped.push(`malformed or out of range: ${entry.slice(0, 20)}`);
      continue;
    }
    if (!lines.some((l) => l.id === line.id) && lines.length >= MAX_LINES) {
      dropped.push(`too many lines: ${entry}`);
      continue;
    }
    lines = addToCart(lines, line.id, line.quantity);
  }
  return { lines, dropped };
}

export function serializeCart(lines: readonly CartLine[]): string {
  return lines.map((l) => `${l.id}:${l.quantity}`).join('|');
}

/** A quantity from a form: whole numbers clamped to 1-10; anything else is null. */
export function parseQuantity(raw: unknown): number | null {
  if (typeof raw !== 'string' && typeof raw !== 'number') return null;
  const n = Number(raw);
  if (!Number.isFinite(n) || String(raw).trim() === '') return null;
  return clampQuantity(Math.trunc(n));
}

export function clampQuantity(n: number): number {
  return Math.min(MAX_QUANTITY, Math.max(MIN_QUANTITY, n));
}

/** Adds to the product's line (created at the end when new); the total stays within 1-10. */
export function addToCart(lines: readonly CartLine[], id: number, quantity: number): CartLine[] {
  const existing = lines.find((l) => l.id === id);
  if (!existing) return lines.length >= MAX_LINES ? [...lines] : [...lines, { id, quantity: clampQuantity(quantity) }];
  return lines.map((l) => (l.id === id ? { id, quantity: clampQuantity(l.quantity + quantity) } : l));
}

/**
 * Why adding this product would change nothing, if it would: its line already holds the most one
 * order takes, or the cart already has the most lines. A partial add (8 + 5 → 10) is an add.
 */
export function fullFor(lines: readonly CartLine[], id: number): 'line' | 'cart' | null {
  const existing = lines.find((l) => l.id === id);
  if (existing) return existing.quantity >= MAX_QUANTITY ? 'line' : null;
  return lines.length >= MAX_LINES ? 'cart' : null;
}

/** Sets a line's quantity (clamped to 1-10); a product not in the cart is left out. */
export function setQuantity(lines: readonly CartLine[], id: number, quantity: number): CartLine[] {
  return lines.map((l) => (l.id === id ? { id, quantity: clampQuantity(quantity) } : l));
}

export function removeFromCart(lines: readonly CartLine[], id: number): CartLine[] {
  return lines.filter((l) => l.id !== id);
}

/**
 * The cart once an order is paid: each bought quantity taken off its line, a line left at nothing
 * removed. What was added since (in another tab, more of a product) stays.
 */
export function withoutBought(
  lines: readonly CartLine[],
  bought: ReadonlyArray<{ productId: number | null; quantity: number }>,
): CartLine[] {
  return lines
    .map((l) => ({ id: l.id, quantity: l.quantity - bought.filter((b) => b.productId === l.id).reduce((n, b) => n + b.quantity, 0) }))
    .filter((l) => l.quantity > 0);
}

/** The header badge's accessible name, e.g. 'Cart, 3 items'. */
export function cartBadgeLabel(count: number): string {
  return count === 0 ? 'Cart' : `Cart, ${count} ${count === 1 ? 'item' : 'items'}`;
}

/** The header badge: items, not lines. */
export function itemCount(lines: readonly CartLine[]): number {
  return lines.reduce((sum, l) => sum + l.quantity, 0);
}
