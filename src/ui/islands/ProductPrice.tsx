import type { Priced } from '#shared/catalogue/prices.ts';
import type { Region } from '#shared/region/region.ts';
import { PriceLine } from '#ui/shop/price-line.tsx';
import { useRegion } from '#ui/state/use-region.ts';

/** The product page's price block; percent off differs per currency, so it re-renders with the region. */
export default function ProductPrice({ product, region }: { product: Priced; region: Region }) {
  return <PriceLine product={product} region={useRegion(region)} detailed />;
}
