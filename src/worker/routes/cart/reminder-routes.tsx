import { Hono, type Context } from 'hono';
import { shortPage } from '#worker/frame/pages/short-page.tsx';
import { TOKEN } from '#worker/base/secret-tokens.ts';
import { mailUnsubscribePath, readUnsubscribeToken } from '#shared/mail/unsubscribe-links.ts';
import { optOutByLink } from '#worker/opt-outs/opt-out-links.ts';
import { setFlash } from '#worker/http/flash-cookie.ts';
import type { AppEnv } from '#worker/middleware/app-context.ts';
import { writeCartCookie } from '#worker/middleware/cart/cart-cookie.ts';
import { recoveredCart } from '#worker/recovery/checkout-recovery.ts';
import { useHref } from '#ui/state/market-context.ts';

function UnsubscribeButton({ token }: { token: string }) {
  const to = useHref();
  return (
    <form method="post" action={to(mailUnsubscribePath(token))}>
      <button type="submit" className="btn btn-primary">
        No more mail like this
      </button>
    </form>
  );
}

const unknown = (c: Context<AppEnv>) =>
  shortPage(c, 404, 'This link does not work', <p>It may have been copied only in part. Nothing was changed.</p>);

/**
 * A checkout left behind (issue 49): the reminder's link puts its cart back (the cart then checks
 * out as any, holding what is in stock). The unsubscribe address (a reminder's token, or an order's
 * number and key for its review invitation or referral reward) shows a button and takes RFC
 * 8058's one-click POST (requestGuard lets that through cross-site: the token is the authority).
 */
export const reminderRoutes = new Hono<AppEnv>()
  .get('/cart/restore/:token', async (c) => {
    const token = c.req.param('token');
    const lines = TOKEN.test(token) ? await recoveredCart(c.get('deps').db, token) : null;
    if (!lines) return unknown(c);
    c.header('Cache-Control', 'no-store');
    writeCartCookie(c, lines);
    setFlash(c, { tone: 'info', text: 'Your cart is back. What is still in stock can be checked out now.' });
    return c.redirect(c.get('href')('/cart'), 303);
  })
  .get('/mail/unsubscribe/:token', (c) => {
    const token = c.req.param('token');
    if (!readUnsubscribeToken(token)) return unknown(c);
    return shortPage(
      c,
      200,
      'No more mail like this?',
      <>
        <p>Reminders, review invitations and referral rewards stop; order and delivery mails still come.</p>
        <UnsubscribeButton token={token} />
      </>,
    );
  })
  .post('/mail/unsubscribe/:token', async (c) => {
    const token = c.req.param('token');
    const { db, settings } = c.get('deps');
    if (!(await optOutByLink(db, settings.RATE_LIMIT_SECRET, token))) return unknown(c);
    return shortPage(
      c,
      200,
      'You are unsubscribed',
      <p>We will not send you reminders or offers again. Order and delivery mails still come.</p>,
    );
  });
