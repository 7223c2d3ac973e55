import { z } from 'zod/mini';
import { CODE, type Offer } from './offer.ts';

/** The offer as the cart's cookie holds it (server only: the islands never parse it). */
const amounts = z.partialRecord(z.enum(['GBP', 'EUR', 'USD']), z.number().check(z.int(), z.nonnegative()));
const offerSchema = z.object({
  code: z.string().check(z.regex(CODE)),
  percentOff: z.nullable(z.number().check(z.positive(), z.lte(100))),
  amountOff: amounts,
  minimum: amounts,
});

/** The cookie's value. */
export function serializeOffer(offer: Offer): string {
  return JSON.stringify(offer);
}

/** The cookie's offer, or null for anything that is not one. */
export function parseOffer(raw: string | undefined | null): Offer | null {
  if (!raw) return null;
  try {
    const parsed = offerSchema.safeParse(JSON.parse(raw));
    return parsed.success ? (parsed.data as Offer) : null;
  } catch {
    return null;
  }
}
