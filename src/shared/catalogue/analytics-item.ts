import { displayPrice, type Priced } from '../money';
import { plainName } from './names';

/** The item shape of ecommerce analytics events; prices are USD (spec point 7). */
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
