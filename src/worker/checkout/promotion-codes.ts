import type { CartNotice } from '#shared/cart/notices.ts';
import { offerNotice, parseCode, type Offer } from '#shared/offers/offer.ts';
import type { Currency } from '#shared/region/region.ts';
import { errorFields, type Logger } from '#worker/base/log.ts';
import type { Settings } from '#worker/base/settings.ts';
import type { Db } from '#worker/db/client.ts';
import { takeHit } from '#worker/limits/durable-limit.ts';
import { senderKey } from '#worker/limits/sender-key.ts';
import type { CheckoutGateway } from '#worker/payments/checkout-gateway.ts';

/** PROMO_CODE_RATE_LIMIT counts per this window: each look-up is a Stripe request, and codes are not for guessing. */
const LOOKUP_WINDOW = { scope: 'promotion-code', windowS: 10 * 60 };

const UNCHECKED: CartNotice = { tone: 'error', text: 'That code could not be checked just now: please try again in a few minutes.' };

export interface CodeDeps {
  db: Db;
  settings: Pick<Settings, 'PROMO_CODE_RATE_LIMIT' | 'RATE_LIMIT_SECRET'>;
  /** Stripe when it is set up; without it there is no session to carry a code. */
  gateway: CheckoutGateway | null;
  log: Logger;
}

export interface BroughtCode {
  /** What the shopper typed or the link carried. */
  raw: string | undefined;
  /** The shopper's network address: look-ups are limited per network. */
  sender: string | undefined;
  /** The shopper's currency: what the notice says the code gives. */
  currency: Currency;
}

/** What to tell the shopper, and the code to keep for the cart (until `expiresAt`, epoch seconds) when Stripe knows it. */
export type CodeAnswer = { notice: CartNotice; keep?: { offer: Offer; expiresAt: number | null } } | { limited: true; retryAfterS: number };

/**
 * A code a shopper brought (a discount link, the cart's field): asked of Stripe (active, unexpired),
 * and what to tell them either way. An unknown, inactive or expired code keeps nothing. Without
 * Stripe (payment links) there is no session to carry it: nothing kept.
 */
export async function bringCode(deps: CodeDeps, brought: BroughtCode): Promise<CodeAnswer> {
  const { db, settings, gateway, log } = deps;
  // Every attempt counts, a malformed one too: a link whose code is not one still costs its network a try.
  const limit = await takeHit(
    db,
    { ...LOOKUP_WINDOW, limit: settings.PROMO_CODE_RATE_LIMIT },
    await senderKey(settings.RATE_LIMIT_SECRET, brought.sender),
  ).catch((err: unknown) => {
    log('error', 'promotion code attempt not counted', errorFields(err));
    return null;
  });
  if (!limit) return { notice: UNCHECKED };
  if (!limit.allowed) return { limited: true, retryAfterS: limit.retryAfterS };
  const code = parseCode(brought.raw);
  // What the shopper brought is never echoed until Stripe knows it: a link must not make the shop say whatever it carries.
  if (code === null) {
    return {
      notice: {
        tone: 'error',
        text: brought.raw?.trim() ? 'That is not a code we can accept: codes are letters, digits and dashes.' : 'Enter a promotion code.',
      },
    };
  }
  if (!gateway)
    return { notice: { tone: 'error', text: 'Codes cannot be applied here: enter yours on the payment page if it asks for one.' } };
  try {
    const promo = await gateway.findPromotionCode(code);
    if (!promo) return { notice: { tone: 'error', text: 'That is not a code we can accept: it may have ended or been mistyped.' } };
    const { id: _id, expiresAt, ...offer } = promo;
    log('info', 'promotion code kept for the cart', { code: promo.code });
    return { notice: { tone: 'info', text: offerNotice(offer, brought.currency) }, keep: { offer, expiresAt } };
  } catch (err) {
    log('error', 'promotion code could not be checked', errorFields(err));
    return { notice: UNCHECKED };
  }
}
