import type { ReactNode } from 'react';
import { ProductName } from '#client/components/product-name.tsx';
import { productImageSize, productById, productPath } from '#shared/catalogue/product.ts';
import type { Product } from '#shared/catalogue/types.ts';
import { priceTable } from '#shared/catalogue/prices.ts';
import { Price } from '#worker/components/price.tsx';

const HEADING = 'PRODUCTS FEATURED IN THIS ARTICLE';

/** The block: its heading and one row of fixed-size tiles, scrolling sideways when they do not fit. */
function ProductsFrame({ children }: { children: ReactNode }) {
  return (
    <div className="mt-8 rounded-lg border border-stone-200 bg-white p-4">
      <h2 id="article-products-heading" className="text-sm font-bold tracking-wider text-stone-900">
        {HEADING}
      </h2>
      <ul className="mt-3 flex gap-3 overflow-x-auto pb-1">{children}</ul>
    </div>
  );
}

const tileSize = 'h-24 w-64 shrink-0';

function ProductTile({ product }: { product: Product }) {
  return (
    <li className={tileSize}>
      <a
        href={productPath(product)}
        className="flex h-full items-center gap-3 rounded-md border border-stone-200 p-2 hover:border-red-700 focus-visible:outline-2 focus-visible:outline-red-700"
      >
        {/* The name beside it labels the link; the image adds nothing to read out. */}
        <img
          src={product.image_url}
          alt=""
          {...productImageSize.main}
          loading="lazy"
          decoding="async"
          className="h-16 w-16 shrink-0 rounded bg-stone-100"
        />
        <span className="flex min-w-0 flex-col gap-1">
          <span className="line-clamp-2 text-sm font-medium leading-snug text-stone-900">
            <ProductName name={product.name} />
          </span>
          <Price amounts={priceTable(product)} className="text-sm font-semibold text-red-700" />
        </span>
      </a>
    </li>
  );
}

/**
 * 'PRODUCTS FEATURED IN THIS ARTICLE': the post's related catalogue products with
 * their price in the visitor's currency. Ids not in the catalogue are skipped; no products, no block.
 */
export function ArticleProducts({ productIds }: { productIds: number[] }) {
  const found = productIds.map(productById).filter((p): p is Product => p !== undefined);
  if (found.length === 0) return null;
  return (
    <section aria-labelledby="article-products-heading">
      <ProductsFrame>
        {found.map((product) => (
          <ProductTile key={product.id} product={product} />
        ))}
      </ProductsFrame>
    </section>
  );
}
