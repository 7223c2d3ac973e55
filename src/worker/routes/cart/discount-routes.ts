import { Hono } from 'hono';
import { sameSitePath } from '#shared/site/safe-redirect.ts';
import { bringCode } from '#worker/checkout/promotion-codes.ts';
import { dropOffer, readOffer } from '#worker/checkout/offer-cookie.ts';
import { renderRefusal } from '#worker/frame/refusal-page.tsx';
import { setFlash } from '#worker/http/flash-notice.ts';
import { readFields } from '#worker/http/read-fields.ts';
import type { AppEnv } from '#worker/middleware/app-context.ts';
import { rejectCartPost } from './cart-answers.ts';

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
    const answer = await bringCode(c, c.req.param('code'));
    if ('limited' in answer) return renderRefusal(c, 429, { 'Retry-After': String(answer.retryAfterS) });
    setFlash(c, answer.notice);
    return c.redirect(sameSitePath(c.req.query('redirect')) ?? c.get('href')('/'), 302);
  })
  .post('/cart/discount', async (c) => {
    const answer = await bringCode(c, (await readFields(c)).code);
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
