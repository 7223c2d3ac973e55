import { describe, expect, it } from 'vitest';
import { addressLines, shortenedAddressLines } from '#worker/orders/order-address.ts';

const leeds = { line1: '1 Range Road', line2: 'Flat 2', city: 'Leeds', state: null, postal_code: 'LS1 4AB', country: 'GB' };

describe('shipping address lines', () => {
  it('prints the address as a label would, leaving out what is missing', () => {
    expect(addressLines(leeds)).toEqual(['1 Range Road', 'Flat 2', 'LS1 4AB Leeds', 'United Kingdom']);
    expect(addressLines({ line1: 'Main St 5', city: 'Vilnius', country: 'LT', line2: '', postal_code: null, state: null })).toEqual([
      'Main St 5',
      'Vilnius',
      'Lithuania',
    ]);
    expect(addressLines(null)).toEqual([]);
  });

  it('cuts the street short for the order page and leaves the second line out', () => {
    expect(shortenedAddressLines(leeds)).toEqual(['1 Ra…', 'LS1 4AB Leeds', 'United Kingdom']);
    expect(shortenedAddressLines({ ...leeds, line1: 'Pk 1' })[0]).toBe('Pk 1');
    expect(shortenedAddressLines(null)).toEqual([]);
  });
});
