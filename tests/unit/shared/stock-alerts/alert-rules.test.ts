import { describe, expect, it } from 'vitest';
import { alertEmailKeyText, confirmationLive, howManyToTell, readAlertRequest } from '#shared/stock-alerts/alert-rules.ts';

describe('a back-in-stock request as posted', () => {
  it('takes one address (trimmed) and a product id', () => {
    expect(readAlertRequest({ email: '  ann@example.com ', product_id: '11' })).toEqual({
      ok: true,
      email: 'ann@example.com',
      productId: 11,
    });
  });

  it.each([
    [{ product_id: '11' }, 'email_required'],
    [{ email: '   ', product_id: '11' }, 'email_required'],
    [{ email: 'ann', product_id: '11' }, 'email_invalid'],
    [{ email: 'ann@example.com, bob@example.com', product_id: '11' }, 'email_invalid'],
    [{ email: `${'a'.repeat(250)}@example.com`, product_id: '11' }, 'email_invalid'],
    [{ email: 'ann@example.com', product_id: '1e3' }, 'product_invalid'],
    [{ email: 'ann@example.com' }, 'product_invalid'],
  ])('refuses %j: %s', (fields, problem) => {
    expect(readAlertRequest(fields)).toEqual({ ok: false, problem });
  });

  it('finds one mailbox written two ways as one request', () => {
    expect(alertEmailKeyText('Ann.Lee+shop@GMail.com')).toBe(alertEmailKeyText('annlee@gmail.com'));
    expect(alertEmailKeyText('ann@example.com')).not.toBe(alertEmailKeyText('bob@example.com'));
  });
});

describe('who a restock tells', () => {
  it('tells everyone without a factor, none when nothing is available', () => {
    expect(howManyToTell(1, undefined)).toBe(Number.POSITIVE_INFINITY);
    expect(howManyToTell(0, undefined)).toBe(0);
    expect(howManyToTell(0, 2)).toBe(0);
  });

  it('tells units × factor, rounded up, at least one', () => {
    expect(howManyToTell(2, 1.5)).toBe(3);
    expect(howManyToTell(5, 1)).toBe(5);
    expect(howManyToTell(1, 0.1)).toBe(1);
  });
});

describe('the confirmation link', () => {
  it('works for 48 hours', () => {
    const asked = '2026-11-26T10:00:00.000Z';
    expect(confirmationLive(asked, new Date('2026-11-28T10:00:00.000Z'))).toBe(true);
    expect(confirmationLive(asked, new Date('2026-11-28T10:00:01.000Z'))).toBe(false);
  });
});
