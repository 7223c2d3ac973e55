import { describe, expect, it } from 'vitest';
import { sameSitePath } from '#shared/site/safe-redirect.ts';

describe('sameSitePath (?redirect=)', () => {
  it('keeps a path of this site with its query and fragment', () => {
    expect(sameSitePath('/gb/products')).toBe('/gb/products');
    expect(sameSitePath('/products?category=knives#top')).toBe('/products?category=knives#top');
    expect(sameSitePath('/a/../cart')).toBe('/cart');
  });

  it.each([
    'https://evil.example/',
    '//evil.example/x',
    '/\\evil.example',
    '/\t/evil.example',
    '/\n/evil.example',
    'javascript:alert(1)',
    'products',
    '',
    undefined,
    null,
  ])('refuses %j', (value) => {
    expect(sameSitePath(value)).toBeNull();
  });
});
