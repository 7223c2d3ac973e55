import { hydrateRegionIslands } from '#client/hydration/scheduler.ts';
import { chooseRegion, saveRegionChoice } from './persist.ts';
import { getRegion, subscribeRegion } from '#ui/state/region-store.ts';
import { isRegion } from '#shared/region/region.ts';

/**
 * Binds the region selectors rendered as server HTML (the header's and the mobile menu's): a pick is
 * the visitor's choice, and each follows the region store. No React needed.
 */
export function bindRegionSelects(): void {
  const selects = [...document.querySelectorAll<HTMLSelectElement>('select[data-region-select]')];
  for (const select of selects) {
    // The visitor is about to pick: islands that show the region hydrate now, so the pick switches
    // every price at once instead of waiting for them.
    for (const type of ['pointerdown', 'focus']) select.addEventListener(type, () => void hydrateRegionIslands(), { once: true });
    select.addEventListener('change', () => {
      const picked = select.value;
      // Until the page has switched, the selector keeps showing the region every price is in (a
      // refused value, anything but UK, EU or US, never shows); the switch then updates them all.
      select.value = getRegion();
      void chooseRegion(picked);
    });
  }
  // A market's page offers links instead: following one saves it as the visitor's choice, as picking does.
  document.addEventListener('click', (event) => {
    const link = (event.target as Element | null)?.closest?.<HTMLAnchorElement>('a[data-market-link]');
    if (link && isRegion(link.dataset.marketLink)) saveRegionChoice(link.dataset.marketLink);
  });
  subscribeRegion((region) => {
    for (const select of selects) select.value = region;
  });
}
