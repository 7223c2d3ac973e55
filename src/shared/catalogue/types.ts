/** The catalogue's shapes: content/products/*.md as synced (CatalogueProduct), and a product with its stock label as pages show it (Product). */
import type { PriceTable } from './prices.ts';

/** 'Stock unknown': the shop cannot count it now (the database is down and the page shows the last-built catalogue). */
export type StockLevel = 'In Stock' | 'Low Stock' | 'Out of Stock' | 'Stock unknown';
export type CategoryId = 'pistols' | 'rifles' | 'knives' | 'bundles' | 'targets';
export interface RelatedGuide {
  id: string;
  title: string;
  url: string;
}
/** A product's hosted payment links: `uk` for visitors in the UK (GBP), `standard` for everyone else and as the UK's fallback. */
export interface PaymentLinks {
  standard: string | null;
  uk: string | null;
}
/** A product as its file says (content/products/*.md): everything but how many are left. */
export interface CatalogueProduct {
  id: number;
  /** The address's cosmetic part, /product/{id}/{slug}. */
  slug: string;
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
  is_new: boolean;
  features: string[]; // 4-7 entries, some longer than 20 characters
  technical_specs: string[]; // 'Label: value' entries, 5-9 each; a few values may themselves contain ': '
  tags: string[]; // subset of 'APP COMPATIBLE', 'BESTSELLER', 'BUNDLE'
  /** Words shoppers use for it that its text does not ("kit" for a bundle): the search reads them (search.ts). */
  search_words: string[];
  related_guides: RelatedGuide[];
  meta_title: string;
  meta_description: string; // <= 160 chars
  image_alt: string;
  payment_links: PaymentLinks;
}
/** A product with the label its stock gives now (src/worker/stock/stock-reads.ts). */
export interface Product extends CatalogueProduct {
  stock: StockLevel;
}
export interface Category {
  id: CategoryId;
  name: string;
}
