import { describe, expect, it } from 'vitest';
import { carrierNamed, carriersFor, parcelOf } from '#shared/orders/carriers.ts';

describe('carriers', () => {
  it('offers each market the carriers its parcels go with, the usual first', () => {
    expect(carriersFor('GBP').map((c) => c.name)).toEqual(['Royal Mail', 'DPD', 'DHL', 'UPS', 'FedEx']);
    expect(carriersFor('EUR')[0]!.name).toBe('DPD (Europe)');
    expect(carriersFor('USD')[0]!.name).toBe('USPS');
  });

  it('knows a carrier by its id or its name in any case', () => {
    expect(carrierNamed('royal-mail')?.name).toBe('Royal Mail');
    expect(carrierNamed(' fedex ')?.name).toBe('FedEx');
    expect(carrierNamed('Parcelforce')).toBeUndefined();
  });

  it('builds the tracking page from carrier and number (spaces dropped, the number escaped)', () => {
    expect(parcelOf({ carrier: 'ups', tracking: '1Z 999 AA1', url: null })).toEqual({
      carrier: 'UPS',
      tracking: '1Z 999 AA1',
      url: 'https://www.ups.com/track?tracknum=1Z999AA1',
    });
    // A page typed for this parcel wins.
    expect(parcelOf({ carrier: 'DHL', tracking: 'JD0146', url: 'https://dhl.example/JD0146' })).toMatchObject({
      url: 'https://dhl.example/JD0146',
    });
  });

  it('takes another carrier only with its name and an https tracking page', () => {
    expect(
      parcelOf({ carrier: 'other', otherName: 'Parcelforce', tracking: 'PF123456', url: 'https://parcelforce.example/PF123456' }),
    ).toEqual({
      carrier: 'Parcelforce',
      tracking: 'PF123456',
      url: 'https://parcelforce.example/PF123456',
    });
    expect(parcelOf({ carrier: 'other', otherName: ' ', tracking: 'PF123456', url: 'https://x.example' })).toEqual({
      refusal: 'Name the carrier (it is not on the list).',
    });
    expect(parcelOf({ carrier: 'Parcelforce', tracking: 'PF123456', url: null })).toEqual({
      refusal: 'Give Parcelforce’s tracking page for this parcel (an https address): the shopper’s mail links it.',
    });
    expect(parcelOf({ carrier: 'Parcelforce', tracking: 'PF123456', url: 'http://x.example' })).toEqual({
      refusal: 'http://x.example is not an https address',
    });
  });

  it('refuses a parcel without a carrier or a tracking number, saying why', () => {
    expect(parcelOf({ carrier: null, tracking: 'AB123456789GB', url: null })).toEqual({
      refusal: 'Choose the carrier: the shopper’s mail links its tracking page.',
    });
    expect(parcelOf({ carrier: 'dpd', tracking: '  ', url: null })).toEqual({ refusal: 'Enter the tracking number the carrier gave.' });
    expect(parcelOf({ carrier: 'dpd', tracking: 'RM!!', url: null })).toEqual({
      refusal: 'RM!! is not a tracking number (letters, digits, 4-64)',
    });
  });
});
