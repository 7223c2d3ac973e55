import { describe, expect, it } from 'vitest';
import { retryDelayMs } from '#worker/mail/retry-schedule.ts';

describe('retryDelayMs', () => {
  it('doubles from one minute and stays at one hour, never stopping', () => {
    expect([1, 2, 3, 4, 5, 6, 7].map((n) => retryDelayMs(n) / 60_000)).toEqual([1, 2, 4, 8, 16, 32, 60]);
    expect(retryDelayMs(500)).toBe(60 * 60_000);
    expect(retryDelayMs(0)).toBe(60_000);
  });
});
