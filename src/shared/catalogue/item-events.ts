import { displayPrice, type Priced } from './prices.ts';
import { plainName } from './product.ts';

/** The item shape of ecommerce analytics events; prices are USD. */
export interface AnalyticsItem {
  item_id: string;
  item_name: string;
  price: number;
  item_category?: string;
  index?: number;
}

export function analyticsItem(p: Priced & { id: number; name: string; category_id: string }, index?: number): AnalyticsItem {
  return {
    item_id: String(p.id),
    item_name: plainName(p.name),
    price: displayPrice(p, 'USD'),
    item_category: p.category_id,
    ...(index === undefined ? {} : { index }),
  };
}

/**
 * Ecommerce data-layer events that either side builds: the server declares them for
 * page load (head.events), the browser pushes them after in-page changes. Values are USD.
 */
/** The items in the order shown (each item's index); `sort` says which order the visitor chose. */
export function viewItemListEvent(listId: string, listName: string, items: AnalyticsItem[], sort?: string) {
  return {
    event: 'view_item_list',
    ecommerce: { item_list_id: listId, item_list_name: listName, ...(sort && { item_list_sort: sort }), items },
  };
}

export function viewItemEvent(item: AnalyticsItem) {
  return { event: 'view_item', ecommerce: { currency: 'USD', value: item.price, items: [item] } };
}

/** transaction_id is the payment session's id; tax and shipping are 0. */
export function purchaseEvent(transactionId: string, item: AnalyticsItem) {
  return {
    event: 'purchase',
    ecommerce: { transaction_id: transactionId, value: item.price, tax: 0, shipping: 0, currency: 'USD', items: [item] },
  };
}

/** Local storage key listing the transaction ids whose purchase was already pushed (at most once each). */
export const PURCHASES_STORAGE_KEY = 'tracked_purchases';
