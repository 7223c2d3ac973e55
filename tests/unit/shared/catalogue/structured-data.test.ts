import { describe, expect, it } from 'vitest';

import { productJsonLd } from '#shared/catalogue/structured-data.ts';
import { productById } from '../../../support/catalogue';

const p1 = productById(1)!;

describe('product structured data', () => {
  it('is a Product with brand and one offer per currency at the displayed prices', () => {
    const data = productJsonLd(p1, 'https://shop.example') as Record<string, unknown>;
    expect(data).toMatchObject({
      '@type': 'Product',
      name: 'G-Series Laser Training Pistol',
      sku: '1',
      url: 'https://shop.example/product/1/g-series-laser-training-pistol',
      brand: { '@type': 'Brand', name: 'StrikePoint Training' },
    });
    expect(data.image).toEqual([
      'https://shop.example/images/raster/products/1-main.jpg',
      'https://shop.example/images/raster/products/1-card.jpg',
      'https://shop.example/images/raster/products/1-landscape.jpg',
    ]);
    const offers = data.offers as Array<Record<string, string>>;
    expect(offers.map((o) => [o.priceCurrency, o.price])).toEqual([
      ['USD', '189.99'],
      ['EUR', '174.99'],
      ['GBP', '149.99'],
    ]);
    for (const offer of offers) expect(offer.availability).toBe('https://schema.org/InStock');
    const gbpFirst = productJsonLd(p1, 'https://shop.example', 'GBP') as { offers: Array<Record<string, string>> };
    expect(gbpFirst.offers.map((o) => o.priceCurrency)).toEqual(['GBP', 'USD', 'EUR']);
    expect(offers[0]!.seller).toEqual({ '@id': 'https://shop.example/#organization' });
  });

  it('states limited and no availability for low and out of stock', () => {
    const low = productJsonLd(productById(8)!, 'https://shop.example') as { offers: Array<{ availability: string }> };
    const out = productJsonLd(productById(11)!, 'https://shop.example') as { offers: Array<{ availability: string }> };
    expect(low.offers[0]!.availability).toBe('https://schema.org/LimitedAvailability');
    expect(out.offers[0]!.availability).toBe('https://schema.org/OutOfStock');
  });

  it('says whether VAT is in each price when Stripe Tax is on: in GBP and EUR, not in USD', () => {
    const taxed = productJsonLd(productById(1)!, 'https://shop.example', 'GBP', null, { taxOn: true }) as {
      offers: Array<{ priceCurrency: string; price: string; priceSpecification: { valueAddedTaxIncluded: boolean; price: string } }>;
    };
    expect(Object.fromEntries(taxed.offers.map((o) => [o.priceCurrency, o.priceSpecification.valueAddedTaxIncluded]))).toEqual({
      GBP: true,
      USD: false,
      EUR: true,
    });
    expect(taxed.offers.every((o) => o.priceSpecification.price === o.price)).toBe(true);
    const untaxed = productJsonLd(productById(1)!, 'https://shop.example') as { offers: Array<Record<string, unknown>> };
    expect(untaxed.offers.some((o) => 'priceSpecification' in o)).toBe(false);
  });
});
