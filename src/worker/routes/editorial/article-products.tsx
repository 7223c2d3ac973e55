import { ProductTile } from '#ui/shop/product-tile.tsx';
import { productPath } from '#shared/catalogue/product.ts';
import type { CatalogueProduct } from '#shared/catalogue/types.ts';
import { priceTable } from '#shared/catalogue/prices.ts';
import { Price } from '#worker/components/price.tsx';
import { useHref } from '#ui/state/market-context.ts';

/**
 * 'PRODUCTS FEATURED IN THIS ARTICLE': the post's related catalogue products with their price in
 * the visitor's currency, in one row of fixed-size tiles that scrolls sideways when they do not fit.
 * No products, no block.
 */
export function ArticleProducts({ products }: { products: readonly CatalogueProduct[] }) {
  const to = useHref();
  if (products.length === 0) return null;
  return (
    <section aria-labelledby="article-products-heading">
      <div className="mt-8 rounded-lg border border-stone-200 bg-white p-4">
        <h2 id="article-products-heading" className="text-sm font-bold tracking-wider text-stone-900">
          PRODUCTS FEATURED IN THIS ARTICLE
        </h2>
        <ul className="mt-3 flex gap-3 overflow-x-auto pb-1">
          {products.map((product) => (
            <ProductTile
              key={product.id}
              product={product}
              href={to(productPath(product))}
              wholeLink
              layout="row"
              className="h-24 w-64 shrink-0"
              boxClassName="rounded-md border border-stone-200 p-2 hover:border-red-700"
              imageClassName="h-16 w-16 rounded"
              nameClassName="line-clamp-2 text-sm font-medium leading-snug text-stone-900"
            >
              <Price amounts={priceTable(product)} className="text-sm font-semibold text-red-700" />
            </ProductTile>
          ))}
        </ul>
      </div>
    </section>
  );
}
