import { formatMinor, toMinorUnits } from '#shared/money.ts';
import type { Currency } from '#shared/region/region.ts';
import type { DisputeHold } from './dispute-hold.ts';
import type { PaymentStatus } from './order-status.ts';

/**
 * Refunds the owner gives from the back office: how an amount is typed, and when one may be given.
 * Stripe refuses the same cases (a refund over what is left, one on a disputed charge); checking
 * first gives the owner the reason in the shop's words before anything is sent.
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

export interface RefundableOrder {
  status: PaymentStatus;
  currency: Currency;
  total: number;
  /** Given back, as Stripe's webhooks recorded it (refunds made here and in Stripe's Dashboard). */
  refunded: number;
}

/** The sum of the refunds the shop asked Stripe for, from an order's timeline (its refund_asked steps). */
export const refundsAsked = (steps: ReadonlyArray<{ kind: string; detail: { amount?: number } | null }>): number =>
  steps.reduce((sum, s) => sum + (s.kind === 'refund_asked' ? (s.detail?.amount ?? 0) : 0), 0);

/** Given back or on its way: the recorded refunds, or all the shop asked Stripe for when more (not confirmed yet). */
const givenBack = (order: RefundableOrder, asked: number) => Math.max(order.refunded, asked);

/** What is left to give back of an order's payment (minor units); `asked`: the sum of refunds asked of Stripe from the shop. */
export const refundLeft = (order: RefundableOrder, asked = 0): number => Math.max(0, order.total - givenBack(order, asked));

/** Why this refund cannot be given, or null (with an amount: also checks it is not more than what is left). */
export function refundRefusal(order: RefundableOrder, hold: DisputeHold | null, asked = 0, amount?: number): string | null {
  if (order.status === 'pending') return 'its payment is not confirmed yet';
  if (order.status === 'failed') return 'its payment failed, so nothing was taken';
  if (hold?.state === 'open')
    return 'the buyer’s bank is disputing the payment: the bank decides what goes back (answer the dispute in Stripe)';
  if (hold?.state === 'lost') return 'the buyer’s bank has taken the money back already';
  const left = refundLeft(order, asked);
  if (left === 0)
    return order.refunded >= order.total ? 'it has been refunded in full' : 'refunds for all of it have been sent to Stripe already';
  if (amount !== undefined && amount > left) {
    const money = (minor: number) => formatMinor(minor, order.currency);
    const back = `${money(givenBack(order, asked))} of ${money(order.total)} ${asked > order.refunded ? 'given back or on its way' : 'given back'} already`;
    return `only ${money(left)} is left to refund (${back}), not ${money(amount)}`;
  }
  return null;
}
