import { Hono, type Context } from 'hono';
import { plainName, productPath } from '#shared/catalogue/product.ts';
import { ALERT_EMAIL_MAX, ALERT_RATE_WINDOW, alertProblems, readAlertRequest } from '#shared/stock-alerts/alert-rules.ts';
import type { AppEnv } from '#worker/middleware/app-context.ts';
import { readFields } from '#worker/http/read-fields.ts';
import { keepAlive } from '#worker/http/keep-alive.ts';
import { takeHit } from '#worker/limits/durable-limit.ts';
import { senderKey } from '#worker/limits/sender-key.ts';
import { productLookup } from '#worker/products/product-queries.ts';
import { stockCounts } from '#worker/stock/stock-queries.ts';
import { availableOf } from '#shared/catalogue/stock-level.ts';
import { alertByToken, askForAlert, confirmAlert, unsubscribeAlert } from '#worker/stock-alerts/alert-requests.ts';
import { sendAlertMails } from '#worker/stock-alerts/alert-mail.ts';
import { confirmPath } from '#worker/stock-alerts/alert-email.ts';
import { alertUnsubscribePath } from '#shared/mail/unsubscribe-links.ts';
import { tellWaiting } from '#worker/stock-alerts/tell-waiting.ts';
import { ActionButton, AlertPage, ProductLink } from './alert-pages.tsx';
import { StockAlertForm } from '#worker/components/stock-alert-form.tsx';

type Status = 200 | 400 | 404 | 409 | 410 | 429;

/** Every answer here is about one person's request: never cached, never indexed. */
function page(c: Context<AppEnv>, status: Status, title: string, body: React.ReactNode) {
  c.header('Cache-Control', 'no-store');
  c.header('X-Robots-Tag', 'noindex');
  c.status(status);
  return c.render(<AlertPage title={title}>{body}</AlertPage>, { title, description: title, robots: 'noindex' });
}

const productUnknown = (c: Context<AppEnv>) => page(c, 400, 'That product cannot be found', <p>{alertProblems.product_invalid}</p>);

/** The product a request names: listed ones only when asking; any (since unlisted) on a request's own pages. */
async function productNamed(c: Context<AppEnv>, id: number | undefined, listedOnly = false) {
  if (id === undefined) return undefined;
  const product = (await productLookup(c.get('deps').db, [id], { listedOnly }))(id);
  return product && { path: productPath(product), name: plainName(product.name) };
}

const unknownLink = (c: Context<AppEnv>) =>
  page(
    c,
    404,
    'This link does not work',
    <>
      <p>It may have been copied only in part, or the request it belonged to is over. Nothing was changed.</p>
    </>,
  );

/**
 * "E-mail me when it's back" (the form on a sold-out product page, without JavaScript): one address
 * per product, limited per sender address, answered the same whether or not the address already
 * waits; a new request is mailed a link to confirm it (double opt-in). The confirm and unsubscribe
 * links show a button (a POST does the work); the unsubscribe address also takes RFC 8058's one-click
 * POST from a mail client, so requestGuard lets it through cross-site (the token is the authority).
 */
