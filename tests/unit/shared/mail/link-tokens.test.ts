import { describe, expect, it } from 'vitest';
import { loggedPath } from '#shared/mail/link-tokens.ts';

describe('a path as it may be logged', () => {
  it('keeps no secret a link carries, in any market', () => {
    expect(loggedPath('/newsletter/confirm/AbC-123_xyzxyzxyzxyzxyz')).toBe('/newsletter/confirm/:token');
    expect(loggedPath('/gb/newsletter/leave/AbC-123_xyzxyzxyzxyzxyz')).toBe('/gb/newsletter/leave/:token');
    expect(loggedPath('/eu/stock-alerts/confirm/t0k3n')).toBe('/eu/stock-alerts/confirm/:token');
    expect(loggedPath('/stock-alerts/unsubscribe/t0k3n')).toBe('/stock-alerts/unsubscribe/:token');
    expect(loggedPath('/us/cart/restore/t0k3n')).toBe('/us/cart/restore/:token');
    expect(loggedPath('/mail/unsubscribe/t0k3n')).toBe('/mail/unsubscribe/:token');
    expect(loggedPath('/discount/CREDIT-ABCD1234')).toBe('/discount/:token');
  });

  it('leaves every other path as it is', () => {
    for (const path of [
      '/',
      '/gb/product/1/g-series',
      '/newsletter',
      '/newsletter/confirm',
      '/admin/orders/SP-AAAA-BBBB',
      '/cart/discount',
      '/gb/cart/discount/remove',
    ])
      expect(loggedPath(path)).toBe(path);
  });
});
