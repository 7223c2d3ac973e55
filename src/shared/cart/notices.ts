/** What the cart tells the shopper after a post it could not carry out (a status box without JavaScript, a toast with it). */
export interface CartNotice {
  tone: 'error' | 'info';
  text: string;
}

export const cartNotices = {
  empty: { tone: 'error', text: 'Your cart is empty: add a product before checking out.' },
  notForSale: { tone: 'error', text: 'That product cannot be added to the cart.' },
  badQuantity: { tone: 'error', text: 'Choose a quantity from 1 to 10.' },
  unavailable: { tone: 'error', text: 'Checkout is unavailable right now. Your cart is kept: please try again in a few minutes.' },
  oneByOne: { tone: 'info', text: 'Each item is paid on its own secure payment page: use the Buy Now button beside each item.' },
} as const satisfies Record<string, CartNotice>;
