import { productPath } from '#shared/catalogue/product.ts';
import type { CatalogueProduct, Product } from '#shared/catalogue/types.ts';
import type { CartLine } from './cart.ts';

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
  payment_links: Product['payment_links'];
  quantity: number;
  /** Units the shop has for this line (its stock read); absent when unknown. */
  available?: number;
}

/** Finds a listed catalogue product by id (the page's read of the catalogue). */
export type ProductLookup<T extends CatalogueProduct = CatalogueProduct> = (id: number) => T | undefined;

/** The lines as /cart shows them; lines whose product is not in the catalogue are left out. */
export function cartView(lines: readonly CartLine[], byId: ProductLookup): CartViewLine[] {
  return lines.flatMap(({ id, quantity }) => {
    const p = byId(id);
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
        payment_links: p.payment_links,
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
export function cartProducts<T extends CatalogueProduct>(
  lines: readonly CartLine[],
  byId: ProductLookup<T>,
): Array<{ item: T; quantity: number }> {
  return lines.flatMap(({ id, quantity }) => {
    const item = byId(id);
    return item ? [{ item, quantity }] : [];
  });
}

/** The lines that ask for more than the shop has (only where the count is known). */
export function shortViewLines(view: readonly CartViewLine[]): CartViewLine[] {
  return view.filter((line) => line.available !== undefined && line.quantity > line.available);
}
