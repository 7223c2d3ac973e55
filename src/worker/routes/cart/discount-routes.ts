import { Hono, type Context } from 'hono';
import { currencyByRegion } from '#shared/region/region.ts';
import { sameSitePath } from '#shared/site/safe-redirect.ts';
import { bringCode } from '#worker/checkout/promotion-codes.ts';
import { dropOffer, keepOffer, readOffer } from '#worker/http/offer-cookie.ts';
import { renderRefusal } from '#worker/frame/pages/refusal-page.tsx';
import { setFlash } from '#worker/http/flash-cookie.ts';
import { readFields } from '#worker/http/read-fields.ts';
import type { AppEnv } from '#worker/middleware/app-context.ts';
import { rejectCartPost } from './cart-answers.ts';

/** The code asked of Stripe (checkout/promotion-codes.ts), kept in the cart's cookie when it is one. */
async function bring(c: Context<AppEnv>, raw: string | undefined) {
  const deps = c.get('deps');
  const currency = currencyByRegion[c.get('region').region];
  const answer = await bringCode({ ...deps, log: c.get('log') }, { raw, sender: deps.senderAddressOf(c), currency });
  if ('keep' in answer && answer.keep) keepOffer(c, answer.keep.offer, answer.keep.expiresAt);
  return answer;
}

/**
 * Promotion codes for the cart: a discount link (/discount/CODE, under any market, ?redirect= a path
 * of this site) lands on its page with what the code gives, or why it gives nothing; the cart's field
 * posts a code; Remove forgets it. The code rides to Stripe at checkout (start-checkout.ts asks again).
 */
export const discountRoutes = new Hono<AppEnv>()
  .get('/discount/:code', async (c) => {
    // A shopper's own redirect, never cached; a link to share, never indexed.
    c.header('Cache-Control', 'no-store');
    c.header('X-Robots-Tag', 'noindex');
    const answer = await bring(c, c.req.param('code'));
    if ('limited' in answer) return renderRefusal(c, 429, { 'Retry-After': String(answer.retryAfterS) });
    setFlash(c, answer.notice);
    return c.redirect(sameSitePath(c.req.query('redirect')) ?? c.get('href')('/'), 302);
  })
  .post('/cart/discount', async (c) => {
    const answer = await bring(c, (await readFields(c)).code);
    if ('limited' in answer) {
      c.header('Retry-After', String(answer.retryAfterS));
      return rejectCartPost(c, { tone: 'error', text: 'Too many codes tried from your network just now: please wait a few minutes.' }, 429);
    }
    if (answer.notice.tone === 'error') return rejectCartPost(c, answer.notice, 400);
    setFlash(c, answer.notice);
    return c.redirect(c.get('href')('/cart'), 303);
  })
  .post('/cart/discount/remove', (c) => {
    const offer = readOffer(c);
    dropOffer(c);
    if (offer) setFlash(c, { tone: 'info', text: `${offer.code} removed: you can still enter a code at checkout.` });
    return c.redirect(c.get('href')('/cart'), 303);
  });
