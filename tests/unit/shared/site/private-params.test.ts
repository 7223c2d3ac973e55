import { describe, expect, it } from 'vitest';
import { publicSearch } from '#shared/site/private-params.ts';

describe('publicSearch', () => {
  it('drops the session id and the order token, keeping everything else as it was', () => {
    expect(publicSearch('?session_id=cs_test_1')).toBe('');
    expect(publicSearch('?product_id=2&session_id=cs_test_1')).toBe('?product_id=2');
    expect(publicSearch('?token=abc&utm_source=news')).toBe('?utm_source=news');
    expect(publicSearch('?token=a&token=b&session_id=c')).toBe('');
  });

  it('leaves a search without them untouched, encoding included', () => {
    expect(publicSearch('')).toBe('');
    expect(publicSearch('?q=laser%20pistol&page=2')).toBe('?q=laser%20pistol&page=2');
  });
});
