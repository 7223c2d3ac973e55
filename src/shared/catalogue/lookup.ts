import { products } from './products';
import { isBestseller } from './tags';
import type { Product } from './types';

export function productById(id: number): Product | undefined {
  return products.find((p) => p.id === id);
}

/** Spec point 9: the home page features up to 4 bestsellers. */
export const FEATURED_ON_HOME = 4;

export function featuredProducts(): Product[] {
  return products.filter(isBestseller).slice(0, FEATURED_ON_HOME);
}
