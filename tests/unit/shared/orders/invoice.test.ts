import { describe, expect, it } from 'vitest';
import { invoiceVat, sellerOf } from '#shared/orders/invoice.ts';

const order = { total: 15498, tax: 0, taxLabel: null, taxInclusive: false };

describe('the seller on an invoice', () => {
  it('is the UK company at Leeds for pounds and dollars, with the UK VAT number when set', () => {
    expect(sellerOf('GBP', { VAT_NUMBER_GB: 'GB123456789' })).toMatchObject({
      name: 'StrikePoint Training Ltd',
      lines: ['Unit 4, Riverside Business Park', 'Leeds LS10 1AB', 'United Kingdom'],
      dispatchedFrom: null,
      vatNumber: 'GB123456789',
    });
    expect(sellerOf('USD', {}).vatNumber).toBeNull();
  });

  it('for euros: the EU entity at Vilnius when named, else the UK company at its own address, dispatched from Vilnius', () => {
    expect(sellerOf('EUR', { LEGAL_NAME_LT: 'StrikePoint Training UAB', VAT_NUMBER_LT: 'LT100000000000' })).toMatchObject({
      name: 'StrikePoint Training UAB',
      lines: ['Savanorių pr. 178', '03154 Vilnius', 'Lithuania'],
      dispatchedFrom: null,
      vatNumber: 'LT100000000000',
    });
    expect(sellerOf('EUR', { VAT_NUMBER_GB: 'GB123456789' })).toMatchObject({
      name: 'StrikePoint Training Ltd',
      lines: ['Unit 4, Riverside Business Park', 'Leeds LS10 1AB', 'United Kingdom'],
      dispatchedFrom: 'Vilnius',
      // The UK number says nothing of goods leaving Lithuania.
      vatNumber: null,
    });
  });
});

describe('VAT on an invoice', () => {
  it('is none without a VAT number: the document is not a VAT invoice', () => {
    expect(invoiceVat({ ...order, currency: 'GBP' }, { vatNumber: null, country: 'GB' })).toBeNull();
  });

  it('for goods sent from Vilnius to a buyer in another member state, that state’s rate (OSS); home, unknown or outside the EU, Lithuania’s', () => {
    const euro = { ...order, currency: 'EUR' as const };
    const lt = { vatNumber: 'LT1', country: 'LT' as const };
    const [fr] = invoiceVat(euro, lt, 'FR')!;
    expect(fr).toEqual({ rate: 20, net: 12915, vat: 2583, note: "France's rate: a distance sale within the EU (OSS)" });
    const [de] = invoiceVat(euro, lt, 'DE')!;
    expect([de!.rate, de!.net + de!.vat]).toEqual([19, 15498]);
    expect(invoiceVat(euro, lt, 'FI')![0]!.rate).toBe(25.5);
    for (const home of ['LT', null, 'XX']) expect(invoiceVat(euro, lt, home)).toEqual(invoiceVat(euro, lt));
    expect(invoiceVat(euro, lt)![0]).toMatchObject({ rate: 21, note: null });
    // Sterling orders leave Leeds for the UK: its rate whatever the address says.
    expect(invoiceVat({ ...order, currency: 'GBP' }, { vatNumber: 'GB1', country: 'GB' }, 'FR')![0]).toMatchObject({
      rate: 20,
      note: null,
    });
  });

  it('within prices that include it: the dispatch country’s rate, net and VAT adding up to the total', () => {
    const [gb] = invoiceVat({ ...order, currency: 'GBP' }, { vatNumber: 'GB1', country: 'GB' })!;
    expect(gb).toEqual({ rate: 20, net: 12915, vat: 2583, note: null });
    const [lt] = invoiceVat({ ...order, currency: 'EUR' }, { vatNumber: 'LT1', country: 'LT' })!;
    expect(lt!.rate).toBe(21);
    expect(lt!.net + lt!.vat).toBe(15498);
  });

  it('as Stripe Tax computed it when it did, its rate read from the label', () => {
    expect(
      invoiceVat(
        { currency: 'EUR', total: 11900, tax: 1900, taxLabel: 'VAT 19%', taxInclusive: true },
        { vatNumber: 'LT1', country: 'LT' },
      ),
    ).toEqual([{ rate: 19, net: 10000, vat: 1900, note: null }]);
  });

  it('zero-rated for dollar orders: goods leaving the country', () => {
    expect(invoiceVat({ ...order, currency: 'USD' }, { vatNumber: 'GB1', country: 'GB' })).toEqual([
      { rate: 0, net: 15498, vat: 0, note: 'export: goods sent outside the country they leave from' },
    ]);
  });
});
