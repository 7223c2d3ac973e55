import { sql } from 'drizzle-orm';
import { receive, reserveRefund, voidRefund } from '#shared/ledger/ledger-moves.ts';
import type { Ledger } from '#shared/ledger/order-ledger.ts';
import { disputeHold } from '#shared/orders/dispute-hold.ts';
import { refundRefusal } from '#shared/ledger/refund-rules.ts';
import { formatMinor } from '#shared/money.ts';
import { nowIso } from '#worker/base/clock.ts';
import { Refusal } from '#worker/base/refusal.ts';
import { CheckoutUnavailableError, RefundRefusedError } from '#worker/payments/checkout-gateway.ts';
import { returnGoods, type GoodsBack, type OrderActionDeps } from '#worker/fulfilment/order-fulfilment.ts';
import { onLedger, readLedger } from '#worker/ledger/ledger-store.ts';
import { findOrder, type StoredOrder } from '#worker/orders/order-queries.ts';
import { stepStatements } from '#worker/orders/order-steps.ts';

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
 * A refund through the order's ledger: reserved there first (no more than is left of the payment,
 * decided against the ledger as it stands, so a credit or another refund at the same moment cannot
 * both take the same money), then asked of Stripe under a key of its own; Stripe refusing or failing
 * frees the reservation (a try after it is a new reservation under a new key: Stripe keeps a key's
 * first answer, a 500 included). Stripe not answering keeps it: sent again, the same key finds the
 * refund if it was made. The step `refund_asked` records it; Stripe's webhook confirms it and mails the shopper.
 */
export async function refundOnLedger(
  deps: OrderActionDeps,
  order: StoredOrder,
  base: { ref: string; key: string },
  amountOf: (ledger: Ledger) => number,
  by: string,
): Promise<{ amount: number; refund: string }> {
  if (!order.paymentIntent || !deps.gateway) {
    throw new Refusal(
      `Cannot refund order ${order.number} here: ${deps.gateway ? 'Stripe holds no payment for it' : 'Stripe is not set up on this shop'}.`,
    );
  }
  const gateway = deps.gateway;
  const { value: reserved } = await onLedger(deps.db, order.id, by, (l) => {
    const tries = l.entries.filter((e) => e.kind === 'refund' && (e.ref === base.ref || e.ref.startsWith(`${base.ref}#`)));
    const live = tries.find((e) => !l.entries.some((v) => v.ref === `void:${e.ref}`));
    if (live) return { move: { entries: [] }, value: { ref: live.ref, amount: live.amount } };
    const ref = tries.length === 0 ? base.ref : `${base.ref}#${tries.length + 1}`;
    const amount = amountOf(l);
    return { move: reserveRefund(l, ref, amount), value: { ref, amount } };
  });
  const key = base.key + reserved.ref.slice(base.ref.length);
  let refund: { id: string };
  try {
    refund = await gateway.createRefund(
      { paymentIntent: order.paymentIntent, amount: reserved.amount, metadata: { order: order.number } },
      key,
    );
  } catch (err) {
    const status = err instanceof CheckoutUnavailableError ? err.status : undefined;
    const made = err instanceof RefundRefusedError || status !== undefined ? false : null;
    if (made === false) await onLedger(deps.db, order.id, by, (l) => ({ move: voidRefund(l, reserved.ref), value: null }));
    if (err instanceof RefundRefusedError) throw new Refusal(`Stripe refused the refund: ${err.message}`);
    deps.log('warn', 'refund not answered', { order: order.number, error: String(err) });
    throw new Refusal(
      status === undefined
        ? 'Stripe did not answer in time, so the refund may or may not have been made. Wait a minute: if the timeline does not show it, send it again.'
        : `Stripe failed (error ${status}), so nothing was refunded. Send it again.`,
      'unavailable',
    );
  }
  await deps.db.batch(
    stepStatements(deps.db, {
      orderId: order.id,
      step: `refund_asked:${refund.id}`,
      kind: 'refund_asked',
      detail: { amount: reserved.amount, refund: refund.id, by },
      when: sql`1`,
      at: nowIso(),
    }),
  );
  return { amount: reserved.amount, refund: refund.id };
}

/**
 * A refund the owner gives (an amount, with goods back or not): checked against the ledger in the
 * owner's words, then given through it (refundOnLedger). Recorded, and the shopper mailed, when
 * Stripe's webhook confirms it, as a refund made in Stripe's Dashboard is.
 */
export async function refundOrder(deps: OrderActionDeps, asked: RefundAsked, by: string): Promise<string> {
  const order = await checkRefund(deps, asked);
  const money = (minor: number) => formatMinor(minor, order.currency);
  const { amount } = await refundOnLedger(
    deps,
    order,
    { ref: `refund:${asked.intent}`, key: `refund:${order.number}:${asked.intent}` },
    () => asked.amount,
    by,
  );
  const words = [
    `${order.number}: ${money(amount)} refund sent to Stripe. It shows here, and the shopper is mailed, once Stripe confirms it.`,
  ];
  if (asked.goodsBack?.length) words.push(await returnGoods(deps, { number: order.number, lines: asked.goodsBack }, by));
  return words.join(' ');
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
