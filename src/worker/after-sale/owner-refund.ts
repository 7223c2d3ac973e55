import { receive, restoreCredit } from '#shared/after-sale/ledger-moves.ts';
import { creditTenderLeft, refundable, returnable, type Ledger } from '#shared/after-sale/order-ledger.ts';
import { refundRefusal } from '#shared/after-sale/refund-rules.ts';
import { disputeHold } from '#shared/orders/dispute-hold.ts';
import { formatMinor } from '#shared/money.ts';
import { Refusal } from '#worker/base/refusal.ts';
import type { OrderActionDeps } from '#worker/orders/order-deps.ts';
import { findOrder, type StoredOrder } from '#worker/orders/order-queries.ts';
import { mailOwedSteps, readLedger } from './accounts/ledger-store.ts';
import { refundOnLedger, settleUnanswered } from './accounts/charge-refunds.ts';
import { creditRestored, drawCreditCode } from './accounts/store-credit.ts';
import type { AfterSaleDeps } from './after-sale-listeners.ts';
import { returnGoods, type GoodsBack } from './goods-back.ts';

export interface RefundAsked {
  number: string;
  /** Minor units of the order's currency. */
  amount: number;
  /** Goods that came back with it, put back in stock; null or empty: none (a refund alone never moves stock). */
  goodsBack: GoodsBack['lines'];
  /** Names this one intent (the back office's one-time form token): sent again, it is the same refund at Stripe. */
  intent: string;
}

/**
 * A refund the owner gives (an amount, with goods back or not): checked against the ledger in the
 * owner's words, then given through it (refundOnLedger). Recorded, and the shopper mailed, when
 * Stripe's webhook confirms it, as a refund made in Stripe's Dashboard is.
 */
export async function refundOrder(deps: AfterSaleDeps, asked: RefundAsked, by: string): Promise<string> {
  // An earlier refund Stripe did not answer is settled first: what is left is then what Stripe left.
  const { order: found } = await findOrder(deps.db, asked.number);
  await settleUnanswered(deps, found, by);
  const order = await checkRefund(deps, asked);
  const money = (minor: number) => formatMinor(minor, order.currency);
  const creditRef = `credit:cancel:${asked.intent}`;
  const { amount } = await refundOnLedger(deps, order, {
    base: `refund:${asked.intent}`,
    amountOf: (l) => {
      // The whole order called off (all the card has left, and no goods out): the store credit it was paid with comes back as credit.
      const credit = cancelsWhole(order, l, asked) ? creditTenderLeft(l) : 0;
      if (credit === 0) return asked.amount;
      const restore = restoreCredit(l, creditRef, credit, drawCreditCode(), null);
      if ('refusal' in restore) throw new Refusal(`Cannot refund order ${order.number}: ${restore.refusal}.`);
      return { card: asked.amount, alongside: restore.entries };
    },
    by,
    settled: true,
  });
  const words = [
    `${order.number}: ${money(amount)} refund sent to Stripe. It shows here, and the shopper is mailed, once Stripe confirms it.`,
  ];
  const restored = await creditRestored(deps, order, `${order.number}-cancelled`, creditRef);
  if (restored) {
    words.push(`${money(restored.amount)} of the store credit it was paid with comes back as code ${restored.code}, mailed.`);
    await mailOwedSteps(deps, order.id);
  }
  if (asked.goodsBack?.length) words.push(await returnGoods(deps, { number: order.number, lines: asked.goodsBack }, by));
  return words.join(' ');
}

/** A refund of all the card has left, with no goods out (not sent, or all of them back): the order called off. */
function cancelsWhole(order: StoredOrder, l: Ledger, asked: Omit<RefundAsked, 'intent'>): boolean {
  if (asked.amount !== refundable(l)) return false;
  if (order.fulfilment === 'unfulfilled') return true;
  const back = new Map<number, number>();
  for (const line of asked.goodsBack ?? []) back.set(line.productId, (back.get(line.productId) ?? 0) + line.quantity);
  return [...returnable(l)].every(([productId, open]) => (back.get(productId) ?? 0) >= open);
}

/** Every check of an owner's refund against the order and its ledger, in the owner's words, with nothing moved: the order, or a Refusal. */
export async function checkRefund(deps: Pick<OrderActionDeps, 'db'>, asked: Omit<RefundAsked, 'intent'>): Promise<StoredOrder> {
  const { order, steps } = await findOrder(deps.db, asked.number);
  const read = await readLedger(deps.db, order.id);
  if (!read) throw new Refusal(`no order ${order.number}`, 'unknown');
  const refusal = refundRefusal(order.status, disputeHold(steps), read.ledger, asked.amount);
  if (refusal) throw new Refusal(`Cannot refund order ${order.number}: ${refusal}.`);
  // Goods that came back are checked before any money moves.
  if (asked.goodsBack?.length) {
    const check = receive(
      read.ledger,
      'check',
      null,
      asked.goodsBack.map((l) => ({ ...l, fit: l.quantity })),
    );
    if ('refusal' in check) throw new Refusal(`order ${order.number} cannot take this return: ${check.refusal}`);
  }
  return order;
}
