import { asc } from 'drizzle-orm';
import { readFlags } from '#worker/base/cli-flags.ts';
import { plainName } from '#shared/catalogue/product.ts';
import { availableOf, stockLevel, type StockCount } from '#shared/catalogue/stock-level.ts';
import type { Db } from '#worker/db/client.ts';
import { products } from '#worker/db/schema.ts';
import type { Logger } from '#worker/base/log.ts';
import type { CheckoutGateway } from '#worker/payments/checkout-gateway.ts';
import { syncPaymentLinks } from './payment-link-switch.ts';
import { moveStock, setStock } from './stock-moves.ts';
import { stockCounts } from './stock-queries.ts';

const USAGE = 'usage: stock | stock set <id> <quantity> [--note "…"] | stock add <id> <quantity> [--note "…"]';

export type StockCommand = { action: 'list' } | { action: 'set' | 'add'; productId: number; quantity: number; note: string | null };

/** Reads `set 1 25 --note "count"` / `add 1 10` / nothing; throws naming what is wrong, before anything is written. */
export function parseStockCommand(args: readonly string[]): StockCommand {
  if (args.length === 0) return { action: 'list' };
  const [action, id, quantity, ...rest] = args;
  if (action !== 'set' && action !== 'add') throw new Error(`unknown command ${action} (${USAGE})`);
  if (!id) throw new Error(`stock ${action} needs a product id (${USAGE})`);
  if (!/^\d+$/.test(id)) throw new Error(`no product with id ${id} (${USAGE})`);
  if (!quantity || !/^-?\d+$/.test(quantity))
    throw new Error(`the quantity must be a whole number, not ${quantity ?? '(missing)'} (${USAGE})`);
  const amount = Number(quantity);
  if (action === 'set' && amount < 0) throw new Error(`stock cannot be set below 0 (asked for ${amount})`);
  if (action === 'add' && amount <= 0)
    throw new Error(`add takes the number of units received, more than 0 (asked for ${amount}); use set to correct a count`);
  if (amount > 1_000_000) throw new Error(`${amount} units is more than this shop can hold (at most 1000000)`);
  const note = readFlags(rest, ['--note'], USAGE).get('--note')?.slice(0, 500) ?? null;
  return { action, productId: Number(id), quantity: amount, note };
}

/** A product as the command names it. */
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

/**
 * One line per product: id, name, on hand, reserved, available, shoppers waiting to be told it is back
 * (confirmed requests), the label pages show, any oversell, and whether it is unlisted.
 */
export function formatStockList(
  catalogue: readonly NamedProduct[],
  counts: readonly StockCount[],
  lowAt: number,
  waiting: ReadonlyMap<number, number> = new Map(),
): string {
  const rows = stockRows(catalogue, counts, lowAt, waiting).map((r) => [
    String(r.id),
    r.name,
    String(r.onHand),
    String(r.reserved),
    String(r.available),
    String(r.waiting),
    r.level + (r.oversold > 0 ? ` (oversold: ${r.oversold} short)` : '') + (r.listed ? '' : ' (unlisted)'),
  ]);
  const header = ['id', 'name', 'on hand', 'reserved', 'available', 'waiting', 'label'];
  const widths = header.map((h, i) => Math.max(h.length, ...rows.map((r) => r[i]!.length)));
  return [header, ...rows].map((r) => r.map((cell, i) => (i === r.length - 1 ? cell : cell.padEnd(widths[i]!))).join('  ')).join('\n');
}

/** Every product row (content:sync wrote them), listed or not: what the operator's stock views list. */
export function everyProduct(db: Db): Promise<NamedProduct[]> {
  return db.select({ id: products.id, name: products.name, listed: products.listed }).from(products).orderBy(asc(products.id));
}

export interface StockCommandDeps {
  db: Db;
  gateway: CheckoutGateway | null;
  log: Logger;
  lowAt: number;
  /** Confirmed back-in-stock requests per product (the stock-alerts domain counts them). */
  waiting: () => Promise<ReadonlyMap<number, number>>;
}

/**
 * `npm run stock` and the back office's stock page: the list, or one move (set: adjust to a count;
 * add: goods received) recorded as `actor`'s, then the product's payment links follow.
 */
export async function runStockCommand(deps: StockCommandDeps, command: StockCommand, actor = 'terminal'): Promise<string> {
  const { db } = deps;
  const catalogue = await everyProduct(db);
  if (command.action === 'list') {
    return formatStockList(
      catalogue,
      await stockCounts(
        db,
        catalogue.map((p) => p.id),
      ),
      deps.lowAt,
      await deps.waiting(),
    );
  }
  const { productId, quantity, note } = command;
  const product = catalogue.find((p) => p.id === productId);
  if (!product) throw new Error(`no product with id ${productId} (${USAGE}; npm run content:sync writes the products)`);
  const name = plainName(product.name);
  let line: string;
  if (command.action === 'set') {
    const { before, after } = await setStock(db, productId, quantity, note, actor);
    line =
      before === after
        ? `${productId} ${name}: on hand already ${after}, nothing written`
        : `${productId} ${name}: on hand ${before} → ${after} (adjust)`;
  } else {
    const after = await moveStock(db, { productId, change: quantity, reason: 'restock', note, actor });
    line = `${productId} ${name}: on hand ${after - quantity} → ${after} (restock)`;
  }
  await syncPaymentLinks(deps, [productId]);
  return line;
}
