/** The catalogue's shapes: the data (products.ts) and the rules (product.ts) both import them. */
import type { PriceTable } from './prices';

export type StockLevel = 'In Stock' | 'Low Stock' | 'Out of Stock';
export type CategoryId = 'pistols' | 'rifles' | 'knives' | 'bundles' | 'targets';
export interface RelatedGuide {
  id: string;
  title: string;
  url: string;
}
export interface Product {
  id: number;
  name: string; // starts with an emoji marker and a space, e.g. '🔫 ...' or '🎯 ...'
  description: string; // 2-4 sentences
  price: number; // base price (USD)
  prices: PriceTable;
  full_price: number; // base full (pre-discount) price (USD)
  full_prices: PriceTable;
  savings: number; // full_price - price (USD), 2 decimals
  category_id: CategoryId;
  image_url: string; // '/images/products/<id>-main.svg'
  technical_card_url: string; // '/images/products/<id>-card.svg'
  landscape_url: string; // '/images/products/<id>-landscape.svg'
  stock: StockLevel;
  is_new: boolean;
  features: string[]; // 4-7 entries, some longer than 20 characters
  technical_specs: string[]; // 'Label: value' entries, 5-9 each; a few values may themselves contain ': '
  tags: string[]; // subset of 'APP COMPATIBLE', 'BESTSELLER', 'BUNDLE'
  related_guides: RelatedGuide[];
  meta_title: string;
  meta_description: string; // <= 160 chars
  image_alt: string;
}
export interface Category {
  id: CategoryId;
  name: string;
}
