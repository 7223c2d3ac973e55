import { formatMoney, type PriceTable } from '../../shared/money';
import { currencyByRegion, type Region } from '../../shared/region';
import { subscribeRegion } from './store';

/**
 * Brings the server's markup to the region: every server-rendered price ([data-prices]) and every
 * region selector ([data-region-select]). A selector not yet hydrated would otherwise show the
 * server's region next to prices already switched (React leaves a select's value alone while
 * hydrating, and sets the same value once it has).
 */
export function renderRegion(region: Region, root: ParentNode = document): void {
  const currency = currencyByRegion[region];
  for (const el of root.querySelectorAll<HTMLElement>('[data-prices]')) {
    const amounts = JSON.parse(el.dataset.prices ?? '{}') as Partial<PriceTable>;
    const amount = amounts[currency];
    if (typeof amount === 'number') el.textContent = formatMoney(amount, currency);
  }
  for (const select of root.querySelectorAll<HTMLSelectElement>('select[data-region-select]')) select.value = region;
}

/** Keeps the server's markup in step with the region store. */
export function followRegionInServerMarkup(): void {
  subscribeRegion((region) => renderRegion(region));
}
