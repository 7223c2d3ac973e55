import { receive, refundMade, reserveRefund, unanswered, voidRefund } from '#shared/after-sale/ledger-moves.ts';
import { differenceLeft, refundable, type Ledger, type LedgerEntry } from '#shared/after-sale/order-ledger.ts';
import { disputeHold } from '#shared/orders/dispute-hold.ts';
import { refundRefusal } from '#shared/after-sale/refund-rules.ts';
import { formatMinor } from '#shared/money.ts';
import { Refusal } from '#worker/base/refusal.ts';
import { CheckoutUnavailableError, RefundRefusedError } from '#worker/payments/checkout-gateway.ts';
import type { OrderActionDeps } from '#worker/orders/order-deps.ts';
import type { AfterSaleDeps } from './after-sale-listeners.ts';
import { returnGoods, type GoodsBack } from './goods-back.ts';
import { onLedger, readLedger } from './ledger-store.ts';
import { findOrder, type StoredOrder } from '#worker/orders/order-queries.ts';
import { syncRefunds } from './refund-events.ts';

export interface RefundAsked {
  number: string;
  /** Minor units of the order's currency. */
  amount: number;
  /** Goods that came back with it, put back in stock; null or empty: none (a refund alone never moves stock). */
  goodsBack: GoodsBack['lines'];
  /** Names this one intent (the back office's one-time form token): sent again, it is the same refund at Stripe. */
  intent: string;
}

/** The idempotency key of a reserved refund: named by the order and the reservation, so any later try asks Stripe for the same refund. */
const refundKey = (order: StoredOrder, ref: string) => `refund:${order.number}:${ref.slice('refund:'.length)}`;

type Answer = { made: string } | { none: Refusal } | { unknown: Refusal };
type Reserved = { ref: string; amount: number; tender: string | null };

/** Asks Stripe for a reserved refund under its key: made (its id), none made (refused, or failed before making it), or no answer. */
async function askStripe(deps: OrderActionDeps, order: StoredOrder, reserved: Reserved): Promise<Answer> {
  try {
    const refund = await deps.gateway!.createRefund(
      // Back to the charge it came from: the order's, or an exchange difference's own (its tender).
      { paymentIntent: reserved.tender ?? order.paymentIntent!, amount: reserved.amount, metadata: { order: order.number } },
      refundKey(order, reserved.ref),
    );
    return { made: refund.id };
  } catch (err) {
    if (err instanceof RefundRefusedError) return { none: new Refusal(`Stripe refused the refund: ${err.message}`) };
    const status = err instanceof CheckoutUnavailableError ? err.status : undefined;
    deps.log('warn', 'refund not made', { order: order.number, error: String(err) });
    // 409: the same key is still being worked on at Stripe; like no answer, it may yet be made.
    if (status !== undefined && status !== 409)
      return { none: new Refusal(`Stripe failed (error ${status}), so nothing was refunded. Send it again.`, 'unavailable') };
    return {
      unknown: new Refusal(
        'Stripe did not answer in time, so the refund may or may not have been made: it stays counted as given back, and the next refund of this order asks Stripe again.',
        'unavailable',
      ),
    };
  }
}

/** Writes what Stripe answered for a reserved refund on the ledger: made (with its step), or voided; no answer leaves it reserved. */
async function settle(deps: OrderActionDeps, order: StoredOrder, reserved: Reserved, answer: Answer, by: string) {
  if ('unknown' in answer) return;
  if ('none' in answer) {
    await onLedger(deps.db, order.id, by, (l) => ({ move: voidRefund(l, reserved.ref), value: null }));
    return;
  }
  await onLedger(deps.db, order.id, by, (l) => ({
    move: refundMade(l, reserved.ref, answer.made),
    value: null,
    steps: [{ step: `refund_asked:${answer.made}`, kind: 'refund_asked', detail: { amount: reserved.amount, refund: answer.made, by } }],
  }));
}

/**
 * The ledger made what Stripe says before money is decided on it: refunds reserved earlier whose ask
 * Stripe never answered are asked again under their own keys (Stripe answers with the refund if it
 * was made, or makes it now), and the charge's refunds are read as Stripe lists them (one made in the
 * Dashboard whose webhook has not come yet counts now). Run before a refund or credit is decided.
 */
