import type { Priced } from '#shared/catalogue/prices.ts';
import { currencyByRegion, type Region } from '#shared/region/region.ts';
import { priceTaxNote } from '#shared/offers/tax.ts';
import { PriceLine } from '#ui/shop/price-line.tsx';
import { useRegion } from '#ui/state/use-region.ts';

/**
 * The product page's price block; percent off differs per currency, and so does tax ('incl. VAT' in
 * GBP and EUR, 'plus sales tax' in USD, when Stripe Tax is on), so it re-renders with the region.
 */
export default function ProductPrice({ product, region, taxOn }: { product: Priced; region: Region; taxOn: boolean }) {
  const shown = useRegion(region);
  const taxNote = priceTaxNote(currencyByRegion[shown], taxOn);
  return (
    <div>
      <PriceLine product={product} region={shown} detailed />
      {taxNote && (
        <p className="mt-1 text-sm text-stone-700" data-tax-note>
          {taxNote}
        </p>
      )}
    </div>
  );
}
