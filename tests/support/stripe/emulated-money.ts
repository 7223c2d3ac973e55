import { replyJson } from '../loopback';
import { idempotent, major, stripeError, type EmulatedCharge, type Route, type StripeAccount } from './emulated-account';

/**
 * The money of completed sessions: charges, refunds (POST /v1/refunds, with Stripe's refusals and
 * idempotency, charge.refunded sent a moment after; GET /v1/refunds?payment_intent=…) and disputes;
 * each readable by id (GET /v1/charges|refunds|disputes/:id). What the Dashboard and the bank do
 * (a refund made there, one sent back, a dispute opened and closed) are the test's to call.
 */
export function emulatedMoney(account: StripeAccount, deliver: (type: string, object: object) => Promise<void>) {
  const { charges, refunds, disputes, refundPosts } = account;

  /** Why Stripe refuses this refund (POST /v1/refunds), as it words it, or null. */
  function refundRefusal(charge: EmulatedCharge | undefined, fields: Record<string, string>) {
    if (!charge) return stripeError(`No such payment_intent: '${fields.payment_intent ?? ''}'`, 'payment_intent', 'resource_missing');
    if ([...disputes.values()].some((d) => d.charge === charge.id && d.status !== 'won')) {
      return stripeError(`Charge ${charge.id} has been charged back; cannot issue a refund.`, undefined, 'charge_disputed');
    }
    if (charge.refunded) return stripeError(`Charge ${charge.id} has already been refunded.`, undefined, 'charge_already_refunded');
    const amount = fields.amount === undefined ? null : Number(fields.amount);
    if (amount !== null && (!Number.isInteger(amount) || amount < 1)) return stripeError('Invalid positive integer', 'amount');
    const left = charge.amount - charge.amount_refunded;
    if (amount !== null && amount > left) {
      return stripeError(
        `Refund amount (${major(amount)} ${charge.currency}) is greater than unrefunded amount on charge (${major(left)} ${charge.currency})`,
        'amount',
        'amount_too_large',
      );
    }
    return null;
  }

  /** A refund of part or all of a charge: its amount_refunded grows. */
  function makeRefund(charge: EmulatedCharge, amount: number) {
    charge.amount_refunded = Math.min(charge.amount, charge.amount_refunded + amount);
    charge.refunded = charge.amount_refunded === charge.amount;
    const refund = {
      id: `re_test_${refunds.size + 1}`,
      object: 'refund' as const,
      charge: charge.id,
      payment_intent: charge.payment_intent,
      amount,
      currency: charge.currency,
      status: 'succeeded',
    };
    refunds.set(refund.id, refund);
    return refund;
  }

  /** The charge of a completed session (ch_test_n). */
  function chargeOf(sessionId: string): EmulatedCharge {
    const pi = account.sessions.get(sessionId)?.paymentIntent;
    const charge = [...charges.values()].find((ch) => ch.payment_intent === pi);
    if (!charge) throw new Error(`no charge for ${sessionId}`);
    return charge;
  }

  const route: Route = (req, res, url, raw) => {
    if (req.method === 'POST' && url.pathname === '/v1/refunds') {
      const fields = Object.fromEntries(new URLSearchParams(raw));
      refundPosts.push({ fields, idempotencyKey: req.headers['idempotency-key'] as string | undefined });
      const charge = [...charges.values()].find((ch) => ch.payment_intent === fields.payment_intent);
      idempotent(
        account,
        req,
        res,
        raw,
        () => refundRefusal(charge, fields),
        () => {
          const refund = makeRefund(charge!, fields.amount ? Number(fields.amount) : charge!.amount - charge!.amount_refunded);
          // Stripe tells the endpoint a moment after answering.
          setTimeout(() => void deliver('charge.refunded', charge!), 5);
          return refund;
        },
      );
      return true;
    }
    // GET /v1/refunds?payment_intent=…: a charge's refunds, newest first, as Stripe lists them (one page of up to `limit`).
    if (req.method === 'GET' && url.pathname === '/v1/refunds') {
      const intent = url.searchParams.get('payment_intent');
      const limit = Math.min(100, Number(url.searchParams.get('limit') ?? 10));
      const all = [...refunds.values()].filter((r) => intent === null || r.payment_intent === intent).toReversed();
      replyJson(res, 200, { object: 'list', url: '/v1/refunds', has_more: all.length > limit, data: all.slice(0, limit) });
      return true;
    }
    const money = /^\/v1\/(charges|refunds|disputes)\/([\w-]+)$/.exec(url.pathname);
    if (req.method === 'GET' && money) {
      const found = { charges, refunds, disputes }[money[1] as 'charges' | 'refunds' | 'disputes'].get(money[2]!);
      if (!found)
        replyJson(res, 404, {
          error: { type: 'invalid_request_error', code: 'resource_missing', message: `No such object: '${money[2]}'` },
        });
      else replyJson(res, 200, found);
      return true;
    }
    return false;
  };

  return {
    route,
    chargeOf,
    /** A refund made in the dashboard: the charge's amount_refunded grows; returns the refund (no event is sent: tests post it). */
    refund: (sessionId: string, amount: number) => makeRefund(chargeOf(sessionId), amount),
    /** A refund the bank sent back (status failed, as Stripe reports it with refund.updated): its amount is the charge's again; returns it. */
    failRefund(id: string) {
      const refund = refunds.get(id);
      const charge = refund && charges.get(refund.charge);
      if (!refund || !charge) throw new Error(`no refund ${id}`);
      refund.status = 'failed';
      charge.amount_refunded -= refund.amount;
      charge.refunded = false;
      return refund;
    },
    /** The buyer's bank disputes the charge; returns the dispute. */
    openDispute(sessionId: string, reason = 'fraudulent') {
      const charge = chargeOf(sessionId);
      const dispute = {
        id: `dp_test_${disputes.size + 1}`,
        object: 'dispute' as const,
        charge: charge.id,
        payment_intent: charge.payment_intent,
        // What the charge still holds: the bank disputes no refunded money.
        amount: charge.amount - charge.amount_refunded,
        currency: charge.currency,
        reason,
        status: 'needs_response',
        // Stripe gives the seller about a week to answer.
        evidence_details: { due_by: Math.floor(Date.now() / 1000) + 7 * 86_400, has_evidence: false, past_due: false, submission_count: 0 },
      };
      disputes.set(dispute.id, dispute);
      return dispute;
    },
    closeDispute(id: string, status: 'won' | 'lost') {
      const dispute = disputes.get(id)!;
      dispute.status = status;
      return dispute;
    },
    /** Every refund of a payment intent, as Stripe keeps them (failed ones included). */
    refundsOf: (paymentIntent: string) => [...refunds.values()].filter((r) => r.payment_intent === paymentIntent),
  };
}
