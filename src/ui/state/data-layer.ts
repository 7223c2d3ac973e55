import { PURCHASES_STORAGE_KEY, type AnalyticsItem, viewItemListEvent } from '#shared/catalogue/item-events.ts';
import { publicSearch } from '#shared/site/private-params.ts';
import { getCampaign } from './campaign-storage.ts';

/** Pushes to the analytics data layer (GTM reads window.dataLayer). */
export type DataLayerEvent = Record<string, unknown> & { event: string };

declare global {
  interface Window {
    dataLayer: unknown[];
  }
}

/** Keys of events pushed during this page view, for duplicate suppression. */
let seen = new Set<string>();

/**
 * Pushes an event with the current campaign values; the same event with the same payload is pushed
 * once per page view. Returns whether it was pushed.
 */
export function push(event: DataLayerEvent): boolean {
  const withCampaign = { ...event, ...getCampaign() };
  const key = JSON.stringify(withCampaign);
  if (seen.has(key)) return false;
  seen.add(key);
  window.dataLayer = window.dataLayer || [];
  window.dataLayer.push(withCampaign);
  return true;
}

/**
 * A page view (at start and on every in-page route change); starts a new duplicate window. The
 * location leaves out a session id or order token (the server has taken them off the address bar too).
 */
export function pushPageView(): void {
  seen = new Set();
  const pageLocation = `${location.origin}${location.pathname}${publicSearch(location.search)}${location.hash}`;
  push({ event: 'page_view', page_path: location.pathname, page_title: document.title, page_location: pageLocation });
}

/** Events the server declared for this page (e.g. 404_error, view_item) in <script id="page-events">. */
export function pushPageEvents(): void {
  const data = document.getElementById('page-events')?.textContent;
  if (!data) return;
  for (const event of JSON.parse(data) as DataLayerEvent[]) {
    if (event.event === 'purchase') trackPurchase(event);
    else push(event);
  }
}

/** Item shape for ecommerce events (built from a product by analyticsItem in shared/catalogue). */
export type { AnalyticsItem };

export function trackViewItemList(listId: string, listName: string, items: AnalyticsItem[], sort?: string): void {
  push(viewItemListEvent(listId, listName, items, sort));
}

export function trackSelectItem(listId: string, listName: string, item: AnalyticsItem): void {
  push({ event: 'select_item', ecommerce: { item_list_id: listId, item_list_name: listName, items: [item] } });
}

/** The value is the price in USD (as the payment links charge); pushed before the checkout redirect. */
export function trackBeginCheckout(item: AnalyticsItem): void {
  push({ event: 'begin_checkout', ecommerce: { currency: 'USD', value: item.price, items: [item] } });
}

function trackedPurchases(): string[] {
  try {
    return JSON.parse(localStorage.getItem(PURCHASES_STORAGE_KEY) ?? '[]') as string[];
  } catch {
    return [];
  }
}

/** A purchase is pushed at most once per transaction id, across reloads. */
function trackPurchase(event: DataLayerEvent): boolean {
  const ecommerce = (event.ecommerce ?? {}) as { transaction_id?: unknown };
  const id = String(ecommerce.transaction_id ?? '');
  if (!id) return false;
  const done = trackedPurchases();
  if (done.includes(id)) return false;
  const pushed = push(event);
  try {
    localStorage.setItem(PURCHASES_STORAGE_KEY, JSON.stringify([...done, id].slice(-50)));
  } catch (err) {
    console.warn('could not remember the purchase', err);
  }
  return pushed;
}
