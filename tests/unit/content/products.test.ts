import { existsSync } from 'node:fs';
import { describe, expect, it } from 'vitest';
import { categories } from '#shared/catalogue/categories.ts';

import { discount, displayFullPrice } from '#shared/catalogue/prices.ts';
import { productById, products } from '../../support/catalogue';

const ids = (filter: (p: (typeof products)[number]) => boolean) =>
  products
    .filter(filter)
    .map((p) => p.id)
    .toSorted((a, b) => a - b);

describe('the catalogue: 15 fixed products, each with a category, tags, prices in every currency and images', () => {
  it('has 15 products with ids 1 to 15, each name led by an emoji marker', () => {
    expect(products.map((p) => p.id).toSorted((a, b) => a - b)).toEqual(Array.from({ length: 15 }, (_, i) => i + 1));
    for (const p of products) expect(p.name).toMatch(/^\p{Extended_Pictographic}\uFE0F? \S/u);
  });

  it('files the products in the spec categories, with product 3 as the target system', () => {
    expect(categories.map((c) => [c.id, c.name])).toEqual([
      ['pistols', 'Pistol Trainers'],
      ['rifles', 'Rifle Trainers'],
      ['knives', 'Training Knives'],
      ['bundles', 'Training Bundles'],
    ]);
    expect(ids((p) => p.category_id === 'pistols')).toEqual([1, 4, 7, 8, 9]);
    expect(ids((p) => p.category_id === 'rifles')).toEqual([2, 5, 6]);
    expect(ids((p) => p.category_id === 'knives')).toEqual([10, 11]);
    expect(ids((p) => p.category_id === 'bundles')).toEqual([12, 13, 14, 15]);
    expect(ids((p) => p.category_id === 'targets')).toEqual([3]);
  });

  it('has the spec tags, bestsellers 1 and 10, and USD prices from 109.99 to 599.99', () => {
    for (const p of products) for (const tag of p.tags) expect(['APP COMPATIBLE', 'BESTSELLER', 'BUNDLE']).toContain(tag);
    expect(ids((p) => p.tags.includes('BESTSELLER'))).toEqual([1, 10]);
    const usd = products.map((p) => p.prices.USD);
    expect(Math.min(...usd)).toBe(109.99);
    expect(Math.max(...usd)).toBe(599.99);
  });

  it('keeps base and USD prices equal and savings as full price minus price', () => {
    for (const p of products) {
      expect(p.prices.USD).toBe(p.price);
      expect(p.savings).toBeCloseTo(p.full_price - p.price, 2);
      for (const c of ['EUR', 'GBP', 'USD'] as const) expect(p.full_prices[c]).toBeGreaterThanOrEqual(p.prices[c]);
    }
  });

  it("keeps product 15's two full-price readings and shows the EUR map's", () => {
    const p15 = productById(15)!;
    expect(p15.full_price).toBe(569.99);
    expect(p15.full_prices.EUR).toBe(589.99);
    expect(displayFullPrice(p15, 'EUR')).toBe(589.99);
    expect(discount(p15, 'EUR')).toEqual({ full: 589.99, saving: 102, percent: 17 });
    expect(discount(p15, 'USD')).toEqual({ full: 569.99, saving: 40, percent: 7 });
  });

  it('has a main image, technical card and landscape file for every product, and short meta descriptions', () => {
    for (const p of products) {
      for (const src of [p.image_url, p.technical_card_url, p.landscape_url]) expect(existsSync(`public${src}`), src).toBe(true);
      expect(p.meta_description.length).toBeLessThanOrEqual(160);
      expect(p.features.length).toBeGreaterThan(0);
    }
  });
});
