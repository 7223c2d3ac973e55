import { ProductName } from '#client/components/product-name.tsx';
import { productImageSize, productPath } from '#shared/catalogue/product.ts';
import { products } from '#shared/catalogue/products.ts';
import { priceTable } from '#shared/catalogue/prices.ts';
import { Price } from '#worker/components/price.tsx';

/** The digest shows the first 3 catalogue products. */
const FEATURED_EQUIPMENT = 3;

/** 'Featured Equipment': image, name and price of the first catalogue products, each linking to its page. */
export function FeaturedEquipment() {
  return (
    <section aria-labelledby="featured-equipment-heading" className="mt-16">
      <h2 id="featured-equipment-heading" className="text-2xl font-bold tracking-tight">
        Featured Equipment
      </h2>
      <ul className="mt-8 grid gap-6 sm:grid-cols-3">
        {products.slice(0, FEATURED_EQUIPMENT).map((product) => (
          <li key={product.id}>
            <a
              href={productPath(product)}
              className="group block h-full overflow-hidden rounded-lg border border-stone-200 bg-white shadow-sm hover:shadow-md focus-visible:outline-2 focus-visible:outline-red-700"
            >
              {/* The name below labels the link; the image adds nothing to read out. */}
              <img
                src={product.image_url}
                alt=""
                {...productImageSize.main}
                loading="lazy"
                decoding="async"
                className="aspect-square w-full bg-stone-100"
              />
              <span className="flex flex-col gap-1 p-4">
                <span className="font-semibold text-stone-900 group-hover:text-red-700">
                  <ProductName name={product.name} />
                </span>
                <Price amounts={priceTable(product)} className="font-semibold text-red-700" />
              </span>
            </a>
          </li>
        ))}
      </ul>
    </section>
  );
}
