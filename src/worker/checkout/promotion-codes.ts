import type { Context } from 'hono';
import { offerNotice, parseCode, unknownCodeText } from '#shared/offers/offer.ts';
import { currencyByRegion } from '#shared/region/region.ts';
import { errorFields } from '#worker/base/log.ts';
import type { FlashNotice } from '#worker/http/flash-notice.ts';
import { takeHit } from '#worker/limits/durable-limit.ts';
import { senderKey } from '#worker/limits/sender-key.ts';
import type { AppEnv } from '#worker/middleware/app-context.ts';
import { checkoutGatewayFor } from '#worker/payments/choose-gateway.ts';
import { keepOffer } from './offer-cookie.ts';

/** PROMO_CODE_RATE_LIMIT counts per this window: each look-up is a Stripe request, and codes are not for guessing. */
const LOOKUP_WINDOW = { scope: 'promotion-code', windowS: 10 * 60 };

export type CodeAnswer = { notice: FlashNotice } | { limited: true; retryAfterS: number };

/**
 * A code a shopper brought (a discount link, the cart's field): asked of Stripe (active, unexpired),
 * kept for the cart when it is one, and what to tell them either way. An unknown, inactive or expired
 * code keeps nothing. Without Stripe (payment links) there is no session to carry it: nothing kept.
 */
export async function bringCode(c: Context<AppEnv>, raw: string | undefined): Promise<CodeAnswer> {
  const { db, settings, senderAddressOf } = c.get('deps');
  const log = c.get('log');
  const code = parseCode(raw);
  // Not echoed: a link must not make the shop say whatever it carries.
  if (code === null) {
    return {
      notice: {
        tone: 'error',
        text: raw?.trim() ? 'That is not a code we can accept: codes are letters, digits and dashes.' : 'Enter a promotion code.',
      },
    };
  }
  const gateway = checkoutGatewayFor(settings);
  if (!gateway)
    return { notice: { tone: 'error', text: `${code} cannot be applied here: enter it on the payment page if it asks for one.` } };
  try {
    const limit = await takeHit(
      db,
      { ...LOOKUP_WINDOW, limit: settings.PROMO_CODE_RATE_LIMIT },
      await senderKey(settings.RATE_LIMIT_SECRET, senderAddressOf(c)),
    );
    if (!limit.allowed) return { limited: true, retryAfterS: limit.retryAfterS };
    const promo = await gateway.findPromotionCode(code);
    if (!promo) return { notice: { tone: 'error', text: unknownCodeText(code) } };
    const { id: _id, expiresAt, ...offer } = promo;
    keepOffer(c, offer, expiresAt);
    log('info', 'promotion code kept for the cart', { code: promo.code });
    return { notice: { tone: 'info', text: offerNotice(offer, currencyByRegion[c.get('region').region]) } };
  } catch (err) {
    log('error', 'promotion code could not be checked', errorFields(err));
    return { notice: { tone: 'error', text: `${code} could not be checked just now: please try again in a few minutes.` } };
  }
}
