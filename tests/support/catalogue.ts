import { readdirSync, readFileSync } from 'node:fs';
import { join, resolve } from 'node:path';
import { plainName } from '#shared/catalogue/product.ts';
import type { Product, StockLevel } from '#shared/catalogue/types.ts';
import { parseProductFile } from '#worker/content-sync/product-file.ts';

/**
 * The catalogue as content/products/*.md says it, read by the sync's own parser: the tests' fixture
 * (what a database seeded by npm start or content:sync holds). Each product carries the label its
 * opening stock gives (migration 0009: In 25, Low 3, Out 0).
 */
const dir = resolve('content/products');
const OPENING_LABELS: Readonly<Record<number, StockLevel>> = { 8: 'Low Stock', 11: 'Out of Stock' };

export const products: readonly Product[] = readdirSync(dir)
  .filter((name) => name.endsWith('.md'))
  .map((name) => {
    const parsed = parseProductFile(name, readFileSync(join(dir, name), 'utf8'), { imageExists: () => true });
    if (!parsed.ok) throw new Error(`${name}: ${parsed.problem.reason}`);
    return { ...parsed.value.product, stock: OPENING_LABELS[parsed.value.product.id] ?? 'In Stock' };
  })
  .toSorted((a, b) => a.id - b.id);

export function productById(id: number): Product | undefined {
  return products.find((p) => p.id === id);
}

/** Standard payment links by the product's plain name, as the spec's link map names them. */
export const paymentLinks: Readonly<Record<string, string>> = Object.fromEntries(
  products.flatMap((p) => (p.payment_links.standard ? [[plainName(p.name), p.payment_links.standard]] : [])),
);

/** UK payment links by the product's plain name (only some products have one). */
export const ukPaymentLinks: Readonly<Record<string, string>> = Object.fromEntries(
  products.flatMap((p) => (p.payment_links.uk ? [[plainName(p.name), p.payment_links.uk]] : [])),
);
