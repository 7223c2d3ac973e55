import { chooseRegion } from './persist';
import { getRegion, subscribeRegion } from './store';

/**
 * Binds the region selectors rendered as server HTML (the header's, RegionSelect without
 * `onChoose`): a pick is the visitor's choice, and each follows the region store. No React needed.
 */
export function bindRegionSelects(): void {
  const selects = [...document.querySelectorAll<HTMLSelectElement>('select[data-region-select]')];
  for (const select of selects) {
    select.addEventListener('change', () => {
      chooseRegion(select.value);
      select.value = getRegion(); // a refused value (anything but UK, EU or US) does not stay on show
    });
  }
  subscribeRegion((region) => {
    for (const select of selects) select.value = region;
  });
}
