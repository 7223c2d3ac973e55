import { describe, expect, it } from 'vitest';
import { formatOrderList, parseOrderListFlags } from '#worker/cli/order-report.ts';
import type { StoredOrder } from '#worker/orders/order-queries.ts';

describe('npm run orders options', () => {
  it('reads --since, --status and --limit, with or without =', () => {
    expect(parseOrderListFlags([])).toEqual({ limit: 100 });
    expect(parseOrderListFlags(['--since', '2026-11-01', '--status', 'pending'])).toEqual({
      since: '2026-11-01T00:00:00.000Z',
      status: 'pending',
      limit: 100,
    });
    expect(parseOrderListFlags(['--status=paid', '--limit=5'])).toEqual({ status: 'paid', limit: 5 });
  });

  it('refuses anything else with the usage', () => {
    for (const flags of [
      ['--since', 'yesterday'],
      ['--status', 'delivered'],
      ['--limit', '0'],
      ['--limit', '5000'],
      ['--since'],
      ['--verbose'],
    ]) {
      expect(() => parseOrderListFlags(flags), flags.join(' ')).toThrow(/orders takes --since/);
    }
  });
});

describe('the order list', () => {
  it('prints one block per order: number, date, both statuses, total, e-mail, where it stands, then the lines', () => {
    const order = {
      number: 'SP-AB12-CD34',
      createdAt: '2026-11-24T21:40:12.000Z',
      status: 'partially_refunded',
      fulfilment: 'shipped',
      total: 33497,
      refunded: 5000,
      currency: 'GBP',
      afterSale: { bought: 3, back: 1, credit: 0, creditLeft: 0, exchange: null, asked: 0 },
      email: 'shopper@example.com',
      lines: [
        { name: 'G-Series Laser Training Pistol', quantity: 2, unitAmount: 14999 },
        { name: 'Training Knife', quantity: 1, unitAmount: 3499 },
      ],
    } as unknown as StoredOrder;
    expect(formatOrderList([order]).split('\n')).toEqual([
      'SP-AB12-CD34  2026-11-24 21:40  partially_refunded  shipped         £334.97  shopper@example.com  · Partly refunded: £50.00, partly returned',
      '    2 × G-Series Laser Training Pistol  £299.98',
      '    1 × Training Knife  £34.99',
    ]);
  });
});
