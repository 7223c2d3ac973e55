import { differenceLeft, type Ledger } from './order-ledger.ts';
import { disputesOf, isLive } from './tender-accounts.ts';

/** One of an order's accounts as the back office lists it: what came in, what went out, what it holds now, and its state in words. */
export interface AccountLine {
  account: string;
  kind: 'charge' | 'difference' | 'credit paid' | 'credit code';
  in: number;
  out: number;
  holds: number;
  state: string;
}

/** A charge's open and lost disputes, in words ('' when none). */
function disputeWords(l: Ledger, tender: string | null): string {
  const mine = disputesOf(l.entries).filter((d) => d.tender === tender);
  return mine.map((d) => `dispute ${d.id} ${d.outcome ?? 'open'}`).join(', ');
}

/**
 * Every account of the order (issue 78), each its own figures, as Stripe would show them: the order's
 * charge, each exchange difference's charge, the store credit it was paid with, each store credit
 * code it issued. In and out in minor units of the order's currency.
 */
export function accountLines(l: Ledger): AccountLine[] {
  const lines: AccountLine[] = [
    {
      account: 'Order’s payment',
      kind: 'charge',
      in: l.facts.total,
      out: l.givenBack,
      holds: Math.max(0, l.facts.total - l.givenBack),
      state: [l.pending > 0 && 'a refund awaiting Stripe', l.lost > 0 && 'taken back by the bank', disputeWords(l, null)]
        .filter(Boolean)
        .join('; '),
    },
  ];
  for (const [tender, d] of l.differences)
    lines.push({
      account: `Difference ${d.request ?? ''} (${tender})`,
      kind: 'difference',
      in: d.paid,
      out: d.givenBack,
      holds: differenceLeft(l, tender),
      state: disputeWords(l, tender),
    });
  if (l.facts.creditPaid > 0)
    lines.push({
      account: 'Store credit it was paid with',
      kind: 'credit paid',
      in: l.facts.creditPaid,
      out: l.creditRestored,
      holds: Math.max(0, l.facts.creditPaid - l.creditRestored),
      state: l.creditRestored > 0 ? 'given back as credit' : '',
    });
  for (const a of l.codes.values())
    lines.push({
      account: `Code ${a.code}${a.from ? ` (rest of ${a.from})` : ''}`,
      kind: 'credit code',
      in: a.issued,
      out: a.drawn + a.movedOn + a.withdrawn,
      holds: Math.max(0, a.balance),
      state: a.balance < 0 ? 'drawn beyond what it held' : a.withdrawn > 0 ? 'switched off' : isLive(a, l.entries) ? 'live' : 'used',
    });
  return lines;
}
