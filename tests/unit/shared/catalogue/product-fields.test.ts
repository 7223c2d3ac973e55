import { describe, expect, it } from 'vitest';
import { checkedFields, fieldsFromForm, fieldsOfProduct, formOfFields, productOfFields } from '#shared/catalogue/product-fields.ts';
import { products } from '../../../support/catalogue';

/** The form and the file are one vocabulary: a product read into the form and back is the same product. */
describe('a product’s fields', () => {
  it('come back the same through the back office’s form, for every product file', () => {
    for (const product of products) {
      const { stock: _stock, ...catalogue } = product;
      const form = formOfFields(fieldsOfProduct(catalogue), catalogue.description);
      const result = checkedFields(fieldsFromForm(form, catalogue.id), form.description!);
      expect('fields' in result, product.slug).toBe(true);
      if ('fields' in result) expect(productOfFields(result.fields, form.description!)).toEqual(catalogue);
    }
  });

  it('name the field each refusal is about', () => {
    const base = formOfFields(fieldsOfProduct(products[0]!), products[0]!.description);
    const problem = (changes: Record<string, string>) => {
      const form = { ...base, ...changes };
      const result = checkedFields(fieldsFromForm(form, 1), form.description!);
      return 'problem' in result ? result.problem : null;
    };
    expect(problem({ 'prices.GBP': '-1' })).toBe('prices.GBP: must be more than 0');
    expect(problem({ 'prices.GBP': 'abc' })).toBe('prices.GBP: must be a number');
    expect(problem({ 'prices.GBP': '' })).toBe('prices.GBP is missing');
    expect(problem({ 'prices.GBP': '1.001' })).toBe('prices.GBP: must have at most two decimals');
    expect(problem({ 'full_prices.USD': '1.00' })).toBe('full_prices.USD is below prices.USD');
    expect(problem({ 'images.alt': '' })).toBe('images.alt is empty');
    expect(problem({ category: 'hats' })).toMatch(/^category: must be one of/);
    expect(problem({ slug: 'Not A Slug' })).toBe('slug: must be lower-case words joined by hyphens');
    expect(problem({ description: '  ' })).toBe('description is empty');
    expect(problem({ 'payment_links.standard': 'http://evil.example' })).toMatch(/^payment_links\.standard: must be an https address/);
    expect(problem({})).toBeNull();
  });
});
