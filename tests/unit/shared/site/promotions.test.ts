import { describe, expect, it } from 'vitest';
import { promoMessages } from '#shared/site/promotions.ts';

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
});
