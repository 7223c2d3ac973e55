import { describe, expect, it } from 'vitest';
import { beginCheckoutCartEvent, cartChangeEvent, orderPurchaseEvent, viewCartEvent } from '#shared/cart/cart-events.ts';
import { priceCart } from '#shared/cart/pricing.ts';
import { cartProducts } from '#shared/cart/view.ts';
import { productById } from '../../../support/catalogue';

const cart = priceCart(
  cartProducts(
    [
      { id: 1, quantity: 2 },
      { id: 3, quantity: 1 },
    ],
    productById,
  ),
  'EUR',
);

describe('cart events', () => {
  it('carry GA4 items with item_id, item_name, price, quantity and currency, and the value', () => {
    const items = [
      { item_id: '1', item_name: 'G-Series Laser Training Pistol', price: 174.99, quantity: 2, currency: 'EUR' },
      { item_id: '3', item_name: 'Reactive Laser Target System', price: 229.99, quantity: 1, currency: 'EUR' },
    ];
    expect(viewCartEvent(cart)).toEqual({ event: 'view_cart', ecommerce: { currency: 'EUR', value: 579.97, items } });
    expect(beginCheckoutCartEvent(cart).event).toBe('begin_checkout');
    expect(cartChangeEvent('remove_from_cart', cart).ecommerce.items).toEqual(items);
  });

  it('purchase carries the lines, shipping and total of the order, keyed by its number', () => {
    const event = orderPurchaseEvent({
      number: 'SP-AB12-CD34',
      currency: 'GBP',
      lines: [
        { productId: 1, name: 'G-Series Laser Training Pistol', quantity: 3, amount: 44997 },
        { productId: null, name: 'Gift wrap', quantity: 1, amount: 500 },
      ],
      subtotal: 45497,
      shipping: 999,
      total: 46496,
      discount: 0,
      discountCode: null,
      tax: 0,
      taxLabel: null,
      taxInclusive: false,
    });
    expect(event).toEqual({
      event: 'purchase',
      ecommerce: {
        transaction_id: 'SP-AB12-CD34',
        value: 464.96,
        tax: 0,
        shipping: 9.99,
        currency: 'GBP',
        items: [
          { item_id: '1', item_name: 'G-Series Laser Training Pistol', price: 149.99, quantity: 3, currency: 'GBP' },
          { item_id: 'Gift wrap', item_name: 'Gift wrap', price: 5, quantity: 1, currency: 'GBP' },
        ],
      },
    });
  });

  it('purchase carries the promotion code as coupon and the tax Stripe computed', () => {
    const event = orderPurchaseEvent({
      number: 'SP-AB12-CD35',
      currency: 'GBP',
      lines: [{ productId: 1, name: 'G-Series Laser Training Pistol', quantity: 1, amount: 14999 }],
      subtotal: 14999,
      shipping: 0,
      discount: 1500,
      discountCode: 'SPRING10',
      tax: 2250,
      taxLabel: 'VAT 20%',
      taxInclusive: true,
      total: 13499,
    });
    expect(event.ecommerce).toMatchObject({ value: 134.99, tax: 22.5, coupon: 'SPRING10', shipping: 0 });
  });
});
