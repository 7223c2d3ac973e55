import { describe, expect, it } from 'vitest';
import { analyticsItem, purchaseEvent, viewItemEvent, viewItemListEvent } from '#shared/catalogue/item-events.ts';
import { productById } from '../../../support/catalogue';

const p1 = productById(1)!;

describe('ecommerce events', () => {
  it('carries the plain name and USD price', () => {
    expect(analyticsItem(p1, 2)).toEqual({
      item_id: '1',
      item_name: 'G-Series Laser Training Pistol',
      price: 189.99,
      item_category: 'pistols',
      index: 2,
    });
    expect(analyticsItem(p1)).not.toHaveProperty('index');
    expect(viewItemEvent(analyticsItem(p1))).toEqual({
      event: 'view_item',
      ecommerce: { currency: 'USD', value: 189.99, items: [analyticsItem(p1)] },
    });
    expect(viewItemListEvent('pistols', 'Pistol Trainers', []).ecommerce).toEqual({
      item_list_id: 'pistols',
      item_list_name: 'Pistol Trainers',
      items: [],
    });
  });

  it('builds the purchase with the session as transaction id, no tax or shipping', () => {
    expect(purchaseEvent('cs_test_1', analyticsItem(p1)).ecommerce).toEqual({
      transaction_id: 'cs_test_1',
      value: 189.99,
      tax: 0,
      shipping: 0,
      currency: 'USD',
      items: [analyticsItem(p1)],
    });
  });
});
