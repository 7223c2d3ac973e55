import { ledgerOf, type Ledger, type OrderFacts } from '#shared/after-sale/order-ledger.ts';
import { type LedgerEntry } from '#shared/after-sale/ledger-entry.ts';
import { returnsPolicy } from '#shared/policy/figures.ts';

/**
 * What must hold of every order's ledger, whatever happened to it and in whatever order: never more
 * back than paid (credit at most 110% of what it stands for), never a unit back twice, never a
 * negative credit balance, a reward withdrawn only once and only when given. Answers the faults found.
 */
export function ledgerFaults(facts: OrderFacts, entries: readonly LedgerEntry[]): string[] {
  const l: Ledger = ledgerOf(facts, entries);
  const faults: string[] = [];
  // Refunds the owner made in Stripe's Dashboard are theirs (Stripe bounds them by the charge): the shop's own decisions never add to more than was paid.
  const shopMade = new Set(entries.filter((e) => e.kind === 'refund_made').map((e) => e.code));
  const byOwner = entries.reduce((t, e) => t + (e.kind === 'refund_seen' && e.tender === null && !shopMade.has(e.code) ? e.amount : 0), 0);
  const back = l.givenBack - byOwner + l.creditBasis + l.exchangeBasis;
  const paidIn = facts.total + facts.creditPaid;
  if (back > paidIn)
    faults.push(`back ${back} (refunds ${l.givenBack}, credit ${l.creditBasis}, exchange ${l.exchangeBasis}) > paid ${paidIn}`);
  if (l.pending < 0) faults.push(`refunds pending ${l.pending} < 0`);
  for (const [tender, d] of l.differences)
    if (d.givenBack > d.paid) faults.push(`difference ${tender}: ${d.givenBack} back > ${d.paid} paid`);
  for (const e of entries) {
    if (e.kind === 'credit' && e.tender !== null && e.amount !== e.basis)
      faults.push(`credit ${e.ref} gives back ${e.amount} for ${e.basis} of credit`);
    if (e.kind === 'credit' && e.amount > (e.basis * returnsPolicy.storeCreditPercent) / 100)
      faults.push(`credit ${e.amount} > ${returnsPolicy.storeCreditPercent}% of ${e.basis}`);
    if (e.kind === 'credit' && e.basis <= 0) faults.push(`credit ${e.ref} stands for nothing`);
  }
  for (const [productId, u] of l.units) {
    if (u.asked + u.direct > u.bought) faults.push(`product ${productId}: ${u.asked} asked + ${u.direct} taken back > ${u.bought} bought`);
    if (u.received > u.bought) faults.push(`product ${productId}: ${u.received} received > ${u.bought} bought`);
    if (u.asked < 0) faults.push(`product ${productId}: asked ${u.asked} < 0`);
  }
  const perRequest = new Map<string, number>();
  for (const e of entries) {
    if (!e.request || e.productId === null) continue;
    const key = `${e.request}:${e.productId}`;
    const sign = e.kind === 'asked' ? 1 : e.kind === 'released' || e.kind === 'received' ? -1 : 0;
    perRequest.set(key, (perRequest.get(key) ?? 0) + sign * e.quantity);
    if ((perRequest.get(key) ?? 0) < 0) faults.push(`${key}: more released or received than asked`);
  }
  // Each code is its own account: what it holds, drawn once (its rest a new code), never more than it held.
  const held = new Map<string, number>();
  const closed = new Set<string>();
  let issued = 0;
  for (const e of entries) {
    if (e.kind === 'credit') {
      held.set(e.code!, (held.get(e.code!) ?? 0) + e.amount);
      issued += e.amount;
    }
    if (e.kind === 'credit_spent' || e.kind === 'credit_withdrawn') {
      if (closed.has(e.code!)) faults.push(`code ${e.code} drawn after it was drawn or switched off`);
      closed.add(e.code!);
      const before = held.get(e.code!) ?? 0;
      if (e.kind === 'credit_spent' && e.amount > before) faults.push(`code ${e.code} drew ${e.amount}, it held ${before}`);
      const rest = entries.find((x) => x.kind === 'credit_code' && x.ref === `rest:${e.ref}`);
      if (rest && rest.amount !== before - e.amount)
        faults.push(`code ${rest.code} holds ${rest.amount}, ${e.code} had ${before - e.amount} left`);
      if (rest) held.set(rest.code!, rest.amount);
      held.set(e.code!, 0);
    }
  }
  const drawn = entries.reduce((t, e) => t + (e.kind === 'credit_spent' || e.kind === 'credit_withdrawn' ? e.amount : 0), 0);
  const stillHeld = [...held.values()].reduce((t, v) => t + v, 0);
  if (drawn + stillHeld > issued) faults.push(`credit drawn ${drawn} + held ${stillHeld} > issued ${issued}`);
  for (const e of entries.filter((x) => x.kind === 'refund_made'))
    if (entries.some((x) => x.ref === `void:${e.ref.slice('made:'.length)}`)) faults.push(`${e.ref} both made and voided`);
  const voids = entries.filter((e) => e.kind === 'refund_void').map((e) => e.ref);
  if (new Set(voids).size !== voids.length) faults.push('a refund voided twice');
  const refs = entries.map((e) => e.ref);
  if (new Set(refs).size !== refs.length) faults.push('an action written twice');
  if (new Set(l.rewardsGiven).size !== l.rewardsGiven.length) faults.push('a reward given twice');
  for (const code of l.rewardsWithdrawn) if (!l.rewardsGiven.includes(code)) faults.push(`reward ${code} withdrawn, never given`);
  if (new Set(l.rewardsWithdrawn).size !== l.rewardsWithdrawn.length) faults.push('a reward withdrawn twice');
  const cancelled = (request: string | null) => entries.some((x) => x.kind === 'exchange_cancelled' && x.request === request);
  const exchanges = entries.filter((e) => e.kind === 'exchange' && !cancelled(e.request));
  for (const e of exchanges) if (e.amount < e.basis) faults.push(`exchange ${e.ref} for less than what went back`);
  for (const e of entries.filter((x) => x.kind === 'exchange_shipped')) {
    const request = e.request ?? '';
    const received = entries.some((x) => x.kind === 'received' && x.request === request);
    const ex = exchanges.find((x) => x.request === request);
    const paid = entries.reduce((t, x) => t + (x.kind === 'difference_paid' && x.request === request ? x.amount : 0), 0);
    if (!ex || !received || paid < ex.amount - ex.basis)
      faults.push(`exchange ${request} shipped before its goods came back and its difference was paid`);
  }
  return faults;
}
