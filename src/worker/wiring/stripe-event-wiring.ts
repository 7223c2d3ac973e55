import { orderEventHandler, type RecordDeps } from '#worker/orders/record-session.ts';
import type { StripeEventHandlers } from '#worker/payments/stripe-event-handlers.ts';
import { expiredSessionReminder } from '#worker/recovery/checkout-recovery.ts';
import { referralsOnPaidHandler, referralsOnRefundHandler } from '#worker/referrals/referral-program.ts';
import { refundEventHandler } from '#worker/after-sale/accounts/refund-events.ts';
import { disputeEventHandler } from '#worker/after-sale/accounts/charge-disputes.ts';
import { exchangeDifferenceHandler } from '#worker/after-sale/exchanges.ts';
import { creditOnPaidHandler } from '#worker/after-sale/accounts/store-credit.ts';
import { expiredSessionHandler } from '#worker/stock/release-expired.ts';
import { creditHoldOnExpiredHandler } from '#worker/checkout/credit-holds.ts';
import { agentOrderHandler } from '#worker/agents/agent-orders.ts';

/** What the webhook's handlers need: an order's recording (the gateway, the mail, the change feed, work after the answer). */
export type WebhookDeps = RecordDeps;

/**
 * Which feature does what with each Stripe event, in order: the one list the webhook hands a verified
 * event to. A feature that acts on an event adds itself here, not to the route.
 */
export const stripeEventHandlers: StripeEventHandlers<WebhookDeps> = {
  // An exchange's difference is paid through a session of its own: never an order.
  // An agent's checkout names the order its payment page became (after the order is recorded).
  'checkout.session.completed': [
    exchangeDifferenceHandler,
    orderEventHandler,
    agentOrderHandler,
    creditOnPaidHandler,
    referralsOnPaidHandler,
  ],
  'checkout.session.async_payment_succeeded': [
    exchangeDifferenceHandler,
    orderEventHandler,
    agentOrderHandler,
    creditOnPaidHandler,
    referralsOnPaidHandler,
  ],
  'checkout.session.async_payment_failed': [exchangeDifferenceHandler, orderEventHandler],
  'checkout.session.expired': [creditHoldOnExpiredHandler, expiredSessionHandler, expiredSessionReminder],
  'charge.refunded': [refundEventHandler, referralsOnRefundHandler],
  'refund.updated': [refundEventHandler, referralsOnRefundHandler],
  'charge.dispute.created': [disputeEventHandler],
  'charge.dispute.closed': [disputeEventHandler],
};
