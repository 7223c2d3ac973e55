import { readFileSync } from 'node:fs';
import { describe, expect, it } from 'vitest';
import {
  availability,
  featuredProducts,
  genericSpecs,
  isPurchasable,
  nameMarker,
  parseProductId,
  plainName,
  productImages,
  productImageSize,
  productPath,
  productSlug,
  shipsSoon,
  slugify,
  specRows,
  splitSpec,
  stockTone,
} from '#shared/catalogue/product.ts';

import type { StockLevel } from '#shared/catalogue/types.ts';
import { productById, products } from '../../../support/catalogue';

const p1 = productById(1)!;

describe('product names and paths', () => {
  it('removes the emoji marker for links, keeping it apart for display', () => {
    expect(plainName('🔫 G-Series Laser Training Pistol')).toBe('G-Series Laser Training Pistol');
    expect(plainName('🎯 Pistol & Targets  Starter Bundle')).toBe('Pistol & Targets Starter Bundle');
    expect(plainName('⚔️ Blade')).toBe('Blade');
    expect(plainName('BLUE GUN G17')).toBe('BLUE GUN G17');
    expect(nameMarker('🔪 Shock Feedback Training Knife')).toBe('🔪');
    expect(nameMarker('Plain name')).toBe('');
  });

  it('slugs the plain name in kebab-case', () => {
    expect(slugify('Pistol & Targets Starter Bundle')).toBe('pistol-targets-starter-bundle');
    expect(slugify('  Éclair -- Déjà Vu!  ')).toBe('eclair-deja-vu');
    expect(productSlug({ name: '🔫 1911 Laser Training Pistol' })).toBe('1911-laser-training-pistol');
    expect(productPath({ id: 12, name: '🎯 Pistol & Targets Starter Bundle' })).toBe('/product/12/pistol-targets-starter-bundle');
  });
});

describe('product id in the route: a whole decimal number, anything else names no product', () => {
  it('accepts whole numbers only', () => {
    expect(parseProductId('1')).toBe(1);
    expect(parseProductId(' 15 ')).toBe(15);
    expect(parseProductId('007')).toBe(7);
    expect(parseProductId('-3')).toBe(-3);
    for (const bad of ['abc', '1.5', '1abc', '1e3', '', '  ', '0x10', '99999999999999999999', undefined, null]) {
      expect(parseProductId(bad), String(bad)).toBeNull();
    }
  });
});

describe('featured products', () => {
  it('are the bestsellers, products 1 and 10', () => {
    expect(featuredProducts(products).map((p) => p.id)).toEqual([1, 10]);
  });
});

describe('technical specifications', () => {
  it('splits at the first ": " only', () => {
    expect(splitSpec('App compatibility: iOS: 15+, Android: 10+')).toEqual({ label: 'App compatibility', value: 'iOS: 15+, Android: 10+' });
    expect(splitSpec('Weight: 680 g')).toEqual({ label: 'Weight', value: '680 g' });
    expect(splitSpec('Ratio 1:2')).toEqual({ label: 'Ratio 1:2', value: '' });
  });

  it('falls back to the generic table when a product has none', () => {
    expect(specRows([])).toBe(genericSpecs);
    expect(genericSpecs.length).toBeGreaterThan(0);
    expect(specRows(['Laser: Class 1'])).toEqual([{ label: 'Laser', value: 'Class 1' }]);
  });
});

// The data is typed by the union; a status outside it (a later edit, a stale cookie's item) still gets the neutral answer.
const unlisted = (status: string) => status as StockLevel;

describe('stock status: In Stock, Low Stock and Out of Stock decide availability, badge colour, Buy and dispatch; any other status is neutral', () => {
  it('maps to structured-data availability', () => {
    expect(availability('In Stock')).toBe('InStock');
    expect(availability('Low Stock')).toBe('LimitedAvailability');
    expect(availability('Out of Stock')).toBe('OutOfStock');
    expect(availability(unlisted('Discontinued'))).toBe('OutOfStock');
  });

  it('colours green, amber, red, else grey; only Out of Stock and a stock the shop cannot count block Buy; only In Stock ships soon', () => {
    expect((['In Stock', 'Low Stock', 'Out of Stock', unlisted('Pre-order')] as StockLevel[]).map(stockTone)).toEqual([
      'in',
      'low',
      'out',
      'other',
    ]);
    expect((['In Stock', 'Low Stock', 'Out of Stock', 'Stock unknown', unlisted('Pre-order')] as StockLevel[]).map(isPurchasable)).toEqual([
      true,
      true,
      false,
      false,
      true,
    ]);
    expect((['In Stock', 'Low Stock', 'Out of Stock', unlisted('Pre-order')] as StockLevel[]).map(shipsSoon)).toEqual([
      true,
      false,
      false,
      false,
    ]);
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
