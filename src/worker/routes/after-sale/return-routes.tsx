import { Hono, type Context } from 'hono';
import { readLineFields, RETURN_OUTCOMES, RETURN_REASONS, type ReturnOutcome, type ReturnReason } from '#shared/after-sale/return-rules.ts';
import { Refusal, refusalStatus } from '#worker/base/refusal.ts';
import { setFlash } from '#worker/http/flash-cookie.ts';
import { readFields } from '#worker/http/read-fields.ts';
import type { AppEnv } from '#worker/middleware/app-context.ts';
import { exchangeChoices as exchangeChoices_, returnContext, requestReturn } from '#worker/after-sale/request-return.ts';
import { differenceCheckout } from '#worker/after-sale/exchanges.ts';
import { shortPage } from '#worker/frame/pages/short-page.tsx';
import { ReturnRequestForm } from './return-page.tsx';
import { visitorOrder } from '#worker/routes/order-holder/visitor-order.ts';
import { claimFormToken } from '#worker/admin/form-once.ts';

/** The order page's own address (the token's cookie is kept for it), from the return page's. */
const orderPathOf = (path: string) => path.replace(/\/return$/, '');

/** The return form, or why none can be made; never stored, never indexed, no referrer. */
async function showForm(
  c: Context<AppEnv>,
  problem?: { text: string; status: ReturnType<typeof refusalStatus> },
  typed?: Record<string, string>,
) {
  const order = await visitorOrder(c, orderPathOf(c.req.path));
  if (!order) return c.notFound();
  const db = c.get('deps').db;
  const { window, open } = await returnContext(db, order);
  const exchangeChoices = window.open === 'return' ? await exchangeChoices_(db, order, open) : [];
  const title = window.open === 'warranty' ? `Warranty claim: order ${order.number}` : `Return items: order ${order.number}`;
  const body = window.open ? (
    <ReturnRequestForm order={order} window={window} open={open} exchangeChoices={exchangeChoices} problem={problem?.text} typed={typed} />
  ) : (
    <p>{`This order cannot be returned: ${window.why}.`}</p>
  );
  return shortPage(c, problem?.status ?? (window.open ? 200 : 409), title, body);
}

/** The form's fields as a request: `line_<product id>` quantities, a reason and an outcome of the lists. */
function readAsk(fields: Record<string, string>) {
  const read = readLineFields(fields, 4);
  if ('refusal' in read) throw new Refusal(read.refusal, 'invalid');
  const { lines } = read;
  const reason = fields.reason as ReturnReason;
  const wants = fields.wants as ReturnOutcome;
  if (!RETURN_REASONS.includes(reason)) throw new Refusal('Choose why you are sending it back.', 'invalid');
  if (!RETURN_OUTCOMES.includes(wants)) throw new Refusal('Choose what you would like instead.', 'invalid');
  const exchangeFor = /^\d{1,9}$/.test(fields.exchange_for ?? '') ? Number(fields.exchange_for) : null;
  return { lines, reason, wants, exchangeFor, note: fields.note ?? null };
}

/** A return or warranty claim from the order's page (issue 48), for the holder of the order's token. */
export const returnRoutes = new Hono<AppEnv>()
  .get('/orders/:number/return', (c) => showForm(c))
  .post('/orders/:number/return', async (c) => {
    const order = await visitorOrder(c, orderPathOf(c.req.path));
    if (!order) return c.notFound();
    const fields = await readFields(c, ['form']);
    // The same form posted again (a double tap, a resent request): one request, one mail. A form from
    // before the token (no token) goes ahead as before.
    if ((await claimFormToken(c.get('deps').db, fields.form_token)) === 'again') {
      setFlash(c, { tone: 'info', text: 'That request was sent already: nothing was sent a second time.' });
      return c.redirect(orderPathOf(c.req.path), 303);
    }
    try {
      const number = await requestReturn({ ...c.get('deps'), log: c.get('log') }, order, readAsk(fields));
      setFlash(c, { tone: 'info', text: `Request ${number} sent. We have e-mailed you what to do next.` });
      return c.redirect(orderPathOf(c.req.path), 303);
    } catch (err) {
      if (!(err instanceof Refusal)) throw err;
      return showForm(c, { text: err.message, status: refusalStatus(err) }, fields);
    }
  })
  // An exchange's difference: the order's key opens it (the mailed link carries it), and Stripe takes the payment.
  .get('/orders/:number/returns/:request/pay', async (c) => {
    c.header('Cache-Control', 'no-store');
    c.header('Referrer-Policy', 'no-referrer');
    const order = await visitorOrder(c, c.req.path.replace(/\/returns\/[^/]+\/pay$/, ''));
    if (!order) return c.notFound();
    try {
      return c.redirect(await differenceCheckout(c.get('deps'), order, c.req.param('request')), 303);
    } catch (err) {
      if (!(err instanceof Refusal)) throw err;
      return shortPage(c, refusalStatus(err), `Exchange: order ${order.number}`, <p>{err.message}</p>);
    }
  });
