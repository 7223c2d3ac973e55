import { describe, expect, it } from 'vitest';
import { shopDate, shopDay, shopPeriods, shopTime } from '#shared/policy/shop-time.ts';

describe('shopTime', () => {
  it('gives a moment in the shop’s time zone with its name: GMT in winter, BST in summer', () => {
    expect(shopTime('2026-11-26T18:21:05.711Z')).toBe('26 Nov 2026, 18:21 GMT');
    expect(shopTime('2026-07-26T18:21:05.711Z')).toBe('26 Jul 2026, 19:21 BST');
    // The day follows the shop's clock: 23:30 UTC on 30 June is 1 July in London.
    expect(shopTime('2026-06-30T23:30:00Z')).toBe('1 Jul 2026, 00:30 BST');
  });

  it('leaves what is not a moment as it was', () => {
    expect(shopTime('soon')).toBe('soon');
  });
});

describe('shopPeriods', () => {
  it('starts today at midnight in London and the week on Monday', () => {
    // Thursday 26 Nov 2026, winter (GMT = UTC).
    expect(shopPeriods(Date.parse('2026-11-26T18:21:05Z'))).toEqual({
      today: '2026-11-26T00:00:00.000Z',
      week: '2026-11-23T00:00:00.000Z',
    });
    // Summer: midnight in London is 23:00 UTC the day before; 23:30 UTC on Sunday 5 July is already Monday 6 July there.
    expect(shopPeriods(Date.parse('2026-07-05T23:30:00Z'))).toEqual({
      today: '2026-07-05T23:00:00.000Z',
      week: '2026-07-05T23:00:00.000Z',
    });
    expect(shopPeriods(Date.parse('2026-07-05T22:30:00Z'))).toEqual({
      today: '2026-07-04T23:00:00.000Z',
      week: '2026-06-28T23:00:00.000Z',
    });
  });

  it('keeps midnight across a clock change inside the week', () => {
    // Clocks went back at 01:00 UTC on Sunday 25 Oct 2026: at noon (GMT) that day and that week both began in BST.
    expect(shopPeriods(Date.parse('2026-10-25T12:00:00Z'))).toEqual({
      today: '2026-10-24T23:00:00.000Z',
      week: '2026-10-18T23:00:00.000Z',
    });
    expect(shopPeriods(Date.parse('2026-10-28T12:00:00Z'))).toEqual({
      today: '2026-10-28T00:00:00.000Z',
      week: '2026-10-26T00:00:00.000Z',
    });
    // Clocks went forward on Sunday 29 Mar 2026: that Sunday's week began on Monday 23rd at 00:00 UTC (GMT).
    expect(shopPeriods(Date.parse('2026-03-29T12:00:00Z'))).toEqual({
      today: '2026-03-29T00:00:00.000Z',
      week: '2026-03-23T00:00:00.000Z',
    });
  });
});

describe('shopDate and shopDay', () => {
  it('is the shop’s calendar day: after midnight in a British summer it is already the next day there', () => {
    expect(shopDate(Date.parse('2026-07-14T23:30:00Z'))).toBe('2026-07-15');
    expect(shopDate(Date.parse('2026-12-14T23:30:00Z'))).toBe('2026-12-14');
  });

  it('writes a day as a day, with no time zone to move it', () => {
    expect(shopDay('2026-07-15')).toBe('15 Jul 2026');
    expect(shopDay('2026-11-28T23:59:00.000Z')).toBe('28 Nov 2026');
    expect(shopDay('soon')).toBe('soon');
  });
});
