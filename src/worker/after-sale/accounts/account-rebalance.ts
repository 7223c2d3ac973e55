import { entry, repriceExchange, withdrawCredit } from '#shared/after-sale/ledger-moves.ts';
import { differenceOwed, exchangeState, ledgerOf, liveCodes, paidOf, type Ledger } from '#shared/after-sale/order-ledger.ts';
import { type LedgerEntry } from '#shared/after-sale/ledger-entry.ts';
import { formatMinor } from '#shared/money.ts';
import type { OrderActionDeps } from '#worker/orders/order-deps.ts';
import { orderById } from '#worker/orders/order-queries.ts';
import { mailOwedSteps, onLedger, readLedger, type LedgerStep } from './ledger-store.ts';
import { drawCreditCode, makeCreditCode } from './store-credit.ts';

/**
 * What the order's accounts promise beyond what is left of its payment: what went back (refunds,
 * lost disputes), what store credit not switched off and exchanges stand for, less what was paid.
 * Only money the shop did not decide makes it (a Dashboard refund, a lost dispute): every move of the
 * shop's own is bounded by what is left.
 */
export const overCommitted = (l: Ledger): number => Math.max(0, l.givenBack + l.creditBasis + l.exchangeBasis - paidOf(l));

/** Exchanges not yet sent, newest first. */
const unsentExchanges = (l: Ledger) =>
  l.entries
    .filter(
      (e) =>
        e.kind === 'exchange' && e.request !== null && exchangeState(l, e.request) !== null && exchangeState(l, e.request) !== 'shipped',
    )
    .map((e) => e.request!)
    .toReversed();

/**
 * Money went back that the shop did not decide (`why`: a refund in Stripe's Dashboard, a lost
 * dispute), so the order's accounts promise more than is left: its unspent store credit codes are
 * switched off at Stripe (newest first, only as many as it takes; Stripe's answer first: a code it
 * says was used stays), and what of them is still fairly the shopper's comes back as one new code;
 * then exchanges not yet sent are re-priced, so their difference owed grows. What cannot be taken
 * back (credit spent, an exchange sent) is said to the owner. Each change is a step; the shopper is
 * mailed a switched-off code and a re-priced exchange, the owner what moved and why.
 */
export async function rebalanceAccount(deps: OrderActionDeps, orderId: number, why: string): Promise<void> {
  const read = await readLedger(deps.db, orderId);
  if (!read || overCommitted(read.ledger) === 0) return;
  const order = await orderById(deps.db, orderId);
  if (!order) return;
  const money = (minor: number) => formatMinor(minor, order.currency);
  const switched: string[] = [];
  for (const account of liveCodes(read.ledger).toReversed()) {
    if (!deps.gateway || withdrawCredit(read.ledger, switched).basis >= overCommitted(read.ledger)) break;
    // Switched off already (an earlier run the ledger did not hear of) is as good as switched off now; used is spent.
    const answer = await deps.gateway.withdrawUnusedCode(account.code).catch((err: unknown) => {
      deps.log('warn', 'store credit code not switched off', { order: order.number, error: String(err) });
      return 'failed' as const;
    });
    if (answer === 'withdrawn' || answer === 'none') switched.push(account.code);
  }
  const fresh = drawCreditCode();
  const { value: reissued } = await onLedger(deps.db, orderId, 'stripe', (l) => {
    let over = overCommitted(l);
    if (over === 0) return { move: { entries: [] }, value: null };
    const withdrawn = withdrawCredit(l, switched);
    const entries: LedgerEntry[] = [...withdrawn.entries];
    const steps: LedgerStep[] = [];
    const said: string[] = [];
    let reissue: LedgerEntry | null = null;
    if (withdrawn.entries.length > 0) {
      const keep = Math.max(0, withdrawn.basis - over);
      const amount = withdrawn.basis > 0 ? Math.floor((withdrawn.amount * keep) / withdrawn.basis) : 0;
      if (amount > 0) reissue = entry('credit', `reissue:${withdrawn.entries[0]!.ref}`, { amount, basis: keep, code: fresh });
      if (reissue) entries.push(reissue);
      over = Math.max(0, over - withdrawn.basis);
      const codes = withdrawn.entries.map((e) => e.code!).join(', ');
      steps.push({
        step: `credit:${codes}:withdrawn`,
        kind: 'credit_withdrawn',
        detail: { code: codes, amount: reissue?.amount ?? 0, answer: why, ...(reissue && { newCode: fresh }) },
        mail: 'credit_withdrawn',
      });
      said.push(
        `Store credit ${codes} (${money(withdrawn.amount)}) switched off at Stripe${reissue ? `; ${money(reissue.amount)} of it re-issued as ${fresh}` : ''}.`,
      );
    }
    for (const request of unsentExchanges(l)) {
      if (over <= 0) break;
      const before = ledgerOf(l.facts, [...l.entries, ...entries]);
      const repriced = repriceExchange(before, request, over);
      if (!repriced) continue;
      entries.push(repriced);
      const after = ledgerOf(l.facts, [...l.entries, ...entries]);
      over -= before.exchangeBasis - after.exchangeBasis;
      const owed = differenceOwed(after, request);
      steps.push({
        step: `exchange:${request}:${repriced.ref}`,
        kind: 'exchange_repriced',
        detail: { request, amount: owed, answer: why },
        mail: 'exchange_repriced',
      });
      said.push(`Exchange ${request} re-priced: ${money(owed)} of difference to pay before it is sent.`);
    }
    if (over > 0)
      said.push(
        `${money(over)} more went back than the order had left, and cannot be taken back here (store credit already spent, or an exchange already sent): settle it with the shopper.`,
      );
    steps.push({
      step: `account:${l.entries.length + entries.length}`,
      kind: 'account_changed',
      detail: { answer: `Order ${order.number}: ${why}. ${said.join(' ')}` },
      mail: 'account_changed',
    });
    return { move: { entries }, value: reissue, steps };
  });
  if (reissued?.code)
    await makeCreditCode(
      deps,
      order,
      { code: reissued.code, amount: reissued.amount },
      `Store credit ${order.number}`,
      `credit-${reissued.ref}`,
    );
  await mailOwedSteps(deps, orderId);
}
