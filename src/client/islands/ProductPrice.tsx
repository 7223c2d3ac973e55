import type { Priced } from '#shared/catalogue/prices.ts';
import type { Region } from '#shared/region/region.ts';
import { PriceLine } from '../components/price-line';
import { useRegion } from '../region/use-region';

/** The product page's price block; percent off differs per currency, so it re-renders with the region. */
export default function ProductPrice({ product, region }: { product: Priced; region: Region }) {
  return <PriceLine product={product} region={useRegion(region)} detailed />;
}
