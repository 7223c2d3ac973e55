import type { OrderMailKind } from '#shared/timeline/order-timeline.ts';
import type { ChangeFeed } from '#worker/base/change-feed-contract.ts';
import type { Logger } from '#worker/base/log.ts';
import type { MailDeps } from '#worker/mail/send-owed.ts';
import type { CheckoutGateway } from '#worker/payments/checkout-gateway.ts';
import type { StoredOrder } from './order-queries.ts';
import type { StepMailWriter } from './order-step-email.ts';

/**
 * What other features add to an order's mail, wired once where the dependencies are built
 * (src/worker/wiring/order-mail-wiring.ts): the writers of the step mails they own, by kind, and
 * lines they add to the buyer's confirmation. orders/ writes only its own (payment, shipping,
 * refunds, disputes) and names no other feature.
 */
export interface OrderMailParts {
  steps: Partial<Record<OrderMailKind, StepMailWriter>>;
  /** Lines for a confirmation, after the order's own (none: an empty list). */
  confirmation: Array<(order: StoredOrder, deps: MailDeps) => Promise<string[]>>;
}

/** The mail dependencies of a code path that may owe an order's mail. */
export interface OrderMailDeps extends MailDeps {
  orderMail: OrderMailParts;
}

/**
 * What the owner does to an order, from the back office or the command line: the same action, the
 * same rule, the same words. Each takes plain values, writes in one batch, and answers what it did or
 * throws a Refusal having written nothing.
 */
export interface OrderActionDeps extends OrderMailDeps {
  changes: ChangeFeed;
  gateway: CheckoutGateway | null;
  log: Logger;
  /** False where this machine must not mail shoppers (a remote database without Postmark): the scheduled job tells them. */
  mailWaiting?: boolean;
}
