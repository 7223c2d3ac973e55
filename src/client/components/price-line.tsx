import { discount, displayPrice, formatMoney, type Priced } from '#shared/catalogue/prices.ts';
import { currencyByRegion, type Region } from '#shared/region/region.ts';

/**
 * A product's price in the region's currency, with the full price struck through when it is higher.
 * `detailed` adds the rounded percent off and the SAVE amount (product page).
 */
export function PriceLine({ product, region, detailed = false }: { product: Priced; region: Region; detailed?: boolean }) {
  const currency = currencyByRegion[region];
  const off = discount(product, currency);
  return (
    <div className="flex flex-wrap items-baseline gap-x-3 gap-y-1">
      <span className={detailed ? 'text-3xl font-bold text-stone-900' : 'text-lg font-bold text-stone-900'}>
        {formatMoney(displayPrice(product, currency), currency)}
      </span>
      {off && (
        <s className={detailed ? 'text-lg text-stone-600' : 'text-sm text-stone-600'}>
          <span className="sr-only">Was </span>
          {formatMoney(off.full, currency)}
        </s>
      )}
      {off && detailed && (
        <>
          <span className="text-sm font-semibold text-red-700">{off.percent}% off</span>
          <span className="rounded bg-red-700 px-2 py-0.5 text-xs font-bold tracking-wide text-white">
            SAVE {formatMoney(off.saving, currency)}
          </span>
        </>
      )}
    </div>
  );
}
