import { plainName } from '#shared/catalogue/product.ts';
import type { Currency } from '#shared/region/region.ts';
import type { PaidOrder } from './order.ts';
import { fromMinorUnits } from '#shared/money.ts';
import type { PricedCart, PricedLine } from './pricing.ts';

/** A GA4 ecommerce item of a cart event: price and currency are what the shopper sees. */
export interface CartAnalyticsItem {
  item_id: string;
  item_name: string;
  price: number;
  quantity: number;
  currency: Currency;
}

type Named = { id: number; name: string; price: number };

export function cartAnalyticsItem(line: PricedLine<Named>, currency: Currency): CartAnalyticsItem {
  return {
    item_id: String(line.item.id),
    item_name: plainName(line.item.name),
    price: fromMinorUnits(line.unitAmount),
    quantity: line.quantity,
    currency,
  };
}

function ecommerce(cart: PricedCart<Named>) {
  return {
    currency: cart.currency,
    value: fromMinorUnits(cart.subtotal),
    items: cart.lines.map((l) => cartAnalyticsItem(l, cart.currency)),
  };
}

/** add_to_cart and remove_from_cart carry the line that changed, with the quantity added or removed. */
export function cartChangeEvent(event: 'add_to_cart' | 'remove_from_cart', cart: PricedCart<Named>) {
  return { event, ecommerce: ecommerce(cart) };
}

export function viewCartEvent(cart: PricedCart<Named>) {
  return { event: 'view_cart', ecommerce: ecommerce(cart) };
}

export function beginCheckoutCartEvent(cart: PricedCart<Named>) {
  return { event: 'begin_checkout', ecommerce: ecommerce(cart) };
}

/**
 * purchase for an order: its lines, shipping, tax and total in the order's currency, keyed by the
 * order number, with the promotion code as GA4's `coupon` when one was used.
 */
export function orderPurchaseEvent(order: PaidOrder) {
  return {
    event: 'purchase',
    ecommerce: {
      transaction_id: order.number,
      value: fromMinorUnits(order.total),
      tax: fromMinorUnits(order.tax),
      shipping: fromMinorUnits(order.shipping),
      currency: order.currency,
      ...(order.discountCode ? { coupon: order.discountCode } : {}),
      items: order.lines.map((line) => ({
        item_id: line.productId === null ? line.name : String(line.productId),
        item_name: line.name,
        price: fromMinorUnits(Math.round(line.amount / Math.max(1, line.quantity))),
        quantity: line.quantity,
        currency: order.currency,
      })),
    },
  };
}
