import { creditLeft, exchangeState, unitsBack, type Ledger } from './order-ledger.ts';

/**
 * What the order row keeps of its ledger, written in the batch of every ledger entry: enough for a
 * list, a mail or a status line to say where the order stands without reading the entries.
 */
export interface AfterSale {
  /** Units bought, and units back (received, fit or not). */
  bought: number;
  back: number;
  /** Store credit issued for it, and what of it is not spent yet (minor units). */
  credit: number;
  creditLeft: number;
  /** The newest exchange's state, or null. */
  exchange: 'waiting' | 'ready' | 'shipped' | null;
  /** Units asked back and not yet received. */
  asked: number;
}

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
