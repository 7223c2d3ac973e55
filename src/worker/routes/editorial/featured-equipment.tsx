import { ProductTile } from '#ui/shop/product-tile.tsx';
import { productPath } from '#shared/catalogue/product.ts';
import type { CatalogueProduct } from '#shared/catalogue/types.ts';
import { priceTable } from '#shared/catalogue/prices.ts';
import { Price } from '#worker/components/price.tsx';
import { useHref } from '#ui/state/market-context.ts';

/** 'Featured Equipment': image, name and price of the digest's featured products, each linking to its page. */
export function FeaturedEquipment({ products }: { products: readonly CatalogueProduct[] }) {
  const to = useHref();
  return (
    <section aria-labelledby="featured-equipment-heading" className="mt-16">
      <h2 id="featured-equipment-heading" className="text-2xl font-bold tracking-tight">
        Featured Equipment
      </h2>
      <ul className="mt-8 grid gap-6 sm:grid-cols-3">
        {products.map((product) => (
          <ProductTile
            key={product.id}
            product={product}
            href={to(productPath(product))}
            wholeLink
            layout="stack"
            boxClassName="overflow-hidden rounded-lg border border-stone-200 bg-white shadow-sm hover:shadow-md"
            imageClassName="aspect-square w-full"
            nameClassName="font-semibold text-stone-900 group-hover:text-red-700"
          >
            <Price amounts={priceTable(product)} className="font-semibold text-red-700" />
          </ProductTile>
        ))}
      </ul>
    </section>
  );
}
