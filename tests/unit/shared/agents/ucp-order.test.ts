import { describe, expect, it } from 'vitest';
import { ucpOrder, type AgentOrderInput } from '#shared/agents/ucp-order.ts';
import { schemaErrors, SCHEMA } from '../../../support/agents/protocol-schemas';

/** An order as the agent reads it, from its timeline: what was sent, what came back; valid against UCP's order schema. */
const order: AgentOrderInput = {
  number: 'SP-ABCD-EFGH',
  checkoutId: 'chk_0123456789abcdefghijkl',
  permalink: 'https://shop.example/orders/SP-ABCD-EFGH?token=t',
  currency: 'GBP',
  subtotal: 33497,
  shipping: 0,
  discount: 0,
  total: 33497,
  tax: 0,
  taxInclusive: true,
  shippingOption: 'Standard delivery',
  shippingAddress: { line1: '1 Test Street', line2: null, city: 'Leeds', state: null, postal_code: 'LS1 1AA', country: 'GB' },
  lines: [
    { position: 0, productId: 1, name: 'G-Series Laser Training Pistol', quantity: 2, unitAmount: 14999 },
    { position: 1, productId: 10, name: 'Training Knife', quantity: 1, unitAmount: 3499 },
  ],
  steps: [
    { kind: 'paid', detail: null, at: '2026-12-01T10:00:00.000Z' },
    {
      kind: 'shipped',
      detail: { carrier: 'Royal Mail', tracking: 'AB123456789GB', url: 'https://track.example/AB1' },
      at: '2026-12-02T09:00:00.000Z',
    },
    { kind: 'returned', detail: { lines: [{ productId: 10, quantity: 1 }] }, at: '2026-12-05T09:00:00.000Z' },
    { kind: 'partially_refunded', detail: { amount: 3499 }, at: '2026-12-05T09:01:00.000Z' },
  ],
};

describe('an order as its agent reads it', () => {
  it('says what was shipped with its tracking, what came back and what was refunded', () => {
    const view = ucpOrder(order);
    expect(schemaErrors(SCHEMA.order, { ucp: { version: '2026-04-08' }, ...view })).toEqual([]);
    expect(view.fulfillment.events).toEqual([
      expect.objectContaining({
        type: 'shipped',
        tracking_number: 'AB123456789GB',
        carrier: 'Royal Mail',
        occurred_at: '2026-12-02T09:00:00.000Z',
      }),
    ]);
    expect(view.line_items.map((l) => [l.id, l.quantity, l.status])).toEqual([
      ['li_1', { original: 2, total: 2, fulfilled: 2 }, 'fulfilled'],
      ['li_2', { original: 1, total: 0, fulfilled: 0 }, 'removed'],
    ]);
    expect(view.adjustments).toEqual([
      expect.objectContaining({ type: 'return', status: 'completed', line_items: [{ id: 'li_2', quantity: 1 }] }),
      expect.objectContaining({ type: 'refund', status: 'completed', totals: [{ type: 'total', amount: -3499 }] }),
    ]);
    expect(view.fulfillment.expectations[0]!.destination).toEqual({
      street_address: '1 Test Street',
      address_locality: 'Leeds',
      postal_code: 'LS1 1AA',
      address_country: 'GB',
    });
  });

  it('is still processing before it ships', () => {
    const view = ucpOrder({ ...order, steps: order.steps.slice(0, 1) });
    expect(view.line_items.every((l) => l.status === 'processing' && l.quantity.fulfilled === 0)).toBe(true);
    expect(view.fulfillment.events).toEqual([]);
  });
});
