import { describe, expect, it } from 'vitest';
import {
  allowed,
  linesRefusal,
  overLimit,
  readLineFields,
  returnedValue,
  returnWindow,
  unitsByProduct,
} from '#shared/after-sale/return-rules.ts';
import { dueDelivery } from '#shared/orders/delivery-due.ts';

const shipped = { region: 'UK', shippingOption: 'Standard delivery', status: 'paid' };

describe('the return window', () => {
  it('runs 14 days from the day the parcel was due: shipped plus the service’s longest transit in business days', () => {
    // Shipped Friday 6 Nov 2026; UK standard is 3-5 business days: due Friday 13 Nov; returns until 27 Nov.
    expect(new Date(dueDelivery('2026-11-06T10:00:00Z', 'UK', 'Standard delivery')).toISOString()).toBe('2026-11-13T10:00:00.000Z');
    // Express to the US (3-5) and payment links (the rest of the world's 10-15) differ.
    expect(new Date(dueDelivery('2026-11-06T10:00:00Z', 'US', 'Express delivery')).toISOString()).toBe('2026-11-13T10:00:00.000Z');
    expect(new Date(dueDelivery('2026-11-06T10:00:00Z', null, null)).toISOString()).toBe('2026-11-27T10:00:00.000Z');
    const order = { ...shipped, shippedAt: '2026-11-06T10:00:00Z' };
    expect(returnWindow(order, Date.parse('2026-11-27T10:00:00Z'))).toEqual({
      open: 'return',
      until: '2026-11-27T10:00:00.000Z',
      warrantyUntil: '2027-11-13T10:00:00.000Z',
    });
    expect(returnWindow(order, Date.parse('2026-11-27T10:00:01Z'))).toMatchObject({ open: 'warranty', until: '2027-11-13T10:00:00.000Z' });
    expect(returnWindow(order, Date.parse('2027-11-14T00:00:00Z'))).toEqual({ open: null, why: 'its 12-month warranty ended' });
  });

  it('is closed before shipping and for an order not paid or refunded in full', () => {
    expect(returnWindow({ ...shipped, shippedAt: null })).toMatchObject({
      open: null,
      why: expect.stringMatching(/^it has not been shipped yet/),
    });
    expect(returnWindow({ ...shipped, shippedAt: '2026-11-06T10:00:00Z', status: 'refunded' }).open).toBeNull();
    expect(returnWindow({ ...shipped, shippedAt: '2026-11-06T10:00:00Z', status: 'failed' }).open).toBeNull();
  });

  it('allows every reason and outcome inside it, only the warranty’s after', () => {
    expect(allowed({ open: 'return', until: '', warrantyUntil: '' }).outcomes).toEqual(['refund', 'credit', 'exchange', 'replace']);
    expect(allowed({ open: 'warranty', returnEnded: '', until: '' })).toEqual({ reasons: ['warranty_fault'], outcomes: ['replace'] });
  });
});

describe('what comes back', () => {
  const open = new Map([
    [1, 2],
    [10, 1],
  ]);
  it('refuses nothing chosen, an item not bought, or more than is open', () => {
    expect(linesRefusal(open, [])).toBe('Choose how many of at least one item you are sending back.');
    expect(linesRefusal(open, [{ productId: 4, quantity: 1 }])).toBe('That item is not part of this order.');
    expect(linesRefusal(open, [{ productId: 1, quantity: 3 }])).toMatch(/^You can send back at most 2 of that item/);
    expect(linesRefusal(open, [{ productId: 1, quantity: 2 }])).toBeNull();
  });

  it('values the lines at their share of what was paid for goods', () => {
    const order = {
      subtotal: 29998,
      shipping: 499,
      total: 30497,
      discount: 0,
      discountCode: null,
      lines: [{ productId: 1, unitAmount: 14999 }],
    };
    expect(returnedValue(order, [{ productId: 1, quantity: 1 }])).toBe(14999);
    // A £15 discount is shared out: each pistol was paid £142.49.
    expect(returnedValue({ ...order, total: 28997, discount: 1500, discountCode: 'SAVE15' }, [{ productId: 1, quantity: 1 }])).toBe(14249);
    // £200 of store credit paid for them as money does: each pistol was still paid £149.99.
    expect(returnedValue({ ...order, total: 10497, discount: 20000, discountCode: 'CREDIT-X' }, [{ productId: 1, quantity: 1 }])).toBe(
      14999,
    );
  });
});

describe('goods asked back, per product (issue 54)', () => {
  it('reads one field per product as the form writes it, refusing another spelling of it', () => {
    expect(readLineFields({ line_3: '2', line_4: '', line_5: '0', reason: 'x' }, 4)).toEqual({ lines: [{ productId: 3, quantity: 2 }] });
    for (const alias of ['line_03', 'line_003', 'line_+3', 'line_3 ', 'line_0', 'line_1234567890', 'line_'])
      expect(readLineFields({ line_3: '1', [alias]: '1' }, 4), alias).toHaveProperty('refusal');
    for (const quantity of ['-1', '1.5', '1e3', '12345', ' 2x'])
      expect(readLineFields({ line_3: quantity }, 4), quantity).toHaveProperty('refusal');
  });

  it('compares the total per product with what is left, however many lines name it', () => {
    const left = new Map([[3, 1]]);
    const three = [1, 1, 1].map((quantity) => ({ productId: 3, quantity }));
    expect(unitsByProduct(three)).toEqual(new Map([[3, 3]]));
    expect(overLimit(left, three)).toEqual({ productId: 3, units: 3, open: 1 });
    expect(linesRefusal(left, three)).toMatch(/at most 1 of that item/);
    expect(overLimit(left, [{ productId: 3, quantity: 1 }])).toBeNull();
    expect(overLimit(left, [{ productId: 9, quantity: 1 }])).toEqual({ productId: 9, units: 1, open: undefined });
  });
});
