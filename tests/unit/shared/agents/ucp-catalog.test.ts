import { describe, expect, it } from 'vitest';
import { cursorOf, offsetOf, regionOfContext, searchPage, shopItemId, ucpProduct } from '#shared/agents/ucp-catalog.ts';
import { productById, products } from '../../../support/catalogue';

describe('the catalogue as agents read it', () => {
  it('puts the buyer in the market of their country, as the shop’s regions decide', () => {
    expect(regionOfContext({ address_country: 'GB' })).toBe('UK');
    expect(regionOfContext({ address_country: 'us' })).toBe('US');
    expect(regionOfContext({ address_country: 'DE' })).toBe('EU');
    expect(regionOfContext({ address_country: 'JP' })).toBe('EU');
    expect(regionOfContext({}, 'US')).toBe('US');
    expect(regionOfContext({ address_country: 'XX' }, 'UK')).toBe('UK');
  });

  it('knows a product by its number or SKU, and nothing else', () => {
    expect([shopItemId('1'), shopItemId('SP-12'), shopItemId('sp-3')]).toEqual([1, 12, 3]);
    expect([shopItemId('0'), shopItemId('1.5'), shopItemId('abc'), shopItemId('1; drop'), shopItemId('')]).toEqual([
      null,
      null,
      null,
      null,
      null,
    ]);
  });

  it('prices a product in minor units of the market, its full price when higher, its page in the market', () => {
    const pistol = { ...productById(1)!, available: 3 };
    const gb = ucpProduct(pistol, 'UK', 'https://shop.example');
    expect(gb.price_range.min).toEqual({ amount: 14999, currency: 'GBP' });
    expect(gb.list_price_range?.min).toEqual({ amount: 18199, currency: 'GBP' });
    expect(gb.url).toBe('https://shop.example/gb/product/1/g-series-laser-training-pistol');
    expect(gb.variants[0]!.availability).toEqual({ available: true, status: 'in_stock' });
    expect(ucpProduct({ ...pistol, stock: 'Out of Stock', available: 0 }, 'US', 'https://shop.example').variants[0]!.availability).toEqual({
      available: false,
      status: 'out_of_stock',
    });
  });

  it('pages a search by cursor without losing or repeating a product', () => {
    const seen: number[] = [];
    let offset: number | null = 0;
    while (offset !== null) {
      const page: { items: ReadonlyArray<{ id: number }>; next: number | null } = searchPage(products, '', { offset, limit: 4 });
      expect(page.items.length).toBeLessThanOrEqual(4);
      seen.push(...page.items.map((p) => p.id));
      offset = page.next === null ? null : offsetOf(cursorOf(page.next));
    }
    expect(seen.toSorted((a, b) => a - b)).toEqual(products.map((p) => p.id).toSorted((a, b) => a - b));
    expect(offsetOf('not a cursor')).toBeNull();
    // Ten copies of the catalogue: a page is 10 unless asked, and never more than 50, however much is asked.
    const many = Array.from({ length: 10 }, (_, copy) => products.map((p) => ({ ...p, id: p.id + copy * 100 }))).flat();
    expect(searchPage(many, '', { offset: 0 }).items).toHaveLength(10);
    const clamped = searchPage(many, '', { offset: 0, limit: 10_000 });
    expect(clamped.items).toHaveLength(50);
    expect(clamped.next).toBe(50);
    expect(offsetOf(btoa('o:-1'))).toBeNull();
  });
});
