import type { CatalogueProduct } from '#shared/catalogue/types.ts';

/**
 * content/products as the build read them (vite.config.ts defines it for the Node build and the
 * tests; scripts/build.mjs passes the same JSON to wrangler for the Worker). Undefined in a bundle
 * built without it (`wrangler dev`): there is then no last-known copy.
 */
declare const SHOP_LAST_BUILT_CATALOGUE: string | undefined;

let parsed: CatalogueProduct[] | undefined;

/**
 * The catalogue this bundle was built with, in id order: what a page can still show when the database
 * cannot be read and nothing was kept (a fresh isolate in an outage). Its stock is unknown then.
 */
export function lastBuiltCatalogue(): CatalogueProduct[] {
  parsed ??= typeof SHOP_LAST_BUILT_CATALOGUE === 'string' ? (JSON.parse(SHOP_LAST_BUILT_CATALOGUE) as CatalogueProduct[]) : [];
  return parsed;
}
