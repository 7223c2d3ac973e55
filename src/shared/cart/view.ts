import { productById, productPath } from '../catalogue/product';
import type { Product } from '../catalogue/types';
import type { CartLine } from './cart';

/** What /cart shows of a line; the page and its island get the same shape (every currency's price). */
export interface CartViewLine {
  id: number;
  name: string;
  href: string;
  image_url: string;
  image_alt: string;
  price: number;
  prices: Product['prices'];
  category_id: string;
  quantity: number;
  /** Units the shop has for this line (its stock read); absent when unknown. */
  available?: number;
}

/** Products that can be in a cart: in the catalogue (whether any is left is the stock's word, on the server). */
export function isCartable(id: number): boolean {
  return productById(id) !== undefined;
}

export function cartView(lines: readonly CartLine[]): CartViewLine[] {
  return lines.flatMap(({ id, quantity }) => {
    const p = productById(id);
    if (!p) return [];
    return [
      {
        id,
        name: p.name,
        href: productPath(p),
        image_url: p.image_url,
        image_alt: p.image_alt,
        price: p.price,
        prices: p.prices,
        category_id: p.category_id,
        quantity,
      },
    ];
  });
}

/** The view's lines as pricing input. */
export function pricingInput(view: readonly CartViewLine[]) {
  return view.map((line) => ({ item: line, quantity: line.quantity }));
}

/** The cart's lines with their catalogue products (unknown ids left out). */
export function cartProducts(lines: readonly CartLine[]): Array<{ item: Product; quantity: number }> {
  return lines.flatMap(({ id, quantity }) => {
    const item = productById(id);
    return item ? [{ item, quantity }] : [];
  });
}

/** The lines that ask for more than the shop has (only where the count is known). */
export function shortViewLines(view: readonly CartViewLine[]): CartViewLine[] {
  return view.filter((line) => line.available !== undefined && line.quantity > line.available);
}
