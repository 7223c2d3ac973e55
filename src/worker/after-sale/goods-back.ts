import type { SQL } from 'drizzle-orm';
import type { BatchItem } from 'drizzle-orm/batch';
import { receive } from '#shared/after-sale/ledger-moves.ts';
import { returnable } from '#shared/after-sale/order-ledger.ts';
import { returnRefusal } from '#shared/orders/order-status.ts';
import { Refusal } from '#worker/base/refusal.ts';
import type { Db } from '#worker/db/client.ts';
import { findOrder, lineWords, type StoredOrder } from '#worker/orders/order-queries.ts';
import { stockChanged } from '#worker/stock/stock-changed.ts';
import { stockMoveStatements } from '#worker/stock/stock-moves.ts';
import { tellWaiting } from '#worker/stock-alerts/tell-waiting.ts';
import type { AfterSaleDeps } from './after-sale-listeners.ts';
import { onLedger, type LedgerStep } from './accounts/ledger-store.ts';

export interface GoodsBack {
  number: string;
  /** What came back; null: everything not yet returned. */
  lines: Array<{ productId: number; quantity: number }> | null;
}

type Lines = ReadonlyArray<{ productId: number; quantity: number }>;

/**
 * Goods put back on the shelf in a ledger write: the step that names them (`step`, unique per order)
 * and one `return` stock move per line, each landing only with the write. Nothing back: neither.
 */
export function onShelf(db: Db, order: StoredOrder, lines: Lines, s: { step: string; by: string }) {
  const back = lines.filter((l) => l.quantity > 0);
  const steps: LedgerStep[] = back.length === 0 ? [] : [{ step: s.step, kind: 'returned', detail: { lines: back, by: s.by } }];
  const effects = (landed: SQL, at: string): BatchItem<'sqlite'>[] =>
    back.flatMap((line) =>
      stockMoveStatements(
        db,
        { productId: line.productId, change: line.quantity, reason: 'return', orderNumber: order.number, actor: s.by },
        landed,
        at,
      ),
    );
  return { steps, effects };
}

/**
 * The one door goods come back through, after the ledger took them: what went back on the shelf
 * moves the payment links and tells those waiting for it; then the features that follow an order's
 * goods (deps.afterSale: Refer a Friend) hear of it, whether or not any unit was fit to sell.
 */
export async function goodsCameBack(deps: AfterSaleDeps, order: StoredOrder, restocked: Lines) {
  const ids = restocked.filter((l) => l.quantity > 0).map((l) => l.productId);
  if (ids.length > 0) {
    await stockChanged(deps, ids);
    // A return can bring a sold-out product back: those waiting for it are told now.
    if (deps.mailWaiting !== false) await tellWaiting(deps, ids);
  }
  for (const listener of deps.afterSale.goodsBack) await listener(deps, order.number);
}

/**
 * Goods the owner takes back without a return request (the back office, `orders return`, a refund
 * with goods): received on the order's ledger (no more of a product than is not yet asked or back;
 * without lines, all of that) and put back on the shelf, in one batch that lands only on the ledger
 * it was checked against. Every unit back: the order says returned.
 */
export async function returnGoods(deps: AfterSaleDeps, back: GoodsBack, by: string): Promise<string> {
  const { order } = await findOrder(deps.db, back.number);
  const refusal = returnRefusal(order.status);
  if (refusal) throw new Refusal(`order ${order.number} cannot take a return: ${refusal}`);
  const { value: lines } = await onLedger(deps.db, order.id, by, (l) => {
    const open = returnable(l);
    const asked = back.lines ?? [...open].filter(([, n]) => n > 0).map(([productId, quantity]) => ({ productId, quantity }));
    if (asked.length === 0) throw new Refusal(`order ${order.number} has nothing left to return`);
    const n = l.entries.filter((e) => e.kind === 'received' && e.request === null && /^received:direct-\d+$/.test(e.ref)).length + 1;
    const ref = `direct-${n}`;
    const move = receive(
      l,
      ref,
      null,
      asked.map((x) => ({ ...x, fit: x.quantity })),
    );
    if ('refusal' in move) throw new Refusal(`order ${order.number}: ${move.refusal}`);
    return { move, value: asked, ...onShelf(deps.db, order, asked, { step: `return:${ref}`, by }) };
  });
  await goodsCameBack(deps, order, lines);
  return `${order.number}: ${lineWords(order, lines)} back in stock.`;
}
