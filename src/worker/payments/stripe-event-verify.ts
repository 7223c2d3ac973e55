import { Stripe } from 'stripe';

/** Stripe's default: a signature older than this is refused (a replay of a captured request). */
export const SIGNATURE_TOLERANCE_SECONDS = 300;

const crypto = Stripe.createSubtleCryptoProvider();

/** An event whose signature held: its id, type and the object it names (its id and kind only; what it holds is read from Stripe). */
export interface VerifiedEvent {
  id: string;
  type: string;
  object: { id: unknown; object: unknown };
}

/**
 * Stripe's word on something, believed only once its signature is verified with the official package
 * (the same code in workerd): the event, or why not.
 */
export async function verifyStripeEvent(
  body: string,
  signature: string,
  secret: string,
): Promise<{ event: VerifiedEvent } | { refused: string }> {
  try {
    const event = await Stripe.webhooks.constructEventAsync(body, signature, secret, SIGNATURE_TOLERANCE_SECONDS, crypto);
    const object = event.data.object as { id?: unknown; object?: unknown };
    return { event: { id: event.id, type: event.type, object: { id: object.id, object: object.object } } };
  } catch (err) {
    return { refused: err instanceof Error ? err.message : String(err) };
  }
}
