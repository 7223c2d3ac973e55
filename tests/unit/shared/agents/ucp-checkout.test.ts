import { describe, expect, it } from 'vitest';
import { checkoutView, type AgentCheckout } from '#shared/agents/ucp-checkout.ts';
import { freeShippingThreshold } from '#shared/cart/shipping.ts';
import { productById } from '../../../support/catalogue';

/**
 * A session's view from what is kept: its status from what is missing, totals that add up, the
 * shipping policy's options, a code's discount, each stop said once. Figures from the product files
 * (the G-Series: £149.99) and the shipping policy (UK standard £4.99, free over its threshold; express £9.99).
 */
const NOW = 1_800_000_000;
const base: AgentCheckout = {
  id: 'chk_0123456789abcdefghijkl',
  status: 'open',
  region: 'UK',
  lines: [{ id: 'li_1', itemId: '1', productId: 1, quantity: 2 }],
  buyer: { email: 'vera@example.com' },
  destination: { address_country: 'GB', postal_code: 'LS1 1AA' },
  option: 'standard',
  held: true,
  short: [],
  codes: [],
  offer: null,
  unknownCodes: [],
  continueUrl: null,
  orderNumber: null,
  expiresAt: NOW + 1800,
};
const view = (more: Partial<AgentCheckout> = {}, now = NOW) =>
  checkoutView(
    { ...base, ...more },
    { product: productById, siteUrl: 'https://shop.example', duties: { US: 'about 10%', ROW: 'some' }, now },
  );
const errors = (v: ReturnType<typeof view>) => v.messages.filter((m) => m.type === 'error').map((m) => m.code);
const total = (v: ReturnType<typeof view>) => v.totals.find((t) => t.type === 'total')!.amount;

describe('a checkout session’s view', () => {
  it('is ready with nothing missing, and its totals add up', () => {
    const v = view();
    expect(v.status).toBe('ready_for_complete');
    expect(v.currency).toBe('GBP');
    expect(v.totals).toEqual([
      { type: 'subtotal', amount: 29998 },
      { type: 'fulfillment', display_text: 'Standard delivery', amount: 0 },
      { type: 'total', amount: 29998 },
    ]);
    expect(view({ option: 'express' }).totals.at(-1)).toEqual({ type: 'total', amount: 29998 + 999 });
  });

  it('charges standard delivery under the free threshold, in the market of the destination', () => {
    const small = view({ lines: [{ id: 'li_1', itemId: '10', productId: 10, quantity: 1 }] });
    const knife = Math.round(productById(10)!.prices.GBP * 100);
    // The policy's threshold decides (£102.99 is under it): standard delivery is charged.
    expect(knife).toBeLessThanOrEqual(freeShippingThreshold('GBP'));
    expect(total(small)).toBe(knife + 499);
    const us = view({ region: 'US', destination: { address_country: 'US' } });
    expect(us.currency).toBe('USD');
    expect(us.messages).toContainEqual(expect.objectContaining({ type: 'info', code: 'duties' }));
  });

  it('says each thing that stops it, and is incomplete until each is resolved', () => {
    const v = view({
      buyer: null,
      destination: null,
      lines: [
        { id: 'li_1', itemId: '1', productId: 1, quantity: 2 },
        { id: 'li_2', itemId: 'nope', productId: null, quantity: 1 },
      ],
      short: [{ productId: 1, available: 1 }],
    });
    expect(v.status).toBe('incomplete');
    expect(errors(v).toSorted()).toEqual(['item_unavailable', 'missing', 'missing', 'out_of_stock']);
    expect(v.totals.map((t) => t.type)).toEqual(['subtotal', 'total']);
    expect(errors(view({ destination: { address_country: 'NO' } }))).toEqual(['address_undeliverable']);
    const capped = view({ short: [{ productId: 1, available: -1 }] });
    expect(capped.messages).toContainEqual(
      expect.objectContaining({ code: 'out_of_stock', content: expect.stringContaining('ask for fewer') }),
    );
  });

  it('follows the session’s life: handed to the payment page, paid, ended', () => {
    const handed = view({ status: 'escalated', continueUrl: 'https://pay.example/cs_1' });
    expect(handed.status).toBe('requires_escalation');
    expect(handed.continue_url).toBe('https://pay.example/cs_1');
    expect(handed.messages).toContainEqual(expect.objectContaining({ code: 'payment_required', severity: 'requires_buyer_input' }));
    const paid = view({ status: 'completed', orderNumber: 'SP-ABCD-EFGH' }, NOW + 99_999);
    expect(paid.status).toBe('completed');
    expect(paid.order).toMatchObject({ id: 'SP-ABCD-EFGH' });
    expect(view({}, NOW + 1800).status).toBe('canceled');
    expect(view({ status: 'canceled' }).status).toBe('canceled');
  });

  it('takes one code’s discount off, and says why another gives nothing', () => {
    const offer = { id: 'promo_1', code: 'SPRING10', percentOff: 10, amountOff: {}, minimum: {} };
    const v = view({ codes: ['SPRING10', 'TAKE15'], offer });
    expect(v.discounts.applied).toEqual([{ code: 'SPRING10', title: '10% off', amount: 3000, method: 'across' }]);
    expect(total(v)).toBe(29998 - 3000);
    expect(v.messages).toContainEqual(
      expect.objectContaining({ code: 'discount_code_combination_disallowed', path: '$.discounts.codes[1]' }),
    );
    const short = view({
      codes: ['BIG'],
      offer: { id: 'promo_2', code: 'BIG', percentOff: null, amountOff: { GBP: 1000 }, minimum: { GBP: 50_000 } },
    });
    expect(short.discounts.applied).toEqual([]);
    expect(short.messages).toContainEqual(expect.objectContaining({ code: 'discount_code_user_ineligible' }));
    expect(view({ codes: ['CREDIT-ABC'] }).messages).toContainEqual(expect.objectContaining({ code: 'discount_code_user_ineligible' }));
    expect(view({ codes: ['NOPE'], unknownCodes: ['NOPE'] }).messages).toContainEqual(
      expect.objectContaining({ code: 'discount_code_invalid' }),
    );
    // A code is a warning, never a stop.
    expect(view({ codes: ['NOPE'], unknownCodes: ['NOPE'] }).status).toBe('ready_for_complete');
  });
});
