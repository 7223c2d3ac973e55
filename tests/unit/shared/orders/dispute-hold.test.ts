import { describe, expect, it } from 'vitest';
import { disputeHold, type DisputeStepLike } from '#shared/orders/dispute-hold.ts';
import { shipRefusal } from '#shared/orders/order-status.ts';

const opened = (id: string, dueBy?: string): DisputeStepLike => ({
  kind: 'dispute_opened',
  detail: { dispute: id, amount: 14999, ...(dueBy && { dueBy }) },
});
const closed = (id: string, outcome: string): DisputeStepLike => ({ kind: 'dispute_closed', detail: { dispute: id, outcome } });
const paid: DisputeStepLike = { kind: 'paid', detail: null };

describe('disputeHold', () => {
  it('holds an order while a dispute is open, with its deadline and amount', () => {
    expect(disputeHold([paid, opened('dp_1', '2026-12-03T10:00:00.000Z')])).toEqual({
      dispute: 'dp_1',
      state: 'open',
      dueBy: '2026-12-03T10:00:00.000Z',
      amount: 14999,
    });
  });

  it('lets it go once the dispute is won or closed as a warning, and holds it for good once lost', () => {
    expect(disputeHold([paid, opened('dp_1'), closed('dp_1', 'won')])).toBeNull();
    expect(disputeHold([paid, opened('dp_1'), closed('dp_1', 'warning_closed')])).toBeNull();
    expect(disputeHold([paid, opened('dp_1'), closed('dp_1', 'lost')])).toMatchObject({ dispute: 'dp_1', state: 'lost' });
    expect(disputeHold([paid])).toBeNull();
  });

  it('names an open dispute before a lost one: the owner can still act on it', () => {
    const steps = [opened('dp_1'), closed('dp_1', 'lost'), opened('dp_2')];
    expect(disputeHold(steps)).toMatchObject({ dispute: 'dp_2', state: 'open' });
  });

  it('makes shipRefusal refuse with why, after the goods’ own reasons', () => {
    const open = disputeHold([opened('dp_1')]);
    expect(shipRefusal('paid', 'unfulfilled', open)).toMatch(/disputed .*lose both the goods and the money/);
    expect(shipRefusal('paid', 'unfulfilled', disputeHold([opened('dp_1'), closed('dp_1', 'lost')]))).toMatch(/dispute was lost/);
    expect(shipRefusal('paid', 'shipped', open)).toBe('it has been shipped already');
    expect(shipRefusal('paid', 'unfulfilled', null)).toBeNull();
  });
});
