import { sql } from 'drizzle-orm';
import { disputeHold } from '#shared/orders/dispute-hold.ts';
import { refundRefusal, refundsAsked } from '#shared/orders/refund-rules.ts';
import { formatMinor } from '#shared/money.ts';
import { nowIso } from '#worker/base/clock.ts';
import { Refusal } from '#worker/base/refusal.ts';
import { CheckoutUnavailableError, RefundRefusedError } from '#worker/payments/checkout-gateway.ts';
import { goodsBackLines, returnGoods, type GoodsBack, type OrderActionDeps } from '#worker/fulfilment/order-fulfilment.ts';
import { findOrder } from '#worker/orders/order-queries.ts';
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
 * A refund the owner gives: asked of Stripe, and recorded when Stripe's webhook confirms it (as a
 * refund made in Stripe's Dashboard is), which is also when the shopper is mailed, once.
 *
 * The idempotency key is the owner's intent (one form): sent twice, Stripe makes one refund. Stripe
 * keeps a key's first answer, a 500 included, so a try after a failure is a new intent (a new form).
 */
export async function refundOrder(deps: OrderActionDeps, asked: RefundAsked, by: string): Promise<string> {
  const { order, steps } = await findOrder(deps.db, asked.number);
  const money = (minor: number) => formatMinor(minor, order.currency);
  const refusal = refundRefusal(order, disputeHold(steps), refundsAsked(steps), asked.amount);
  if (refusal) throw new Refusal(`Cannot refund order ${order.number}: ${refusal}.`);
  if (!order.paymentIntent || !deps.gateway) {
    throw new Refusal(
      `Cannot refund order ${order.number} here: ${deps.gateway ? 'Stripe holds no payment for it' : 'Stripe is not set up on this shop'}.`,
    );
  }
  // Goods that came back are checked before any money moves.
  if (asked.goodsBack?.length) goodsBackLines(order, steps, asked.goodsBack);
  let refund: { id: string };
  try {
    refund = await deps.gateway.createRefund(
      { paymentIntent: order.paymentIntent, amount: asked.amount, metadata: { order: order.number } },
      `refund:${order.number}:${asked.intent}`,
    );
  } catch (err) {
    if (err instanceof RefundRefusedError) throw new Refusal(`Stripe refused the refund: ${err.message}`);
    deps.log('warn', 'refund not answered', { order: order.number, error: String(err) });
    const status = err instanceof CheckoutUnavailableError ? err.status : undefined;
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
      detail: { amount: asked.amount, refund: refund.id, by },
      when: sql`1`,
      at: nowIso(),
    }),
  );
  const words = [
    `${order.number}: ${money(asked.amount)} refund sent to Stripe. It shows here, and the shopper is mailed, once Stripe confirms it.`,
  ];
  if (asked.goodsBack?.length) words.push(await returnGoods(deps, { number: order.number, lines: asked.goodsBack }, by));
  return words.join(' ');
}
