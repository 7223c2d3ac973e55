import { readFileSync } from 'node:fs';
import { describe, expect, it } from 'vitest';
import { analyticsItem, purchaseEvent, viewItemEvent, viewItemListEvent } from '#shared/catalogue/analytics.ts';
import { productImages, productImageSize, productById } from '#shared/catalogue/product.ts';
import { products } from '#shared/catalogue/products.ts';
import { productJsonLd } from '#shared/catalogue/structured-data.ts';

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
      'https://shop.example/images/products/1-main.svg',
      'https://shop.example/images/products/1-card.svg',
      'https://shop.example/images/products/1-landscape.svg',
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
});

describe('gallery images', () => {
  it('lists main, technical card and landscape with their sizes', () => {
    expect(productImages(p1).map((i) => [i.src, i.width, i.height])).toEqual([
      ['/images/products/1-main.svg', 800, 800],
      ['/images/products/1-card.svg', 800, 1000],
      ['/images/products/1-landscape.svg', 1200, 630],
    ]);
    expect(productImages({ ...p1, technical_card_url: '', landscape_url: '' })).toHaveLength(1);
    expect(productImages({ ...p1, image_url: '', technical_card_url: '', landscape_url: '' })).toEqual([]);
  });

  it('states the size each supplied image file really has', () => {
    for (const p of products) {
      for (const image of productImages(p).filter((i) => i.src.endsWith('.svg'))) {
        const svg = readFileSync(`public${image.src}`, 'utf8');
        const [, width, height] = svg.match(/<svg[^>]*\swidth="(\d+)"[^>]*\sheight="(\d+)"/) ?? [];
        expect([Number(width), Number(height)], image.src).toEqual([image.width, image.height]);
      }
    }
    expect(productImageSize.landscape).toEqual({ width: 1200, height: 630 });
  });
});

describe('ecommerce events', () => {
  it('carries the plain name and USD price', () => {
    expect(analyticsItem(p1, 2)).toEqual({ item_id: '1', item_name: 'G-Series Laser Training Pistol', price: 189.99, item_category: 'pistols', index: 2 });
    expect(analyticsItem(p1)).not.toHaveProperty('index');
    expect(viewItemEvent(analyticsItem(p1))).toEqual({
      event: 'view_item',
      ecommerce: { currency: 'USD', value: 189.99, items: [analyticsItem(p1)] },
    });
    expect(viewItemListEvent('pistols', 'Pistol Trainers', []).ecommerce).toEqual({ item_list_id: 'pistols', item_list_name: 'Pistol Trainers', items: [] });
  });

  it('builds the purchase with the session as transaction id, no tax or shipping', () => {
    expect(purchaseEvent('cs_test_1', analyticsItem(p1)).ecommerce).toEqual({
      transaction_id: 'cs_test_1',
      value: 189.99,
      tax: 0,
      shipping: 0,
      currency: 'USD',
      items: [analyticsItem(p1)],
    });
  });
});
