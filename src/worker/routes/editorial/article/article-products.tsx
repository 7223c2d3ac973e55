import type { CatalogueProduct } from '#shared/catalogue/types.ts';
import { PricedProducts } from '#worker/components/priced-products.tsx';

/**
 * 'PRODUCTS FEATURED IN THIS ARTICLE': the post's related catalogue products with their price in
 * the visitor's currency, in one row of fixed-size tiles that scrolls sideways when they do not fit.
 * No products, no block.
 */
export function ArticleProducts({ products }: { products: readonly CatalogueProduct[] }) {
  if (products.length === 0) return null;
  return (
    <section aria-labelledby="article-products-heading">
      <div className="mt-8 rounded-lg border border-stone-200 bg-white p-4">
        <h2 id="article-products-heading" className="text-sm font-bold tracking-wider text-stone-900">
          PRODUCTS FEATURED IN THIS ARTICLE
        </h2>
        <PricedProducts products={products} look="row" />
      </div>
    </section>
  );
}
