/**
 * The payment provider's checkout session id on /thank-you (the purchase's transaction id). Only a
 * plain token is accepted (Stripe's look like cs_test_a1B2c3), so junk never reaches analytics.
 */
export function parseSessionId(raw: string | null | undefined): string | null {
  const text = raw?.trim();
  return text && /^[\w-]{1,200}$/.test(text) ? text : null;
}
