import { describe, expect, it } from 'vitest';
import { promoMessages } from '#shared/site/promotions.ts';

describe('promotional strip', () => {
  it('has the 7 messages, each offer with its condition in the visitor’s currency', () => {
    expect(promoMessages('GBP').map((m) => m.text)).toEqual([
      'Free UK, EU & US delivery over £150',
      'Easy 14-Day Returns',
      '24/7 Support via chat, phone & email',
      'Used by 1,200+ shooters',
      'Subscribe & Save 5%',
      'Refer a Friend: £17 off for each of you',
      'Exclusive Distributor for US, UK, FR',
    ]);
    expect(promoMessages('EUR')[0]!.text).toBe('Free UK, EU & US delivery over €175');
    expect(promoMessages('USD')[0]!.text).toBe('Free UK, EU & US delivery over $200');
    expect(promoMessages('EUR')[5]!.text).toBe('Refer a Friend: €20 off for each of you');
  });

  it('Subscribe & Save leads to the Digest’s sign-up; nothing else is a link', () => {
    expect(promoMessages('GBP').filter((m) => m.href)).toEqual([{ text: 'Subscribe & Save 5%', href: '/newsletter' }]);
  });
});
