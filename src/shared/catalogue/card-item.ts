import { productPath } from './names';
import type { Product } from './types';

/** What a product card (and the list's client-side filtering) needs: a product without its page-only fields. */
export type CardItem = Pick<
  Product,
  | 'id'
  | 'name'
  | 'description'
  | 'price'
  | 'prices'
  | 'full_price'
  | 'full_prices'
  | 'category_id'
  | 'image_url'
  | 'image_alt'
  | 'stock'
  | 'is_new'
  | 'features'
  | 'tags'
> & { href: string };

export function toCardItem(p: Product): CardItem {
  return {
    id: p.id,
    name: p.name,
    description: p.description,
    price: p.price,
    prices: p.prices,
    full_price: p.full_price,
    full_prices: p.full_prices,
    category_id: p.category_id,
    image_url: p.image_url,
    image_alt: p.image_alt,
    stock: p.stock,
    is_new: p.is_new,
    features: p.features,
    tags: p.tags,
    href: productPath(p),
  };
}
