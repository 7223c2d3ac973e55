import type { StockLevel } from './types.ts';

/** Up to this many units available shows Low Stock (the LOW_STOCK_AT setting's default). */
export const LOW_STOCK_AT_DEFAULT = 5;

/** The label the shop shows, derived from what is available: 0 Out of Stock, 1…lowAt Low Stock, more In Stock. */
export function stockLevel(available: number, lowAt: number): StockLevel {
  if (available <= 0) return 'Out of Stock';
  if (available <= lowAt) return 'Low Stock';
  return 'In Stock';
}

/** "3 in stock" (beside the spec's "Hurry! Only a few units left.") for a Low Stock product whose count is known; nothing otherwise. */
export function unitsLeftText(available: number | undefined, lowAt: number): string | null {
  if (available === undefined || available <= 0 || available > lowAt) return null;
  return `${available} in stock`;
}

/** What a product's page and cards show of its stock: the count while low ("3 in stock"), else its label. */
export function shownStock(available: number, lowAt: number): string {
  return unitsLeftText(available, lowAt) ?? stockLevel(available, lowAt);
}

/** What a product has: on hand (the sum of its moves) less what open checkouts hold. */
export interface StockCount {
  productId: number;
  onHand: number;
  reserved: number;
}

export function availableOf(count: StockCount): number {
  return Math.max(0, count.onHand - count.reserved);
}

/** A cart line the shop cannot fill as it stands: how many it asks for and how many are left. */
export interface ShortLine {
  productId: number;
  wanted: number;
  available: number;
}

/** The lines asking for more than is available (a product without a count has none). */
export function shortLines(lines: ReadonlyArray<{ id: number; quantity: number }>, counts: readonly StockCount[]): ShortLine[] {
  const byId = new Map(counts.map((c) => [c.productId, availableOf(c)]));
  return lines.flatMap(({ id, quantity }) => {
    const available = byId.get(id) ?? 0;
    return quantity > available ? [{ productId: id, wanted: quantity, available }] : [];
  });
}
