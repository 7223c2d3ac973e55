import { AFTER_SALE_SHOP_ONLY_STEPS, type AfterSaleStepKind } from '#shared/after-sale/after-sale-kinds.ts';
import { differenceOwed, type Ledger } from '#shared/after-sale/order-ledger.ts';
import type { ReturnState, ReturnWindow } from '#shared/after-sale/return-rules.ts';
import { formatMinor } from '#shared/money.ts';
import { returnsPolicy, WARRANTY_MONTHS } from '#shared/policy/figures.ts';
import type { OrderStepDetail } from '#shared/timeline/order-timeline.ts';
import type { ReturnRequest } from '#worker/after-sale/return-queries.ts';
import { lineWords, type StoredOrder } from '#worker/orders/order-queries.ts';
import { useHref } from '#ui/state/market-context.ts';

/** What the shopper's order page shows of its after-sale: what may be sent back now, and the requests so far. */
export interface OrderReturnsData {
  window: ReturnWindow;
  /** Each request, with an exchange's difference still to pay (formatted), if any. */
  requests: Array<{ number: string; state: ReturnState; answer: string | null; items: string; owed: string | null }>;
}

export function orderReturnsOf(
  order: StoredOrder,
  window: ReturnWindow,
  requests: ReturnRequest[],
  ledger: Ledger | null,
): OrderReturnsData {
  return {
    window,
    requests: requests.map((r) => {
      const owed = ledger ? differenceOwed(ledger, r.number) : 0;
      return {
        number: r.number,
        state: r.state,
        answer: r.state === 'refused' ? r.answer : null,
        items: lineWords(order, r.lines),
        owed: owed > 0 ? formatMinor(owed, order.currency) : null,
      };
    }),
  };
}

type ShopperAfterSaleKind = Exclude<AfterSaleStepKind, (typeof AFTER_SALE_SHOP_ONLY_STEPS)[number]>;

/** An after-sale step on the shopper's timeline, in the shop's words to them. */
export function afterSaleStepWords(d: OrderStepDetail, money: (minor: number) => string): Record<ShopperAfterSaleKind, string> {
  return {
    returned: 'Return received',
    return_requested: `Return ${d.request ?? ''} requested`,
    return_accepted: `Return ${d.request ?? ''} accepted`,
    return_refused: `Return ${d.request ?? ''} not accepted${d.answer ? `: ${d.answer}` : ''}`,
    return_received: `Return ${d.request ?? ''} arrived`,
    exchange_paid: `Exchange ${d.request ?? ''}: difference of ${money(d.amount ?? 0)} paid`,
    exchange_shipped: `Exchange ${d.request ?? ''} sent${d.carrier ? ` with ${d.carrier}` : ''}`,
    credit_kept: `Store credit: ${money(d.amount ?? 0)} kept for next time as code ${d.code ?? ''}`,
    difference_refunded: `Exchange difference: ${money(d.amount ?? 0)} refunded`,
    credit_restored: `Store credit you paid with: ${money(d.amount ?? 0)} back as code ${d.code ?? ''}`,
    credit_withdrawn: `Store credit code ${d.code ?? ''} switched off${(d.amount ?? 0) > 0 ? `; ${money(d.amount ?? 0)} of it is yours as code ${d.newCode ?? ''}` : ''}`,
    exchange_repriced: `Exchange ${d.request ?? ''}: ${money(d.amount ?? 0)} now to pay`,
    exchange_settled: `Exchange ${d.request ?? ''} settled as ${d.wants === 'credit' ? `store credit of ${money(d.amount ?? 0)}, code ${d.code ?? ''}` : `a refund of ${money(d.amount ?? 0)}`}`,
  };
}

const STATE_WORDS: Record<ReturnState, string> = {
  requested: 'asked for; we answer within one business day',
  accepted: 'accepted: send the parcel',
  refused: 'not accepted',
  received: 'arrived and settled',
};

/** The order's returns: those asked for, and whether (and until when) a return or a warranty claim can be made. */
export function OrderReturns({ number, returns, day }: { number: string; returns: OrderReturnsData; day: (isoDate: string) => string }) {
  const to = useHref();
  const { window, requests } = returns;
  if (!window.open && requests.length === 0) return null;
  return (
    <section aria-labelledby="returns-heading" className="mt-8">
      <h2 id="returns-heading" className="text-xl font-semibold">
        Returns and warranty
      </h2>
      {requests.length > 0 && (
        <ul className="mt-2 flex flex-col gap-1 text-stone-700" data-return-requests={requests.length}>
          {requests.map((r) => (
            <li key={r.number}>
              {`${r.number} (${r.items}): ${STATE_WORDS[r.state]}${r.answer ? `: ${r.answer}` : ''}.`}
              {r.owed && (
                <>
                  {' '}
                  <a
                    href={to(`/orders/${number}/returns/${r.number}/pay`)}
                    className="font-semibold text-red-800 underline"
                    data-pay-difference
                  >
                    {`Pay the difference (${r.owed})`}
                  </a>
                  {': the exchange ships once it is paid and your return has arrived.'}
                </>
              )}
            </li>
          ))}
        </ul>
      )}
      {window.open === 'return' && (
        <p className="mt-2 text-stone-700">
          {`You can send items back until ${day(window.until)}: ${returnsPolicy.condition}, for a refund or store credit worth ${returnsPolicy.storeCreditPercent}%. `}
          <a href={to(`/orders/${number}/return`)} className="font-semibold text-red-800 underline">
            Return items
          </a>
        </p>
      )}
      {window.open === 'warranty' && (
        <p className="mt-2 text-stone-700">
          {`The ${returnsPolicy.windowDays}-day return window ended on ${day(window.returnEnded)}. The ${WARRANTY_MONTHS}-month warranty covers faults until ${day(window.until)}. `}
          <a href={to(`/orders/${number}/return`)} className="font-semibold text-red-800 underline">
            Make a warranty claim
          </a>
        </p>
      )}
    </section>
  );
}