export const stockAlertRoutes = new Hono<AppEnv>()
  .post('/stock-alerts', async (c) => {
    const deps = c.get('deps');
    const fields = await readFields(c, ['form']);
    const request = readAlertRequest(fields);
    const email = fields.email?.trim().slice(0, ALERT_EMAIL_MAX) ?? '';
    if (!request.ok) {
      const id = Number(fields.product_id);
      return request.problem === 'product_invalid' || !Number.isSafeInteger(id)
        ? productUnknown(c)
        : page(
            c,
            400,
            "E-mail me when it's back",
            <StockAlertForm productId={id} email={email} problem={alertProblems[request.problem]} />,
          );
    }
    const limit = { ...ALERT_RATE_WINDOW, limit: deps.settings.STOCK_ALERT_RATE_LIMIT };
    const hit = await takeHit(deps.db, limit, await senderKey(deps.settings.RATE_LIMIT_SECRET, deps.senderAddressOf(c)));
    if (!hit.allowed) {
      c.header('Retry-After', String(hit.retryAfterS));
      return page(
        c,
        429,
        'Too many requests',
        <>
          <p>Please wait a few minutes, then try again.</p>
        </>,
      );
    }
    const product = await productNamed(c, request.productId, true);
    if (!product) return productUnknown(c);
    // Only a product that cannot be bought now has anything to wait for (and no one is mailed for one that can).
    const [count] = await stockCounts(deps.db, [request.productId]);
    if (count && availableOf(count) > 0) {
      return page(
        c,
        409,
        `${product.name} is in stock`,
        <>
          <p>It can be bought now: there is nothing to wait for, and nothing was mailed.</p>
          <ProductLink {...product} />
        </>,
      );
    }
    const market = c.get('market');
    const mailId = await askForAlert(deps.db, deps.settings.RATE_LIMIT_SECRET, {
      productId: request.productId,
      email: request.email,
      market,
    });
    // Sent after the answer; a failure stays owed and the retry job sends it.
    if (mailId !== null) keepAlive(c)(sendAlertMails(deps, c.get('log'), [mailId]));
    return page(
      c,
      200,
      'Check your inbox',
      <>
        <p>
          If {request.email} can receive mail, a link to confirm is on its way. Once you confirm, we e-mail you one time when {product.name}{' '}
          is back in stock.
        </p>
        <ProductLink {...product} />
      </>,
    );
  })
  .get('/stock-alerts/confirm/:token', async (c) => {
    const alert = await alertByToken(c.get('deps').db, c.req.param('token'));
    if (!alert || alert.endedAt) return unknownLink(c);
    const product = await productNamed(c, alert.productId);
    return page(
      c,
      200,
      'Confirm your request',
      <>
        <p>Press Confirm and we e-mail you one time when {product?.name ?? 'the product'} is back in stock.</p>
        <ActionButton action={confirmPath(c.req.param('token'))} label="Confirm" />
      </>,
    );
  })
  .post('/stock-alerts/confirm/:token', async (c) => {
    const deps = c.get('deps');
    const { outcome, productId } = await confirmAlert(deps.db, c.req.param('token'));
    if (outcome === 'unknown') return unknownLink(c);
    const product = await productNamed(c, productId);
    const back = product && <ProductLink {...product} />;
    if (outcome === 'lapsed') {
      return page(
        c,
        410,
        'This link has expired',
        <>
          <p>Confirmation links work for 48 hours. Ask again from the product page and confirm the new link.</p>
          {back}
        </>,
      );
    }
    // Back already (a restock while the mail was on its way): told now rather than at the next sweep.
    if (outcome === 'confirmed' && productId !== undefined) keepAlive(c)(tellWaiting({ ...deps, log: c.get('log') }, [productId]));
    return page(
      c,
      200,
      "You're on the list",
      <>
        <p>We will e-mail you one time when {product?.name ?? 'the product'} is back in stock. Each mail has a link to stop.</p>
        {back}
      </>,
    );
  })
  .get('/stock-alerts/unsubscribe/:token', async (c) => {
    const alert = await alertByToken(c.get('deps').db, c.req.param('token'));
    if (!alert) return unknownLink(c);
    return page(
      c,
      200,
      'Stop back-in-stock e-mails',
      <>
        <p>Press Unsubscribe and this address gets no more back-in-stock e-mails from us, for any product.</p>
        <ActionButton action={alertUnsubscribePath(c.req.param('token'))} label="Unsubscribe" />
      </>,
    );
  })
  .post('/stock-alerts/unsubscribe/:token', async (c) => {
    const { ended, productId } = await unsubscribeAlert(c.get('deps').db, c.req.param('token'));
    if (productId === undefined) return unknownLink(c);
    c.get('log')('info', 'stock alerts unsubscribed', { ended });
    return page(
      c,
      200,
      'Unsubscribed',
      <>
        <p>This address gets no more back-in-stock e-mails from us.</p>
      </>,
    );
  });
