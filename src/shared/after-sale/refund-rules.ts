import { formatMinor, toMinorUnits } from '#shared/money.ts';
import { refundable, type Ledger } from './order-ledger.ts';
import type { Currency } from '#shared/region/region.ts';
import type { DisputeHold } from '#shared/orders/dispute-hold.ts';
import type { PaymentStatus } from '#shared/orders/order-status.ts';

/**
 * Refunds the owner gives from the back office: how an amount is typed, and when one may be given.
 * What is left to refund is the order's ledger's (shared/ledger): the payment less what was given
 * back, turned into store credit or exchanged. Stripe refuses some of the same cases (a refund over
 * the charge, one on a disputed charge); checking first gives the owner the reason in the shop's words.
 */

/** An amount as an owner types it: 10, 10.5, 10.50 or 10,50 (no symbol, no grouping). */
const AMOUNT = /^(\d{1,7})(?:[.,](\d{1,2}))?$/;

/** The typed amount in minor units, or why it is not one. */
export function parseRefundAmount(typed: string, currency: Currency): { amount: number } | { refusal: string } {
  const match = AMOUNT.exec(typed.trim().replace(/^[£€$]/, ''));
  if (!match) return { refusal: `Enter the amount to refund as a number, like ${formatMinor(1000, currency).slice(1)}.` };
  const amount = toMinorUnits(Number(`${match[1]}.${(match[2] ?? '0').padEnd(2, '0')}`));
  return amount > 0 ? { amount } : { refusal: 'Enter an amount above zero.' };
}

/** Why this refund cannot be given, or null (with an amount: also checks it is not more than what is left). */
export function refundRefusal(status: PaymentStatus, hold: DisputeHold | null, ledger: Ledger, amount?: number): string | null {
  if (status === 'pending') return 'its payment is not confirmed yet';
  if (status === 'failed') return 'its payment failed, so nothing was taken';
  if (hold?.state === 'open')
    return 'the buyer’s bank is disputing the payment: the bank decides what goes back (answer the dispute in Stripe)';
  if (hold?.state === 'lost') return 'the buyer’s bank has taken the money back already';
  const left = refundable(ledger);
  const money = (minor: number) => formatMinor(minor, ledger.facts.currency as Currency);
  const { total } = ledger.facts;
  const credited = ledger.creditBasis + ledger.exchangeBasis;
  const back = `${money(ledger.givenBack)} of ${money(total)} ${ledger.pending > 0 ? 'given back or on its way' : 'given back'}${
    credited > 0 ? `, ${money(credited)} turned into store credit or an exchange` : ''
  } already`;
  if (left === 0) {
    if (credited === 0)
      return ledger.pending === 0 ? 'it has been refunded in full' : 'refunds for all of it have been sent to Stripe already';
    return `nothing is left to refund (${back})`;
  }
  if (amount !== undefined && amount > left) return `only ${money(left)} is left to refund (${back}), not ${money(amount)}`;
  return null;
}
