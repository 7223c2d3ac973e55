import { describe, expect, it } from 'vitest';
import { addressLines, shortenedAddressLines } from '#shared/orders/address-lines.ts';

const leeds = { line1: '1 Range Road', line2: 'Flat 2', city: 'Leeds', state: null, postal_code: 'LS1 4AP', country: 'GB' };
const austin = { line1: '500 Congress Ave', line2: null, city: 'Austin', state: 'TX', postal_code: '78701', country: 'US' };

describe('shipping address lines', () => {
  it('prints the address as its country writes it, leaving out what is missing', () => {
    expect(addressLines(leeds)).toEqual(['1 Range Road', 'Flat 2', 'Leeds', 'LS1 4AP', 'United Kingdom']);
    expect(addressLines(austin)).toEqual(['500 Congress Ave', 'Austin, TX 78701', 'United States']);
    expect(addressLines({ line1: 'Hauptstraße 5', line2: null, city: 'Berlin', state: null, postal_code: '10115', country: 'DE' })).toEqual(
      ['Hauptstraße 5', '10115 Berlin', 'Germany'],
    );
    expect(addressLines({ line1: 'Main St 5', city: 'Vilnius', country: 'LT', line2: '', postal_code: null, state: null })).toEqual([
      'Main St 5',
      'Vilnius',
      'Lithuania',
    ]);
    expect(addressLines(null)).toEqual([]);
  });

  it('cuts the street short for the order page and leaves the second line out', () => {
    expect(shortenedAddressLines(leeds)).toEqual(['1 Ra…', 'Leeds', 'LS1 4AP', 'United Kingdom']);
    expect(shortenedAddressLines(austin)).toEqual(['500 …', 'Austin, TX 78701', 'United States']);
    expect(shortenedAddressLines({ ...leeds, line1: 'Pk 1' })[0]).toBe('Pk 1');
    expect(shortenedAddressLines(null)).toEqual([]);
  });
});
