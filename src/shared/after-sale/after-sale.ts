import type { AfterSale } from '#shared/orders/after-sale-summary.ts';
import { creditLeft, exchangeState, unitsBack, type Ledger } from './order-ledger.ts';

/** The ledger's summary the order row keeps (AfterSale). */
export function afterSaleOf(l: Ledger): AfterSale {
  const { bought, back } = unitsBack(l);
  let asked = 0;
  for (const u of l.units.values()) asked += Math.max(0, u.asked - (u.received - u.direct));
  const last = l.entries.findLast((e) => e.kind === 'exchange');
  return {
    bought,
    back,
    credit: l.creditIssued,
    creditLeft: creditLeft(l),
    exchange: last?.request ? exchangeState(l, last.request) : null,
    asked,
  };
}
