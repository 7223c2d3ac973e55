import type { CatalogueProduct } from '#shared/catalogue/types.ts';
import { PricedProducts } from '#worker/components/priced-products.tsx';

/** 'Featured Equipment': image, name and price of the digest's featured products, each linking to its page. */
export function FeaturedEquipment({ products }: { products: readonly CatalogueProduct[] }) {
  return (
    <section aria-labelledby="featured-equipment-heading" className="mt-16">
      <h2 id="featured-equipment-heading" className="text-2xl font-bold tracking-tight">
        Featured Equipment
      </h2>
      <PricedProducts products={products} look="grid" />
    </section>
  );
}
