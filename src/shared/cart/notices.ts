import { MAX_LINES, MAX_QUANTITY } from './cart.ts';

/** What the cart tells the shopper after a post it could not carry out (a status box without JavaScript, a toast with it). */
export interface CartNotice {
  tone: 'error' | 'info';
  text: string;
}

export const cartNotices = {
  empty: { tone: 'error', text: 'Your cart is empty: add a product before checking out.' },
  notForSale: { tone: 'error', text: 'That product cannot be added to the cart.' },
  soldOut: { tone: 'error', text: 'That product is out of stock.' },
  badQuantity: { tone: 'error', text: `Choose a quantity from 1 to ${MAX_QUANTITY}.` },
  lineFull: { tone: 'error', text: `Your cart already has ${MAX_QUANTITY} of that product, the most one order can take.` },
  cartFull: { tone: 'error', text: `Your cart holds ${MAX_LINES} different products at most: remove one to add another.` },
  unavailable: { tone: 'error', text: 'Checkout is unavailable right now. Your cart is kept: please try again in a few minutes.' },
  tooManyCheckouts: { tone: 'error', text: 'Too many checkouts from your network just now: please wait a few minutes and try again.' },
  tooManyHeld: {
    tone: 'error',
    text: 'Your network already holds many items in open checkouts: finish or wait for those, or contact us for a large order.',
  },
  oneByOne: { tone: 'info', text: 'Each item is paid on its own secure payment page: use the Buy Now button beside each item.' },
} as const satisfies Record<string, CartNotice>;

/** Cart lines the shop cannot fill as they stand, by name: what the cart holds and what is left. */
export function shortNotice(lines: ReadonlyArray<{ name: string; wanted: number; available: number }>): CartNotice {
  const each = lines.map(({ name, wanted, available }) =>
    available === 0 ? `${name} is out of stock` : `${name} has ${available} left (your cart has ${wanted})`,
  );
  return { tone: 'error', text: `Not enough stock: ${each.join('; ')}. Change the quantity or remove the item to check out.` };
}
