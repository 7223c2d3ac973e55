import { discount, displayPrice, type Priced } from '#shared/catalogue/prices.ts';
import { formatMoney } from '#shared/money.ts';
import { currencyByRegion, type Region } from '#shared/region/region.ts';

/**
 * A product's price in the region's currency, with the full price struck through when it is higher.
 * `detailed` adds the rounded percent off and the SAVE amount (product page). With a discount, screen
 * readers get one sentence ("€174.99, was €211.99, 17% off, save €37.00") instead of the visual
 * pieces read as one run ("€174.99 Was €211.9917% off SAVE €37.00").
 */
export function PriceLine({ product, region, detailed = false }: { product: Priced; region: Region; detailed?: boolean }) {
  const currency = currencyByRegion[region];
  const off = discount(product, currency);
  const price = formatMoney(displayPrice(product, currency), currency);
  const spoken = off
    ? [
        price,
        `was ${formatMoney(off.full, currency)}`,
        ...(detailed ? [`${off.percent}% off`, `save ${formatMoney(off.saving, currency)}`] : []),
      ].join(', ')
    : undefined;
  const shown = off ? { 'aria-hidden': true } : {};
  return (
    <div className="flex flex-wrap items-baseline gap-x-3 gap-y-1">
      {spoken && <span className="sr-only">{spoken}</span>}
      <span {...shown} className={detailed ? 'text-3xl font-bold text-stone-900' : 'text-lg font-bold text-stone-900'}>
        {price}
      </span>
      {off && (
        <s aria-hidden="true" className={detailed ? 'text-lg text-stone-600' : 'text-sm text-stone-600'}>
          {formatMoney(off.full, currency)}
        </s>
      )}
      {off && detailed && (
        <>
          <span aria-hidden="true" className="text-sm font-semibold text-red-700">
            {off.percent}% off
          </span>
          <span aria-hidden="true" className="rounded bg-red-700 px-2 py-0.5 text-xs font-bold tracking-wide text-white">
            SAVE {formatMoney(off.saving, currency)}
          </span>
        </>
      )}
    </div>
  );
}
