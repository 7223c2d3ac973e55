import { describe, expect, it } from 'vitest';
import { promoMessages, stepPromo } from '#shared/site/promotions.ts';

describe('promotional strip', () => {
  it('has the 7 messages of the spec', () => {
    expect(promoMessages).toEqual([
      'Free Shipping in US, UK & EU',
      'Easy 14-Day Returns',
      '24/7 Support via chat, phone & email',
      'Used by 1,200+ shooters',
      'Subscribe & Save 5%',
      'Refer a Friend - Get 20 euros Off Each',
      'Exclusive Distributor for US, UK, FR',
    ]);
  });

  it('advances one at a time and wraps to the start after the last full view', () => {
    expect(stepPromo(0, 1, 7, 3)).toBe(1);
    expect(stepPromo(4, 1, 7, 3)).toBe(0);
    expect(stepPromo(0, -1, 7, 3)).toBe(4);
    expect(stepPromo(6, 1, 7, 1)).toBe(0);
    expect(stepPromo(0, -1, 7, 1)).toBe(6);
  });
});
