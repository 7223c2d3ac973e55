import type { PriceTable } from '#shared/catalogue/prices.ts';
import { formatMoney } from '#shared/money.ts';
import { currencyByRegion, type Region } from '#shared/region/region.ts';
import { subscribeRegion } from '#ui/state/region-store.ts';

/** Re-formats every server-rendered price ([data-prices]) in the region's currency. */
function renderPrices(region: Region, root: ParentNode = document): void {
  const currency = currencyByRegion[region];
  for (const el of root.querySelectorAll<HTMLElement>('[data-prices]')) {
    const amounts = JSON.parse(el.dataset.prices ?? '{}') as Partial<PriceTable>;
    const amount = amounts[currency];
    if (typeof amount === 'number') el.textContent = formatMoney(amount, currency);
  }
}

/** Keeps server-rendered prices in step with the region store. */
export function followRegionWithPrices(): void {
  subscribeRegion((region) => renderPrices(region));
}
