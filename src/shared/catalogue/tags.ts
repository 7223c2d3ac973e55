/** Product tags (spec point 3): APP COMPATIBLE, BESTSELLER, BUNDLE. Bestsellers are the featured products. */
export const BESTSELLER_TAG = 'BESTSELLER';

export function isBestseller(product: { tags: readonly string[] }): boolean {
  return product.tags.includes(BESTSELLER_TAG);
}
