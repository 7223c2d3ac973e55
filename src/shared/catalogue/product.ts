import type { CatalogueProduct, StockLevel } from './types.ts';
import { warrantyText } from '#shared/policy/text.ts';

/** Product names start with an emoji marker; links, slugs, titles and analytics use the plain name. */
const EMOJI = /[\p{Extended_Pictographic}\u{FE0F}\u{200D}]/gu;
const LEADING_EMOJI = /^[\p{Extended_Pictographic}\u{FE0F}\u{200D}]+/u;

/** The name with every emoji removed and spaces tidied: the key of the payment-link maps. */
export function plainName(name: string): string {
  return name.replace(EMOJI, '').replace(/\s+/g, ' ').trim();
}

/** The leading emoji marker, '' when there is none. */
export function nameMarker(name: string): string {
  return name.match(LEADING_EMOJI)?.[0] ?? '';
}

/** Lower-case kebab-case of letters and digits, e.g. 'Pistol & Targets Starter Bundle' gives 'pistol-targets-starter-bundle'. */
export function slugify(text: string): string {
  return text
    .normalize('NFKD')
    .replace(/[\u0300-\u036f]/g, '')
    .toLowerCase()
    .replace(/[^a-z0-9]+/g, '-')
    .replace(/^-+|-+$/g, '');
}

export function productSlug(product: { name: string }): string {
  return slugify(plainName(product.name));
}

/** The canonical detail path, /product/{id}/{slug} (the file's slug, else one made from the name); the slug is cosmetic when the page is requested. */
export function productPath(product: { id: number; name: string; slug?: string }): string {
  return `/product/${product.id}/${product.slug || productSlug(product)}`;
}

/**
 * The id in /product/{id} must parse as an integer. Only whole decimal numbers are
 * accepted ('1', '007'); '1.5', '1abc', '' and numbers beyond the safe range give null.
 */
export function parseProductId(raw: string | null | undefined): number | null {
  const text = raw?.trim();
  if (!text || !/^[+-]?\d+$/.test(text)) return null;
  const id = Number(text);
  return Number.isSafeInteger(id) ? id : null;
}

/** Product tags: APP COMPATIBLE, BESTSELLER, BUNDLE. Bestsellers are the featured products. */
const BESTSELLER_TAG = 'BESTSELLER';

export function isBestseller(product: { tags: readonly string[] }): boolean {
  return product.tags.includes(BESTSELLER_TAG);
}

/** The home page features up to 4 bestsellers. */
const FEATURED_ON_HOME = 4;

export function featuredProducts<T extends { tags: readonly string[] }>(catalogue: readonly T[]): T[] {
  return catalogue.filter(isBestseller).slice(0, FEATURED_ON_HOME);
}

/** Stock status rules (In Stock, Low Stock, Out of Stock). */
export type Availability = 'InStock' | 'LimitedAvailability' | 'OutOfStock';
export type StockTone = 'in' | 'low' | 'out' | 'other';

/** Structured-data availability: In Stock, Low Stock, anything else OutOfStock. */
export function availability(stock: StockLevel): Availability {
  if (stock === 'In Stock') return 'InStock';
  if (stock === 'Low Stock') return 'LimitedAvailability';
  return 'OutOfStock';
}

/** Colour family of the status badge: green, amber, red, grey. */
export function stockTone(stock: StockLevel): StockTone {
  if (stock === 'In Stock') return 'in';
  if (stock === 'Low Stock') return 'low';
  if (stock === 'Out of Stock') return 'out';
  return 'other';
}

/** Out of Stock, and a stock the shop cannot count now, disable Buy; every other status leads to checkout. */
export function isPurchasable(stock: StockLevel): boolean {
  return stock !== 'Out of Stock' && stock !== 'Stock unknown';
}

/** 'Ships in 1-3 business days' is promised only for In Stock. */
export function shipsSoon(stock: StockLevel): boolean {
  return stock === 'In Stock';
}

/** A row of the product page's technical specifications table. */
export interface SpecRow {
  label: string;
  value: string;
}

/** Splits 'Label: value' at the first ': ' only, so values may contain ': ' themselves. */
export function splitSpec(entry: string): SpecRow {
  const at = entry.indexOf(': ');
  if (at < 0) return { label: entry.trim(), value: '' };
  return { label: entry.slice(0, at).trim(), value: entry.slice(at + 2).trim() };
}

/** Shown when a product lists no specifications of its own. */
export const genericSpecs: readonly SpecRow[] = [
  { label: 'Laser', value: 'Red laser pulse on each trigger press (no projectile)' },
  { label: 'Compatibility', value: 'Our reactive targets and popular dry-fire training apps' },
  { label: 'Power', value: 'Replaceable batteries, included' },
  { label: 'Warranty', value: warrantyText },
];

export function specRows(specs: readonly string[]): readonly SpecRow[] {
  return specs.length > 0 ? specs.map(splitSpec) : genericSpecs;
}

export interface ProductImage {
  src: string;
  alt: string;
  width: number;
  height: number;
  label: string;
}

/**
 * Pixel sizes of the three product images. Pages put them on every <img> so the browser reserves the
 * space before the file arrives; replacement photos must keep these sizes (or change them here).
 */
export const productImageSize = {
  main: { width: 800, height: 800 },
  card: { width: 800, height: 1000 },
  landscape: { width: 1200, height: 630 },
} as const;

/**
 * The gallery: main image, technical card, landscape, in that order, leaving out any
 * the product lacks.
 */
export function productImages(p: CatalogueProduct): ProductImage[] {
  const name = plainName(p.name);
  const images: Array<ProductImage | false> = [
    !!p.image_url && { src: p.image_url, alt: p.image_alt, ...productImageSize.main, label: 'Main image' },
    !!p.technical_card_url && {
      src: p.technical_card_url,
      alt: `${name}: technical card with key specifications`,
      ...productImageSize.card,
      label: 'Technical card',
    },
    !!p.landscape_url && { src: p.landscape_url, alt: `${name}: landscape view`, ...productImageSize.landscape, label: 'Landscape view' },
  ];
  return images.filter((image): image is ProductImage => image !== false);
}
