import { describe, expect, it } from 'vitest';
import { POLICIES_LAST_UPDATED } from '#shared/policy/figures.ts';
import { formatMarketDate } from '#shared/site/dates.ts';

describe('dates as the market writes them', () => {
  it('day-month-year in the UK, Europe and without a market (the shop is British); month-day-year in the US; the same day in every time zone', () => {
    expect(formatMarketDate(POLICIES_LAST_UPDATED, 'gb')).toBe('11 April 2025');
    expect(formatMarketDate(POLICIES_LAST_UPDATED, 'eu')).toBe('11 April 2025');
    expect(formatMarketDate(POLICIES_LAST_UPDATED, null)).toBe('11 April 2025');
    expect(formatMarketDate(POLICIES_LAST_UPDATED, 'us')).toBe('April 11, 2025');
    expect(formatMarketDate('2024-12-31T23:30:00Z', 'gb')).toBe('31 December 2024');
    expect(formatMarketDate('2024-12-31T23:30:00Z', 'us')).toBe('December 31, 2024');
  });

  it('rejects text that is not a date', () => {
    expect(() => formatMarketDate('yesterday', 'gb')).toThrow(RangeError);
  });
});
