import type { LedgerEntry } from './ledger-entry.ts';

/**
 * Each tender an order's money moves through is an account of its own (issue 78): a charge (the
 * order's, or an exchange difference's) with what it took, what went back and what its bank
 * disputes; a store credit code with what it was issued, what orders drew from it, what moved on to
 * its rest code and what was switched off. An order's figures are these accounts added up, so one
 * code can never draw on another's balance, nor a refund on a charge that is held.
 */

/** One store credit code's account. A code is single-use at Stripe: once drawn, what stays moves on to its rest code. */
export interface CreditCodeAccount {
  code: string;
  /** Issued to it: store credit, or the rest of a code drawn before (`from`). */
  issued: number;
  /** What orders paid with it (as Stripe reported). */
  drawn: number;
  /** What of it moved on to a rest code when it was drawn. */
  movedOn: number;
  /** What was left of it when it was switched off (money went back otherwise). */
  withdrawn: number;
  /** The code it is the rest of, or null. */
  from: string | null;
  /** Issued less drawn, moved on and withdrawn: below zero, Stripe let it draw more than it held (flagged). */
  balance: number;
}

/** One dispute of a charge: its amount, and how it ended (null while the bank decides). */
export interface DisputeAccount {
  id: string;
  tender: string | null;
  amount: number;
  outcome: 'won' | 'lost' | null;
}

const restSource = (entries: readonly LedgerEntry[], rest: LedgerEntry) =>
  rest.ref.startsWith('rest:') ? entries.find((e) => e.kind === 'credit_spent' && e.ref === rest.ref.slice('rest:'.length)) : undefined;

/** Every store credit code of the order, oldest first, each with its own balance. */
export function creditCodes(entries: readonly LedgerEntry[]): Map<string, CreditCodeAccount> {
  const codes = new Map<string, CreditCodeAccount>();
  const of = (code: string, from: string | null = null) => {
    let account = codes.get(code);
    if (!account) codes.set(code, (account = { code, issued: 0, drawn: 0, movedOn: 0, withdrawn: 0, from, balance: 0 }));
    return account;
  };
  for (const e of entries) {
    if (!e.code) continue;
    if (e.kind === 'credit') of(e.code).issued += e.amount;
    if (e.kind === 'credit_code') {
      const source = restSource(entries, e)?.code ?? null;
      of(e.code, source).issued += e.amount;
      if (source) of(source).movedOn += e.amount;
    }
    if (e.kind === 'credit_spent') of(e.code).drawn += e.amount;
    if (e.kind === 'credit_withdrawn') of(e.code).withdrawn += e.amount;
  }
  for (const a of codes.values()) a.balance = a.issued - a.drawn - a.movedOn - a.withdrawn;
  return codes;
}

/** A code still worth something and not yet drawn or switched off: what the shopper holds. */
export const isLive = (a: CreditCodeAccount, entries: readonly LedgerEntry[]) =>
  a.balance > 0 && !entries.some((e) => (e.kind === 'credit_spent' || e.kind === 'credit_withdrawn') && e.code === a.code);

/** Every dispute of the order's charges, as Stripe opened and closed them. */
export function disputesOf(entries: readonly LedgerEntry[]): DisputeAccount[] {
  const disputes = new Map<string, DisputeAccount>();
  for (const e of entries) {
    if (!e.code) continue;
    if (e.kind === 'dispute_opened' && !disputes.has(e.code))
      disputes.set(e.code, { id: e.code, tender: e.tender, amount: e.amount, outcome: null });
    const known = disputes.get(e.code);
    if (e.kind === 'dispute_won') {
      if (known) known.outcome = 'won';
      else disputes.set(e.code, { id: e.code, tender: e.tender, amount: e.amount, outcome: 'won' });
    }
    if (e.kind === 'dispute_lost') {
      if (known) Object.assign(known, { outcome: 'lost', amount: e.amount });
      else disputes.set(e.code, { id: e.code, tender: e.tender, amount: e.amount, outcome: 'lost' });
    }
  }
  return [...disputes.values()];
}

/** What the bank took back of one charge through lost disputes. */
export const lostOf = (entries: readonly LedgerEntry[], tender: string | null): number =>
  disputesOf(entries).reduce((t, d) => t + (d.tender === tender && d.outcome === 'lost' ? d.amount : 0), 0);

/** Whether the bank is deciding a dispute of this charge now: nothing more moves on it until it ends. */
export const disputeOpen = (entries: readonly LedgerEntry[], tender: string | null): boolean =>
  disputesOf(entries).some((d) => d.tender === tender && d.outcome === null);
