import { Hono } from 'hono';
import { marketOfRegion } from '#shared/market/market.ts';
import { ordersAskProblems, readOrdersAsk } from '#shared/orders/your-orders-rules.ts';
import { clearCookie, COOKIES, readCookie, writeCookie } from '#worker/http/cookies.ts';
import { setFlash } from '#worker/http/flash-cookie.ts';
import { keepAlive } from '#worker/http/keep-alive.ts';
import { readFields } from '#worker/http/read-fields.ts';
import type { AppEnv } from '#worker/middleware/app-context.ts';
import { ordersAccessEmail, endAccess, ordersLinkState, redeemLink } from '#worker/order-access/access-tokens.ts';
import { askForOrders, ORDERS_LINK_PATH } from '#worker/order-access/ask-for-orders.ts';
import { ordersOfAddress, referralCodeOf } from '#worker/order-access/orders-of-address.ts';
import { AskForm, MY_DATA_PATH, OrdersList, PostButton } from './your-orders-page.tsx';
import { personRecords } from '#worker/privacy/person-records.ts';
import { exportFileName, personExport } from '#worker/privacy/person-export.ts';
import { shortPage } from '#worker/frame/pages/short-page.tsx';

const ASK_TITLE = 'Your orders';

/** What a dead link says, and the way to a new one. */
const DEAD_LINK = {
  used: 'This link has been used already: each link works once.',
  expired: 'This link is more than 15 minutes old.',
  unknown: 'This link is not complete: it may have been cut short when it was copied.',
} as const;

/**
 * "Your orders" without an account (issue 48): /orders asks for the address, mails a one-time link
 * (askForOrders: the same answer for any address), the link's page shows a button (a POST: mail
 * scanners change nothing), which opens an hour of access in a cookie; /orders then lists every order
 * of the address, each linking to its own page.
 */
export const yourOrdersRoutes = new Hono<AppEnv>()
  .get('/orders', async (c) => {
    const deps = c.get('deps');
    const email = await ordersAccessEmail(deps.db, readCookie(c, COOKIES.ordersAccess));
    if (!email) return shortPage(c, 200, ASK_TITLE, <AskForm />);
    const market = c.get('market') ?? marketOfRegion[c.get('region').region];
    const [list, referral] = await Promise.all([ordersOfAddress(deps.db, email), referralCodeOf(deps.db, email)]);
    return shortPage(c, 200, ASK_TITLE, <OrdersList email={email} orders={list} market={market} referral={referral} />);
  })
  .post('/orders', async (c) => {
    const deps = c.get('deps');
    const fields = await readFields(c, ['form']);
    const ask = readOrdersAsk(fields);
    if (!ask.ok)
      return shortPage(c, 400, ASK_TITLE, <AskForm email={fields.email?.slice(0, 254)} problem={ordersAskProblems[ask.problem]} />);
    const answer = await askForOrders(
      { ...deps, log: c.get('log') },
      { email: ask.email, sender: deps.senderAddressOf(c), market: c.get('market') },
      keepAlive(c),
    );
    if (answer.limited) {
      c.header('Retry-After', String(answer.retryAfterS));
      return shortPage(c, 429, 'Too many requests', <p>Please wait a few minutes, then ask again.</p>);
    }
    return shortPage(
      c,
      200,
      'Check your inbox',
      <p>{`If ${ask.email} has orders with us, a link to see them is on its way. It works once, for 15 minutes. Nothing arrived? Check the address you ordered with, and your spam folder.`}</p>,
    );
  })
  .get(ORDERS_LINK_PATH, async (c) => {
    const token = c.req.query('token') ?? '';
    const state = await ordersLinkState(c.get('deps').db, token);
    if (state === 'live') {
      return shortPage(
        c,
        200,
        ASK_TITLE,
        <>
          <p>Press the button to see your orders. The link then stops working; the list stays open on this device for an hour.</p>
          <PostButton action={ORDERS_LINK_PATH} label="Show my orders" fields={{ token }} />
        </>,
      );
    }
    return shortPage(
      c,
      state === 'unknown' ? 404 : 410,
      'This link does not work',
      <>
        <p>{`${DEAD_LINK[state]} Ask for a new one below.`}</p>
        <AskForm />
      </>,
    );
  })
  .post(ORDERS_LINK_PATH, async (c) => {
    const fields = await readFields(c, ['form']);
    const access = await redeemLink(c.get('deps').db, fields.token ?? '');
    if (!access) {
      const state = await ordersLinkState(c.get('deps').db, fields.token ?? '');
      const dead = state === 'live' ? 'unknown' : state;
      return shortPage(
        c,
        dead === 'unknown' ? 404 : 410,
        'This link does not work',
        <>
          <p>{`${DEAD_LINK[dead]} Ask for a new one below.`}</p>
          <AskForm />
        </>,
      );
    }
    writeCookie(c, COOKIES.ordersAccess, access);
    return c.redirect(c.get('href')('/orders'), 303);
  })
  // The shopper's own data (UK GDPR Art. 15 and 20), for the address their link proved: that address
  // in any case (another spelling may be another mailbox), as a file.
  .get(MY_DATA_PATH, async (c) => {
    const deps = c.get('deps');
    const email = await ordersAccessEmail(deps.db, readCookie(c, COOKIES.ordersAccess));
    if (!email) return c.redirect(c.get('href')('/orders'), 303);
    const records = await personRecords(deps.db, deps.settings.RATE_LIMIT_SECRET, email, 'exact');
    c.header('Cache-Control', 'no-store');
    c.header('Content-Disposition', `attachment; filename="${exportFileName(email)}"`);
    return c.json(personExport(records, email, 'exact'));
  })
  .post('/orders/forget', async (c) => {
    await endAccess(c.get('deps').db, readCookie(c, COOKIES.ordersAccess));
    clearCookie(c, COOKIES.ordersAccess);
    setFlash(c, { tone: 'info', text: 'Your orders are no longer shown on this device.' });
    return c.redirect(c.get('href')('/orders'), 303);
  });
