import { describe, expect, it } from 'vitest';
import { adminAddresses, adminReturnPath, isAdmin, normaliseAddress, orderCursor, readOrderQuery } from '#shared/admin/admin-rules.ts';

describe('who may enter the back office', () => {
  it('reads ADMIN_EMAILS as trimmed, lower-cased addresses and drops what is not one', () => {
    expect(adminAddresses(' Owner@Example.com, second@example.com ,,not-an-address')).toEqual(['owner@example.com', 'second@example.com']);
    expect(adminAddresses(undefined)).toEqual([]);
    expect(adminAddresses('')).toEqual([]);
  });

  it('matches an address in any case, and nothing else', () => {
    const admins = adminAddresses('owner@example.com');
    expect(isAdmin('OWNER@example.com ', admins)).toBe(true);
    for (const other of ['owner@example.co', 'owner+x@example.com', '', null, undefined]) expect(isAdmin(other, admins)).toBe(false);
    expect(normaliseAddress('x'.repeat(250) + '@a.io')).toBeNull();
  });

  it('takes any part of a number, name or address of 3 characters or more; fewer find nothing rather than everything', () => {
    expect(readOrderQuery(new URLSearchParams('q=FN97')).search).toEqual({ text: 'FN97' });
    expect(readOrderQuery(new URLSearchParams('q=  Bar Trainer ')).search).toEqual({ text: 'Bar Trainer' });
    expect(readOrderQuery(new URLSearchParams('q=ab')).search).toEqual({ tooShort: true });
    expect(readOrderQuery(new URLSearchParams('q=%20%20')).search).toBeNull();
  });
});

describe('the orders page query', () => {
  it('takes known statuses, a number (any case) or an address, and a cursor; ignores the rest', () => {
    const q = readOrderQuery(new URLSearchParams('status=paid&fulfilment=shipped&q=sp-7k2m-9qx4&before=2026-11-26T10:00:00.000Z~42'));
    expect(q).toEqual({
      status: 'paid',
      fulfilment: 'shipped',
      search: { number: 'SP-7K2M-9QX4' },
      before: { createdAt: '2026-11-26T10:00:00.000Z', id: 42 },
      typed: 'sp-7k2m-9qx4',
    });
    expect(readOrderQuery(new URLSearchParams('q=Shopper@Example.com')).search).toEqual({ email: 'shopper@example.com' });
    const junk = readOrderQuery(new URLSearchParams('status=shipped&fulfilment=paid&q=hello&before=yesterday'));
    expect(junk).toMatchObject({ status: null, fulfilment: null, search: { text: 'hello' }, before: null, typed: 'hello' });
    expect(readOrderQuery(new URLSearchParams('q=')).search).toBeNull();
    expect(orderCursor({ createdAt: '2026-11-26T10:00:00.000Z', id: 42 })).toBe('2026-11-26T10:00:00.000Z~42');
  });
});

describe('where signing in returns to', () => {
  it('keeps a back-office page with its query, and sends anything else to Today', () => {
    expect(adminReturnPath('/admin/stock')).toBe('/admin/stock');
    expect(adminReturnPath('/admin/orders/SP-FN97-KDK8')).toBe('/admin/orders/SP-FN97-KDK8');
    expect(adminReturnPath('/admin/orders?q=ann%40example.com&status=paid')).toBe('/admin/orders?q=ann%40example.com&status=paid');
    for (const bad of [
      undefined,
      '',
      '//evil.example',
      'https://evil.example/admin',
      '/admin/../contact',
      '/admin//evil.example',
      '/admin\\evil',
      '/adminx',
      '/admin/sign-in',
      '/admin/sign-in/link?token=x',
      `/admin/${'a'.repeat(400)}`,
    ])
      expect(adminReturnPath(bad), String(bad)).toBe('/admin');
  });
});
