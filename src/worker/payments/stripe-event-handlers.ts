import type { SessionRecord } from './checkout-gateway.ts';
import { isOrderEvent, isPaymentEvent } from './stripe-events.ts';
import type { VerifiedEvent } from './stripe-event-verify.ts';

/** What a handler is told of an event it registered for: the event, the object's id, and (for a Checkout Session) the session read from Stripe once. */
export interface StripeEventInput {
  event: VerifiedEvent;
  objectId: string;
  /** The Checkout Session as Stripe's API has it now (read at most once for all handlers); null when unknown. */
  session(): Promise<SessionRecord | null>;
}

/**
 * A feature's part in an event: what it adds to the answer Stripe gets (and the next handler sees,
 * e.g. the order a refund was recorded on). Throws when it could not do its part: Stripe is answered
 * 503 and delivers the event again, so every handler is idempotent.
 */
export type StripeEventHandler<D> = (
  deps: D,
  input: StripeEventInput,
  sofar: Readonly<Record<string, unknown>>,
) => Promise<Record<string, unknown>>;

/** The handlers of each event type, in order, as the features register them (wired once for the webhook). */
export type StripeEventHandlers<D> = Partial<Record<string, ReadonlyArray<StripeEventHandler<D>>>>;

export type EventOutcome = { status: 200 | 400; answer: Record<string, unknown> };

/**
 * Hands a verified event to the features that registered for its type, in turn. A payment event must
 * name an object, an order event a Checkout Session (400 otherwise); a type nobody handles is
 * acknowledged as ignored.
 */
export async function handleStripeEvent<D>(
  handlers: StripeEventHandlers<D>,
  deps: D & { gateway: { readSession(id: string): Promise<SessionRecord | null> } },
  event: VerifiedEvent,
): Promise<EventOutcome> {
  const list = handlers[event.type];
  if (!list || list.length === 0) return { status: 200, answer: { received: true, ignored: event.type } };
  const { id, object } = event.object;
  if (typeof id !== 'string') return { status: 400, answer: { error: 'no object id' } };
  if (isOrderEvent(event.type) && object !== 'checkout.session') return { status: 400, answer: { error: 'not a checkout session' } };
  if (!isOrderEvent(event.type) && !isPaymentEvent(event.type)) return { status: 200, answer: { received: true, ignored: event.type } };
  let read: Promise<SessionRecord | null> | undefined;
  const input: StripeEventInput = { event, objectId: id, session: () => (read ??= deps.gateway.readSession(id)) };
  let answer: Record<string, unknown> = { received: true };
  for (const handle of list) answer = { ...answer, ...(await handle(deps, input, answer)) };
  return { status: 200, answer };
}
