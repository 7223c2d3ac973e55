import { describe, expect, it } from 'vitest';
import { shopTime } from '#shared/policy/shop-time.ts';

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
