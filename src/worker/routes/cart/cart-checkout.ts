import type { Context } from 'hono';
import { cartNotices } from '#shared/cart/notices.ts';
import { postedCampaign } from '#worker/checkout/checkout-inputs.ts';
import { startCheckout } from '#worker/checkout/start-checkout.ts';
import { keepAlive } from '#worker/http/keep-alive.ts';
import { wantsJson } from '#worker/http/wants-json.ts';
import type { AppEnv } from '#worker/middleware/app-context.ts';
import { ensureBuyerNonce } from '#worker/http/buyer-nonce.ts';
import { dropOffer, readOffer } from '#worker/http/offer-cookie.ts';
import { setFlash } from '#worker/http/flash-cookie.ts';
import { cartJson, rejectCartPost } from './cart-answers.ts';

/** POST /cart/checkout: the checkout (src/worker/checkout/) decides; this answers the island with JSON, else with a 303. */
export async function checkoutCart(c: Context<AppEnv>, fields: Record<string, string>) {
  const { db, settings, gateway, changes, senderAddressOf } = c.get('deps');
  const outcome = await startCheckout(
    { db, settings, log: c.get('log'), gateway, changes, background: keepAlive(c) },
    {
      cart: c.get('cart'),
      sender: senderAddressOf(c),
      region: c.get('region').region,
      market: c.get('market'),
      campaign: postedCampaign(c.req.url, fields),
      attempt: fields.attempt,
      buyerNonce: () => ensureBuyerNonce(c),
      offerCode: readOffer(c)?.code ?? null,
    },
  );
  const json = wantsJson(c);
  switch (outcome.kind) {
    case 'redirect':
      return json ? c.json({ url: outcome.url }) : c.redirect(outcome.url, 303);
    case 'refused':
      return rejectCartPost(c, outcome.notice);
    case 'one-by-one':
      return json ? c.json({ error: cartNotices.oneByOne.text }, 409) : c.redirect(c.get('href')('/cart'), 303);
    case 'short':
      if (json) return c.json({ error: outcome.notice.text, short: outcome.short, ...(await cartJson(c)) }, 409);
      return c.redirect(c.get('href')('/cart?checkout=short'), 303);
    case 'offer':
      if (!outcome.ended) return rejectCartPost(c, outcome.notice, 409);
      // A code Stripe no longer takes is forgotten; the island hears so (the request still carried it).
      dropOffer(c);
      if (json) return c.json({ error: outcome.notice.text, ...(await cartJson(c)), offer: null }, 409);
      setFlash(c, outcome.notice);
      return c.redirect(c.get('href')('/cart'), 303);
    case 'limited':
      c.header('Retry-After', String(outcome.retryAfterS));
      return rejectCartPost(c, outcome.notice, 429);
    case 'unavailable':
      // The cart stays, and the shopper is told to try again.
      return json ? c.json({ error: cartNotices.unavailable.text }, 502) : c.redirect(c.get('href')('/cart?checkout=unavailable'), 303);
  }
}
