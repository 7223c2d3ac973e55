import { priceTable } from '#shared/catalogue/prices.ts';
import { productPath } from '#shared/catalogue/product.ts';
import type { CatalogueProduct } from '#shared/catalogue/types.ts';
import { ProductTile } from '#ui/shop/product-tile.tsx';
import { useHref } from '#ui/state/market-context.ts';
import { Price } from './price.tsx';

const LOOKS = {
  /** One row of fixed-size tiles that scrolls sideways when they do not fit (beside an article). */
  row: {
    list: 'mt-3 flex gap-3 overflow-x-auto pb-1',
    tile: {
      layout: 'row',
      className: 'h-24 w-64 shrink-0',
      boxClassName: 'rounded-md border border-stone-200 p-2 hover:border-red-700',
      imageClassName: 'h-16 w-16 rounded',
      nameClassName: 'line-clamp-2 text-sm font-medium leading-snug text-stone-900',
    },
    price: 'text-sm font-semibold text-red-700',
  },
  /** A grid of cards with a square picture (the digest's featured equipment). */
  grid: {
    list: 'mt-8 grid gap-6 sm:grid-cols-3',
    tile: {
      layout: 'stack',
      boxClassName: 'overflow-hidden rounded-lg border border-stone-200 bg-white shadow-sm hover:shadow-md',
      imageClassName: 'aspect-square w-full',
      nameClassName: 'font-semibold text-stone-900 group-hover:text-red-700',
    },
    price: 'font-semibold text-red-700',
  },
} as const;

/** Products as links to their pages: picture, name and price in the visitor's currency. */
export function PricedProducts({ products, look }: { products: readonly CatalogueProduct[]; look: keyof typeof LOOKS }) {
  const to = useHref();
  const { list, tile, price } = LOOKS[look];
  return (
    <ul className={list}>
      {products.map((product) => (
        <ProductTile key={product.id} product={product} href={to(productPath(product))} wholeLink {...tile}>
          <Price amounts={priceTable(product)} className={price} />
        </ProductTile>
      ))}
    </ul>
  );
}
