import { describe, expect, it } from 'vitest';
import { POLICIES_LAST_UPDATED } from '#shared/policy/figures.ts';
import { formatLongDate } from '#shared/site/dates.ts';

describe('long dates', () => {
  it('shows ISO dates in en-US long format on the same day in every time zone', () => {
    expect(formatLongDate(POLICIES_LAST_UPDATED)).toBe('April 11, 2025');
    expect(formatLongDate('2025-01-01')).toBe('January 1, 2025');
    expect(formatLongDate('2024-12-31T23:30:00Z')).toBe('December 31, 2024');
  });

  it('rejects text that is not a date', () => {
    expect(() => formatLongDate('yesterday')).toThrow(RangeError);
  });
});
