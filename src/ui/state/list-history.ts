import { analyticsItem } from '#shared/catalogue/item-events.ts';
import {
  availabilityBoxes,
  type CardItem,
  visibleProducts,
  listAnalytics,
  listHeading,
  listPath,
  parseListQuery,
  type ListState,
} from '#shared/catalogue/list.ts';
import { pageTitle } from '#shared/seo/tags.ts';
import { currencyByRegion } from '#shared/region/region.ts';
import { pushPageView, trackViewItemList } from './data-layer.ts';
import { getRegion } from './region-store.ts';
import { pageHref } from './page-market.ts';

/** The list state in the address bar and the tab title; 'push' makes a history entry (a new page view). */
export function writeListUrl(state: ListState, mode: 'push' | 'replace'): void {
  const url = pageHref(listPath(state));
  if (mode === 'push') history.pushState(null, '', url);
  else history.replaceState(null, '', url);
  document.title = pageTitle(listHeading(state).title);
}

/** view_item_list for what the state shows. */
function trackList(items: readonly CardItem[], state: ListState): void {
  const list = listAnalytics(state);
  trackViewItemList(
    list.id,
    list.name,
    visibleProducts(items, state, currencyByRegion[getRegion()]).map((p, i) => analyticsItem(p, i)),
    state.sort,
  );
}

/** A filter change the visitor made: a new history entry, page view and view_item_list. */
export function showList(items: readonly CardItem[], state: ListState): void {
  writeListUrl(state, 'push');
  pushPageView();
  trackList(items, state);
}

/** Back/forward landed on a list URL (the client entry has recorded the page view): the state it shows. */
export function restoreList(items: readonly CardItem[]): ListState {
  const state = parseListQuery(location.search);
  document.title = pageTitle(listHeading(state).title);
  trackList(items, state);
  return state;
}

/**
 * The list state the visitor's fields show inside `root` (the island, hydrated on the first
 * interaction): the search typed and the Availability boxes ticked before React listened, over
 * `initial`. The panel is rendered twice (wide screens, the narrow screens' disclosure): a box counts
 * as changed when either copy differs from `initial`.
 */
export function typedListState(root: ParentNode, initial: ListState): ListState {
  const q = root.querySelector<HTMLInputElement>('input[type="search"][name="q"]')?.value ?? initial.q;
  const next = { ...initial, q };
  for (const box of availabilityBoxes) {
    const copies = [...root.querySelectorAll<HTMLInputElement>(`input[type="checkbox"][name="${box.name}"]`)];
    if (copies.some((c) => c.checked !== initial[box.key])) next[box.key] = !initial[box.key];
  }
  return next;
}
