import { asc } from 'drizzle-orm';
import { plainName } from '#shared/catalogue/product.ts';
import { availableOf, stockLevel, type StockCount } from '#shared/catalogue/stock-level.ts';
import { Refusal } from '#worker/base/refusal.ts';
import type { Db } from '#worker/db/client.ts';
import { products } from '#worker/products/product-tables.ts';
import { stockChanged, type StockChangeDeps } from '#worker/stock/stock-changed.ts';
import { moveStock, setStock } from '#worker/stock/stock-moves.ts';
import { stockCounts } from '#worker/stock/stock-queries.ts';

/** The most units one product may be counted at (a typo guard: 1,000,000). */
const MAX_UNITS = 1_000_000;

/** A product as the stock views name it. */
export interface NamedProduct {
  id: number;
  name: string;
  listed: boolean;
}

/** A product's stock as the operator sees it (npm run stock, the back office's stock page). */
export interface StockRow {
  id: number;
  name: string;
  onHand: number;
  reserved: number;
  available: number;
  /** Confirmed back-in-stock requests. */
  waiting: number;
  /** The label pages show (In Stock, Low Stock, Out of Stock). */
  level: string;
  oversold: number;
  listed: boolean;
}

export function stockRows(
  catalogue: readonly NamedProduct[],
  counts: readonly StockCount[],
  lowAt: number,
  waiting: ReadonlyMap<number, number> = new Map(),
): StockRow[] {
  const byId = new Map(counts.map((c) => [c.productId, c]));
  return catalogue.map((p) => {
    const count = byId.get(p.id) ?? { productId: p.id, onHand: 0, reserved: 0 };
    const available = availableOf(count);
    return {
      id: p.id,
      name: plainName(p.name),
      onHand: count.onHand,
      reserved: count.reserved,
      available,
      waiting: waiting.get(p.id) ?? 0,
      level: stockLevel(available, lowAt),
      oversold: Math.max(0, -count.onHand),
      listed: p.listed,
    };
  });
}

/** Every product row (content:sync wrote them), listed or not: what the operator's stock views list. */
export function everyProduct(db: Db): Promise<NamedProduct[]> {
  return db.select({ id: products.id, name: products.name, listed: products.listed }).from(products).orderBy(asc(products.id));
}

/** Every product's stock, as both doors list it; `waiting` are the confirmed back-in-stock requests per product. */
export async function stockList(db: Db, lowAt: number, waiting: ReadonlyMap<number, number>): Promise<StockRow[]> {
  const catalogue = await everyProduct(db);
  const counts = await stockCounts(
    db,
    catalogue.map((p) => p.id),
  );
  return stockRows(catalogue, counts, lowAt, waiting);
}

export type StockActionDeps = StockChangeDeps;

/** A delivery (`receive`: units added) or a count (`count`: on hand set to what was counted), with the owner's note. */
export interface StockChange {
  productId: number;
  quantity: number;
  note: string | null;
}

async function namedProduct(db: Db, productId: number): Promise<string> {
  const product = (await everyProduct(db)).find((p) => p.id === productId);
  if (!product) throw new Refusal(`no product with id ${productId} (npm run content:sync writes the products)`, 'unknown');
  return plainName(product.name);
}

/** Why this quantity cannot be received or counted, or null. */
export function quantityRefusal(action: 'receive' | 'count', quantity: number): string | null {
  if (!Number.isSafeInteger(quantity)) return `the quantity must be a whole number, not ${quantity}`;
  if (action === 'count' && quantity < 0) return `stock cannot be set below 0 (asked for ${quantity})`;
  if (action === 'receive' && quantity <= 0)
    return `the units received must be more than 0, not ${quantity} (to correct a count, count the stock instead)`;
  if (quantity > MAX_UNITS) return `${quantity} units is more than this shop can hold (at most ${MAX_UNITS})`;
  return null;
}

/** Goods received: the units added as `actor`'s restock; the product's payment links follow. */
export async function receiveStock(deps: StockActionDeps, change: StockChange, actor: string): Promise<string> {
  const invalid = quantityRefusal('receive', change.quantity);
  if (invalid) throw new Refusal(invalid, 'invalid');
  const name = await namedProduct(deps.db, change.productId);
  const after = await moveStock(deps.db, {
    productId: change.productId,
    change: change.quantity,
    reason: 'restock',
    note: change.note,
    actor,
  });
  await stockChanged(deps, [change.productId]);
  return `${change.productId} ${name}: on hand ${after - change.quantity} → ${after} (restock)`;
}

/** A count: on hand set to what was counted (an adjustment move of the difference); the product's payment links follow. */
export async function countStock(deps: StockActionDeps, change: StockChange, actor: string): Promise<string> {
  const invalid = quantityRefusal('count', change.quantity);
  if (invalid) throw new Refusal(invalid, 'invalid');
  const name = await namedProduct(deps.db, change.productId);
  const { before, after } = await setStock(deps.db, change.productId, change.quantity, change.note, actor);
  await stockChanged(deps, [change.productId]);
  return before === after
    ? `${change.productId} ${name}: on hand already ${after}, nothing written`
    : `${change.productId} ${name}: on hand ${before} → ${after} (adjust)`;
}
