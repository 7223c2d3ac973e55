import type { SQL } from 'drizzle-orm';
import { receive } from '#shared/after-sale/ledger-moves.ts';
import { returnable } from '#shared/after-sale/order-ledger.ts';
import { returnRefusal } from '#shared/orders/order-status.ts';
import { Refusal } from '#worker/base/refusal.ts';
import type { OrderActionDeps } from '#worker/fulfilment/order-fulfilment.ts';
import { findOrder, type StoredOrder } from '#worker/orders/order-queries.ts';
import { stepStatements } from '#worker/orders/order-steps.ts';
import { stockChanged } from '#worker/stock/stock-changed.ts';
import { moveStatements } from '#worker/stock/stock-moves.ts';
import { tellWaiting } from '#worker/stock-alerts/tell-waiting.ts';
import { onLedger } from './ledger-store.ts';

export interface GoodsBack {
  number: string;
  /** What came back; null: everything not yet returned. */
  lines: Array<{ productId: number; quantity: number }> | null;
}

/**
 * The statements that put goods back on the shelf for a batch, landing only where `when` holds: one
 * `return` move per line, with the step that names them (`step`, unique per order).
 */
export function restockStatements(
  deps: Pick<OrderActionDeps, 'db'>,
  order: StoredOrder,
  lines: ReadonlyArray<{ productId: number; quantity: number }>,
  s: { step: string; by: string; when: SQL; at: string },
) {
  const back = lines.filter((l) => l.quantity > 0);
  if (back.length === 0) return [];
  return [
    ...stepStatements(deps.db, {
      orderId: order.id,
      step: s.step,
      kind: 'returned',
      detail: { lines: back, by: s.by },
      when: s.when,
      at: s.at,
    }),
    ...back.flatMap((line) =>
      moveStatements(
        deps.db,
        { productId: line.productId, change: line.quantity, reason: 'return', orderNumber: order.number, actor: s.by },
        s.when,
        s.at,
      ),
    ),
  ];
}

/** After goods went back on the shelf: payment links follow the stock, and those waiting for a product are told. */
export async function afterRestock(deps: OrderActionDeps, productIds: number[]) {
  await stockChanged(deps, productIds);
  // A return can bring a sold-out product back: those waiting for it are told now.
  if (deps.mailWaiting !== false) await tellWaiting(deps, productIds);
}

/**
 * Goods the owner takes back without a return request (the back office, `orders return`, a refund
 * with goods): received on the order's ledger (no more of a product than is not yet asked or back;
 * without lines, all of that) and put back on the shelf, in one batch that lands only on the ledger
 * it was checked against. Every unit back: the order says returned.
 */
export async function returnGoods(deps: OrderActionDeps, back: GoodsBack, by: string): Promise<string> {
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
    return {
      move,
      value: asked,
      effects: (landed, at) => restockStatements(deps, order, asked, { step: `return:${ref}`, by, when: landed, at }),
    };
  });
  await afterRestock(
    deps,
    lines.map((l) => l.productId),
  );
  const nameOf = (id: number) => order.lines.find((l) => l.productId === id)?.name ?? `product ${id}`;
  return `${order.number}: ${lines.map((l) => `${l.quantity} × ${nameOf(l.productId)}`).join(', ')} back in stock.`;
}
