/** What one entry of an order's ledger is (order-ledger.ts reads them into the account; tender-accounts.ts per tender). */
export const LEDGER_KINDS = [
  // Goods, per product: asked back by a return request, released when it is refused, received (fit to sell or not).
  'asked',
  'released',
  'received',
  // Money: a refund asked of Stripe (reserved before it is asked), made (Stripe's id), or voided when Stripe made none;
  // every refund Stripe reports of a tender's charge, by its id (made here or in Stripe's Dashboard), and one that failed after.
  'refund',
  'refund_made',
  'refund_void',
  'refund_seen',
  'refund_failed',
  // Store credit: issued for goods back (its basis: what of the payment it stands for), spent on a later order, its rest re-issued as a new code,
  // switched off unspent when the money it stands for went back otherwise, drawn beyond its balance (Stripe let it: the owner is
  // told); and on the order that spent it, what it paid.
  'credit',
  'credit_spent',
  'credit_code',
  'credit_withdrawn',
  'credit_overdrawn',
  'credit_in',
  // A charge's dispute (code: Stripe's id, tender: the charge): opened, then won or lost (what the bank took back).
  'dispute_opened',
  'dispute_won',
  'dispute_lost',
  // An exchange: the product going out (its price), what came back stands for its basis; cancelled with its
  // request's refusal (or settled otherwise); re-priced when less of the payment is left; the difference paid
  // (by a delayed method: pending, then paid or failed); shipped.
  'exchange',
  'exchange_cancelled',
  'exchange_repriced',
  'difference_pending',
  'difference_failed',
  'difference_paid',
  'exchange_shipped',
  // The reward this order (a friend's first) earned its referrer, and its withdrawal.
  'reward',
  'reward_withdrawn',
] as const;
export type LedgerKind = (typeof LEDGER_KINDS)[number];

export interface LedgerEntry {
  kind: LedgerKind;
  /** Names the action that wrote it, unique per order: the same action twice is one entry. */
  ref: string;
  productId: number | null;
  /** Units (goods entries). */
  quantity: number;
  /** Of a received entry's units, how many can be sold again. */
  fit: number;
  /** Minor units of the order's currency (money entries). */
  amount: number;
  /** Of the order's payment, what a credit or an exchange stands for (minor units). */
  basis: number;
  /** A store credit or reward code; a refund Stripe made: its id. */
  code: string | null;
  /** The return request it belongs to. */
  request: string | null;
  /** Whose money a money entry moves: null, the order's own charge; a payment intent (pi_…), an exchange difference's charge; CREDIT_TENDER, the store credit the order was paid with. */
  tender: string | null;
}

/** The tender of store credit an order was paid with (a credit code applied at checkout): it goes back as credit, never to a card. */
export const CREDIT_TENDER = 'credit';
