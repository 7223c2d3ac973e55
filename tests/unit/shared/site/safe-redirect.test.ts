import * as fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import { consentReturnPath } from '#shared/visitor/consent.ts';
import { sameSitePath } from '#shared/site/safe-redirect.ts';

const SITE = 'https://shop.example';

/** Where a browser goes for a Location value, from a page of this site (WHATWG URL, as browsers resolve it). */
const followed = (location: string) => new URL(location, `${SITE}/discount/SPRING10`);

describe('sameSitePath (?redirect= and every return value)', () => {
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
    // The audit's reproductions: dot segments and %2e resolved into a leading '//'.
    '/.//evil.example/pay',
    '/a/..//evil.example',
    '/%2e//evil.example',
    '/gb/..//evil.example',
    '/%2E%2E//evil.example',
    'javascript:alert(1)',
    'products',
    '',
    undefined,
    null,
  ])('refuses %j', (value) => {
    expect(sameSitePath(value)).toBeNull();
  });

  it('never gives a value a browser would follow off the site, over generated tricks', () => {
    const piece = fc.constantFrom(
      '/',
      '//',
      '\\',
      '/\\',
      '.',
      '..',
      '%2e',
      '%2E',
      '%2f',
      '%2F',
      '%5c',
      '%00',
      '\t',
      '\n',
      '\r',
      ' ',
      '@',
      ':',
      'evil.example',
      'javascript:',
      'https:',
      'http://evil.example',
      '?',
      '#',
      '&',
      'é',
      '\u3002',
      '\uff0f',
      '\u2215',
      'gb',
      'products',
      'a',
      '%',
      '%%',
      '%25',
      '\u0000',
      '\u007f',
      '\ufeff',
    );
    const value = fc.array(piece, { minLength: 1, maxLength: 10 }).map((parts) => parts.join(''));
    fc.assert(
      fc.property(value, (raw) => {
        for (const candidate of [raw, `/${raw}`]) {
          const kept = sameSitePath(candidate);
          if (kept === null) continue;
          expect(kept.startsWith('/') && !kept.startsWith('//') && !kept.startsWith('/\\')).toBe(true);
          expect(followed(kept).origin).toBe(SITE);
        }
      }),
      { numRuns: 1000 },
    );
  });

  it('is the consent banner return path too (home for anything else)', () => {
    expect(consentReturnPath('/gb/cart')).toBe('/gb/cart');
    expect(consentReturnPath('/.//evil.example')).toBe('/');
    expect(consentReturnPath(42)).toBe('/');
  });
});
