import { formatMinor } from '#shared/money.ts';
import { taxLineLabel } from '#shared/offers/tax.ts';
import type { Currency } from '#shared/region/region.ts';

/** An order's amounts as Stripe charged them, minor units of `currency`. */
export interface OrderAmounts {
  currency: Currency;
  subtotal: number;
  shipping: number;
  total: number;
  discount: number;
  discountCode: string | null;
  tax: number;
  taxLabel: string | null;
  taxInclusive: boolean;
}

export interface TotalRow {
  kind: 'subtotal' | 'discount' | 'shipping' | 'tax' | 'total';
  label: string;
  /** As shown: '£149.99', '−£15.00', 'Free'. */
  value: string;
}

/**
 * The rows under an order's lines, the same on the order page, the thank-you page, the mails and the
 * operator's `orders show`: subtotal, the discount (with its code) when there was one, shipping, the
 * tax when Stripe computed some (included in the prices or added), and the total charged.
 */
export function orderTotalRows(order: OrderAmounts, shippingOption?: string | null): TotalRow[] {
  const money = (minor: number) => formatMinor(minor, order.currency);
  return [
    { kind: 'subtotal', label: 'Subtotal', value: money(order.subtotal) },
    ...(order.discount > 0
      ? [
          {
            kind: 'discount' as const,
            label: order.discountCode ? `Discount (${order.discountCode})` : 'Discount',
            value: `−${money(order.discount)}`,
          },
        ]
      : []),
    {
      kind: 'shipping',
      label: shippingOption ? `Shipping: ${shippingOption}` : 'Shipping',
      value: order.shipping === 0 ? 'Free' : money(order.shipping),
    },
    ...(order.tax > 0
      ? [{ kind: 'tax' as const, label: taxLineLabel({ label: order.taxLabel, inclusive: order.taxInclusive }), value: money(order.tax) }]
      : []),
    { kind: 'total', label: 'Total', value: money(order.total) },
  ];
}