export async function settleUnanswered(deps: OrderActionDeps, order: StoredOrder, by: string) {
  if (!deps.gateway) return;
  if (order.paymentIntent) await syncRefunds({ ...deps, gateway: deps.gateway }, order, null, order.paymentIntent);
  const read = await readLedger(deps.db, order.id);
  for (const reserved of read ? unanswered(read.ledger) : [])
    await settle(deps, order, reserved, await askStripe(deps, order, reserved), by);
}

/** What a refund gives: to the tender's charge (minor units), and entries written with its reservation (store credit given back beside it). */
export type RefundParts = { card: number; alongside: LedgerEntry[] };

/**
 * A refund through the order's ledger: reserved there first (no more than is left of the tender's
 * charge, decided against the ledger as it stands, so a credit or another refund at the same moment
 * cannot both take the same money), then asked of Stripe under a key of its own. Made: the ledger and
 * the timeline (`refund_asked`) say so; Stripe's webhook confirms it and mails the shopper. Refused or
 * failed: the reservation is voided, and a try after it asks the same amount under a new key (Stripe
 * keeps a key's first answer, a 500 included). No answer: it stays reserved, and the next refund of
 * the order asks Stripe again under the same key (settleUnanswered). `amountOf` may name entries to
 * write with the reservation (written once: a later try only asks Stripe again); with nothing for the
 * charge, only they are written. Returns what was asked of the charge (0: nothing).
 */
export async function refundOnLedger(
  deps: OrderActionDeps,
  order: StoredOrder,
  refund: {
    /** The refund's reference on the ledger (a retry after a refusal is `${base}#2`, …). */
    base: string;
    amountOf: (ledger: Ledger) => number | RefundParts;
    by: string;
    /** The difference's charge it goes back to (null: the order's own). */
    tender?: string | null;
    /** The caller settled with Stripe just before (settleUnanswered): not read twice. */
    settled?: boolean;
  },
): Promise<{ amount: number; refund: string | null }> {
  const { base, amountOf, by, tender = null, settled = false } = refund;
  if (!settled) await settleUnanswered(deps, order, by);
  const { value: reserved } = await onLedger(deps.db, order.id, by, (l) => {
    const tries = l.entries.filter((e) => e.kind === 'refund' && (e.ref === base || e.ref.startsWith(`${base}#`)));
    const live = tries.find((e) => !l.entries.some((v) => v.ref === `void:${e.ref}`));
    if (live) return { move: { entries: [] }, value: { ref: live.ref, amount: live.amount, tender: live.tender } };
    const ref = tries.length === 0 ? base : `${base}#${tries.length + 1}`;
    const last = tries.at(-1);
    const asked = last
      ? { card: Math.min(last.amount, tender === null ? refundable(l) : differenceLeft(l, tender)), alongside: [] }
      : amountOf(l);
    const { card, alongside } = typeof asked === 'number' ? { card: asked, alongside: [] } : asked;
    if (card === 0 && alongside.length > 0) return { move: { entries: alongside }, value: null };
    if ((!order.paymentIntent && tender === null) || !deps.gateway) {
      throw new Refusal(
        `Cannot refund order ${order.number} here: ${deps.gateway ? 'Stripe holds no payment for it' : 'Stripe is not set up on this shop'}.`,
      );
    }
    const move = reserveRefund(l, ref, card, tender);
    return { move: 'refusal' in move ? move : { entries: [...move.entries, ...alongside] }, value: { ref, amount: card, tender } };
  });
  if (!reserved) return { amount: 0, refund: null };
  const answer = await askStripe(deps, order, reserved);
  await settle(deps, order, reserved, answer, by);
  if ('none' in answer) throw answer.none;
  if ('unknown' in answer) throw answer.unknown;
  return { amount: reserved.amount, refund: answer.made };
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
  const { amount } = await refundOnLedger(deps, order, {
    base: `refund:${asked.intent}`,
    amountOf: () => asked.amount,
    by,
    settled: true,
  });
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
