/**
 * What the order row keeps of its after-sale's ledger (made by shared/after-sale/after-sale.ts), written in
 * the batch of every ledger entry: enough for a list, a mail or a status line to say where the order
 * stands without reading the entries.
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
