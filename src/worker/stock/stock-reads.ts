import { stockLevel, availableOf, type StockCount } from '#shared/catalogue/stock-level.ts';
import type { StockLevel } from '#shared/catalogue/types.ts';
import type { Db } from '#worker/db/client.ts';
import { read } from '#worker/db/read-cache/read.ts';
import { CacheShort } from '#worker/db/read-cache/strategy.ts';
import { stockCounts } from './stock-queries.ts';

/**
 * Stock as pages show it: through the read cache, fresh for a minute (a sale or a restock shows
 * within it; checkout itself always asks the database). Null when the read failed with nothing
 * kept: the page then shows the products as In Stock without a count rather than calling everything
 * sold out (checkout still asks the database, and refuses what is not there).
 */
export function stockRead(db: Db, ids: readonly number[] | 'catalogue') {
  const sorted = ids === 'catalogue' ? ids : [...new Set(ids)].toSorted((a, b) => a - b);
  return read({
    name: 'stock',
    args: sorted === 'catalogue' ? [sorted] : sorted,
    strategy: CacheShort,
    query: stockCounts(db, sorted),
    map: (rows): StockCount[] | null => rows,
    fallback: null,
  });
}

/** What a page knows of its products' stock: the label and, when counted, how many are available. */
export interface StockView {
  level(id: number): StockLevel;
  /** Units available, undefined when unknown (the read failed). */
  available(id: number): number | undefined;
  lowAt: number;
}

/**
 * `unknown`: the label when the counts could not be read: In Stock (a payment link holds nothing, so a
 * kept product page still sells through it), or Stock unknown where the products themselves are the
 * last-built copy (an outage on an instance that kept nothing: shown, not sold).
 */
export function stockView(counts: readonly StockCount[] | null, lowAt: number, unknown: StockLevel = 'In Stock'): StockView {
  const byId = counts && new Map(counts.map((c) => [c.productId, availableOf(c)]));
  const available = (id: number) => (byId ? (byId.get(id) ?? 0) : undefined);
  return {
    level: (id) => {
      const units = available(id);
      return units === undefined ? unknown : stockLevel(units, lowAt);
    },
    available,
    lowAt,
  };
}

/** The products' items with the label their stock gives now (and the count, for "Only 3 left"). */
export function withStock<T extends { id: number }>(
  items: readonly T[],
  view: StockView,
): Array<T & { stock: StockLevel; available?: number }> {
  return items.map((item) => ({ ...item, stock: view.level(item.id), available: view.available(item.id) }));
}
