import { refundMade, reserveRefund, unanswered, voidRefund } from '#shared/after-sale/ledger-moves.ts';
import { differenceLeft, refundable, type Ledger } from '#shared/after-sale/order-ledger.ts';
import { type LedgerEntry } from '#shared/after-sale/ledger-entry.ts';
import { Refusal } from '#worker/base/refusal.ts';
import { CheckoutUnavailableError, RefundRefusedError } from '#worker/payments/checkout-gateway.ts';
import type { OrderActionDeps } from '#worker/orders/order-deps.ts';
import { onLedger, readLedger } from './ledger-store.ts';
import type { StoredOrder } from '#worker/orders/order-queries.ts';
import { syncRefunds } from './refund-events.ts';

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

/** A reserved refund Stripe made, then reported failed at the bank: its money is the charge's again. */
const bounced = (l: Ledger, ref: string) => {
  const made = l.entries.find((e) => e.ref === `made:${ref}`)?.code;
  return made !== undefined && l.entries.some((e) => e.kind === 'refund_failed' && e.code === made);
};

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
    // A try is done with when Stripe made none (void) or the one it made failed at the bank: the next asks under a new key.
    const live = tries.find((e) => !l.entries.some((v) => v.ref === `void:${e.ref}`) && !bounced(l, e.ref));
    if (live) return { move: { entries: [] }, value: { ref: live.ref, amount: live.amount, tender: live.tender } };
    const ref = tries.length === 0 ? base : `${base}#${tries.length + 1}`;
    const last = tries.at(-1);
    const asked = last
      ? { card: Math.min(last.amount, tender === null ? refundable(l) : differenceLeft(l, tender)), alongside: [] }
      : amountOf(l);
    const { card, alongside } = typeof asked === 'number' ? { card: asked, alongside: [] } : asked;
    // Nothing for the charge (all of it went back another way, or credit alone comes back): only what goes beside it.
    if (card === 0) return { move: { entries: alongside }, value: null };
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
