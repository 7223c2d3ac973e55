import { describe, expect, it } from 'vitest';
import { orderTotalRows } from '#shared/orders/order-totals.ts';

const plain = {
  currency: 'GBP' as const,
  subtotal: 14999,
  shipping: 0,
  total: 14999,
  discount: 0,
  discountCode: null,
  tax: 0,
  taxLabel: null,
  taxInclusive: false,
};

describe('orderTotalRows', () => {
  it('is subtotal, shipping and total when there was no discount and no tax', () => {
    expect(orderTotalRows(plain)).toEqual([
      { kind: 'subtotal', label: 'Subtotal', value: '£149.99' },
      { kind: 'shipping', label: 'Shipping', value: 'Free' },
      { kind: 'total', label: 'Total', value: '£149.99' },
    ]);
  });

  it('adds the discount with its code and the tax, included or added, and names the shipping when asked', () => {
    const rows = orderTotalRows(
      {
        ...plain,
        shipping: 499,
        discount: 1500,
        discountCode: 'SPRING10',
        tax: 2333,
        taxLabel: 'VAT 20%',
        taxInclusive: true,
        total: 13998,
      },
      'Standard',
    );
    expect(rows.map((r) => `${r.label} ${r.value}`)).toEqual([
      'Subtotal £149.99',
      'Discount (SPRING10) −£15.00',
      'Shipping: Standard £4.99',
      'VAT 20% (included) £23.33',
      'Total £139.98',
    ]);
    const us = orderTotalRows({ ...plain, currency: 'USD', discount: 500, tax: 1069, taxLabel: 'Sales Tax 6.25%' });
    expect(us.map((r) => r.label)).toEqual(['Subtotal', 'Discount', 'Shipping', 'Sales Tax 6.25%', 'Total']);
  });
});
