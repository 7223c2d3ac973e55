import { and, eq } from 'drizzle-orm';
import { entry } from '#shared/after-sale/ledger-moves.ts';
import { exchangeState } from '#shared/after-sale/order-ledger.ts';
import { formatMinor } from '#shared/money.ts';
import { Refusal } from '#worker/base/refusal.ts';
import type { OrderActionDeps } from '#worker/orders/order-deps.ts';
import { orderById } from '#worker/orders/order-queries.ts';
import { mailOwedSteps, onLedger } from './accounts/ledger-store.ts';
import { returnRequests } from './after-sale-tables.ts';
import { closeDifferencePage, refundDifferenceExcess } from './exchanges.ts';
import { returnByNumber } from './return-queries.ts';
import { creditForReturn, refundReturn } from './return-decisions.ts';

/**
 * A received exchange that cannot be sent (its product sold out, its difference never paid) settled
 * another way, as the owner chooses: the exchange is cancelled on the ledger (it no longer stands for
 * any of the payment), any difference paid goes back to the charge it came from, its payment page is
 * closed at Stripe, and the goods' value is refunded or given as store credit as a return of them would
 * be. The shopper is mailed what was done. Run twice, it settles once (each part is named by the request).
 */
export async function settleExchange(deps: OrderActionDeps, number: string, as: 'refund' | 'credit', by: string): Promise<string> {
  const request = await returnByNumber(deps.db, number);
  const order = request && (await orderById(deps.db, request.orderId));
  if (!request || !order) throw new Refusal(`There is no return request ${number.slice(0, 24)}.`, 'unknown');
  if (request.outcome !== 'exchange' || request.state !== 'received')
    throw new Refusal(`Return ${number} is not a received exchange: nothing was done.`);
  await onLedger(deps.db, order.id, by, (l) => {
    const state = exchangeState(l, number);
    if (state === 'shipped') throw new Refusal(`Exchange ${number} was sent already: refund or credit it as a return of what was sent.`);
    return {
      move: { entries: state === null ? [] : [entry('exchange_cancelled', `cancelled:${number}`, { request: number })] },
      value: null,
    };
  });
  await closeDifferencePage(deps, number);
  const money = (minor: number) => formatMinor(minor, order.currency);
  const said = [`${number}: the exchange is cancelled.`];
  const back = await refundDifferenceExcess(deps, order, number, by);
  if (back > 0) said.push(`${money(back)} of difference paid sent back to Stripe.`);
  let detail: { wants: 'refund' | 'credit'; amount: number; code?: string; basis?: number; answer?: string };
  if (as === 'credit') {
    const credit = await creditForReturn(deps, request, order, by, 'received');
    detail = { wants: 'credit', amount: credit.amount, code: credit.code, basis: credit.basis };
    said.push(`Store credit of ${money(credit.amount)} issued as code ${credit.code} and mailed to the shopper.`);
  } else {
    const { card, restored } = await refundReturn(deps, request, order, by);
    const amount = card + (restored?.amount ?? 0);
    const answer = `We could not send the exchange, so we have refunded ${money(card)} to the card you paid with${restored ? ` and given ${money(restored.amount)} of store credit back as code ${restored.code}` : ''}. A card refund usually shows within 5–10 business days.`;
    detail = { wants: 'refund', amount, answer };
    said.push(`${money(card)} refund sent to Stripe.`);
  }
  const answer =
    as === 'credit'
      ? `settled as store credit ${money(detail.amount)}, code ${detail.code}`
      : `settled as a refund of ${money(detail.amount)}`;
  await onLedger(deps.db, order.id, by, () => ({
    move: { entries: [] },
    value: null,
    steps: [
      { step: `return:${number}:settled`, kind: 'exchange_settled', detail: { request: number, ...detail }, mail: 'return_received' },
    ],
    effects: (landed) => [
      deps.db
        .update(returnRequests)
        .set({ answer })
        .where(and(eq(returnRequests.id, request.id), landed)),
    ],
  }));
  await mailOwedSteps(deps, order.id);
  return said.join(' ');
}
