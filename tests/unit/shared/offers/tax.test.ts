import { describe, expect, it } from 'vitest';
import { cartTaxNote, policyTaxBasis, priceTaxNote, regionalTaxSentence, taxBehavior, taxLineLabel } from '#shared/offers/tax.ts';

describe('tax per currency (Stripe Tax)', () => {
  it('GBP and EUR prices include VAT, USD prices get sales tax added', () => {
    expect(taxBehavior('GBP')).toBe('inclusive');
    expect(taxBehavior('EUR')).toBe('inclusive');
    expect(taxBehavior('USD')).toBe('exclusive');
  });

  it('says so beside prices and under the cart only when it is on', () => {
    expect(priceTaxNote('GBP', true)).toBe('incl. VAT');
    expect(priceTaxNote('EUR', true)).toBe('incl. VAT');
    expect(priceTaxNote('USD', true)).toBe('plus sales tax');
    for (const currency of ['GBP', 'EUR', 'USD'] as const) {
      expect(priceTaxNote(currency, false)).toBeNull();
      expect(cartTaxNote(currency, false)).toBeNull();
    }
    expect(cartTaxNote('GBP', true)).toMatch(/^Prices include VAT\. Business buyers can add a VAT number/);
    expect(cartTaxNote('USD', true)).toMatch(/^Sales tax, where it applies, is added at checkout/);
  });

  it('words the policies and an order’s tax line to match', () => {
    expect(policyTaxBasis(false, 'EUR')).toBe('exclude taxes');
    expect(policyTaxBasis(true, 'GBP')).toBe('include VAT');
    expect(policyTaxBasis(true, 'EUR')).toBe('include VAT');
    expect(policyTaxBasis(true, 'USD')).toBe('exclude sales tax, which is added at checkout where it applies');
    expect(regionalTaxSentence(false)).toBeNull();
    expect(regionalTaxSentence(true)).toContain('US dollar prices are before sales tax');
    expect(taxLineLabel({ label: 'VAT 20%', inclusive: true })).toBe('VAT 20% (included)');
    expect(taxLineLabel({ label: 'Sales Tax 6.25%', inclusive: false })).toBe('Sales Tax 6.25%');
    expect(taxLineLabel({ label: null, inclusive: false })).toBe('Tax');
  });
});
