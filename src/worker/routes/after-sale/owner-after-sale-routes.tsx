import { Hono } from 'hono';
import { parseRefundAmount } from '#shared/after-sale/refund-rules.ts';
import { readLineFields } from '#shared/after-sale/return-rules.ts';
import { Refusal } from '#worker/base/refusal.ts';
import { readFields } from '#worker/http/read-fields.ts';
import { returnGoods } from '#worker/after-sale/goods-back.ts';
import { readLedger } from '#worker/after-sale/accounts/ledger-store.ts';
import { checkRefund, refundOrder } from '#worker/after-sale/owner-refund.ts';
import { returnByNumber, returnList } from '#worker/after-sale/return-queries.ts';
import { acceptReturn, receiveReturn, refuseReturn } from '#worker/after-sale/return-decisions.ts';
import { sendExchange } from '#worker/after-sale/exchanges.ts';
import { settleExchange } from '#worker/after-sale/exchange-settlement.ts';
import { findOrder } from '#worker/orders/order-queries.ts';
import { actionDeps, adminPage, refused, type AdminContext } from '#worker/routes/admin-frame/admin-context.tsx';
import type { AdminEnv } from '#worker/routes/admin-frame/admin-guard.tsx';
import { orderAction, type ShowOrder } from '#worker/routes/admin-frame/order-action.tsx';
import { parcelTyped } from '#worker/routes/admin-frame/parcel-fields.tsx';
import { RETURN_FILTERS, ReturnsPage } from './admin-returns-page.tsx';
import { ReceiveConfirm, RefundConfirm } from './money-back-confirm.tsx';

/** The `line_<product id>` fields as lines (blank or 0: that product did not come back); none is an empty list. */
function returnedLines(fields: Record<string, string>) {
  const read = readLineFields(fields, 6);
  if ('refusal' in read) throw new Refusal(read.refusal, 'invalid');
  return read.lines;
}

/** A request's number begins with its order's: one from another order is not this page's. */
function ofThisOrder(c: AdminContext, request: string) {
  if (!request.startsWith(`${c.req.param('number')}-R`))
    throw new Refusal(`Order ${c.req.param('number')} has no request ${request.slice(0, 24)}.`, 'unknown');
}

/** The words of a parcel's receiving before anything moves (ReceiveConfirm), or the order page with why not. */
async function confirmReceive(c: AdminContext, show: ShowOrder, number: string, fields: Record<string, string>) {
  try {
    const { db } = c.get('deps');
    const { order } = await findOrder(db, c.req.param('number') ?? '');
    const [request, read] = await Promise.all([returnByNumber(db, number), readLedger(db, order.id)]);
    if (!request || request.orderId !== order.id || !read)
      throw new Refusal(`Order ${order.number} has no request ${number.slice(0, 24)}.`, 'unknown');
    if (request.state !== 'accepted') throw new Refusal(`Return ${request.number} is ${request.state}, not accepted: nothing was done.`);
    const fit = returnedLines(fields);
    return adminPage(
      c,
      `Receive return ${request.number}?`,
      <ReceiveConfirm order={order} ledger={read.ledger} request={request} fit={fit} />,
    );
  } catch (err) {
    const { text, status } = refused(err);
    return show(c, { form: 'request', text, fields }, status);
  }
}

/** The amount of money back in words on a button of its own (nothing moves yet), or the order page with why not. */
async function confirmRefund(c: AdminContext, show: ShowOrder, fields: Record<string, string>) {
  try {
    const { order: found } = await findOrder(c.get('deps').db, c.req.param('number') ?? '');
    const typed = parseRefundAmount(fields.amount ?? '', found.currency);
    if ('refusal' in typed) throw new Refusal(typed.refusal, 'invalid');
    const order = await checkRefund(c.get('deps'), { number: found.number, amount: typed.amount, goodsBack: returnedLines(fields) });
    return adminPage(c, `Refund order ${order.number}?`, <RefundConfirm order={order} amount={typed.amount} fields={fields} />);
  } catch (err) {
    const { text, status } = refused(err);
    return show(c, { form: 'refund', text, fields }, status);
  }
}

/**
 * The back office's after-sale (decision 034): the returns list, and what the owner does on an order's
 * page with its goods and money after the sale (goods back in stock, a refund, a request decided, an
 * exchange sent). Mounted by the back office with the order's page (`show`) for a refused form.
 */
export const ownerAfterSaleRoutes = (show: ShowOrder) =>
  new Hono<AdminEnv>()
    .get('/admin/returns', async (c) => {
      const asked = c.req.query('state') ?? 'waiting';
      const filter = (asked in RETURN_FILTERS ? asked : 'waiting') as keyof typeof RETURN_FILTERS;
      return adminPage(c, 'Returns', <ReturnsPage filter={filter} rows={await returnList(c.get('deps').db, RETURN_FILTERS[filter])} />);
    })
    .post('/admin/orders/:number/return', async (c) => {
      const fields = await readFields(c);
      return orderAction(c, show, 'return', fields, async () => {
        const lines = returnedLines(fields);
        if (lines.length === 0) throw new Refusal('Enter how many units came back, for at least one line.', 'invalid');
        return returnGoods(actionDeps(c), { number: c.req.param('number'), lines }, c.get('admin'));
      });
    })
    .post('/admin/orders/:number/refund', async (c) => {
      const fields = await readFields(c);
      // First the amount in words on a button of its own (nothing moves); that button moves the money.
      if (fields.confirmed !== '1') return confirmRefund(c, show, fields);
      return orderAction(c, show, 'refund', fields, async () => {
        const { order } = await findOrder(c.get('deps').db, c.req.param('number'));
        const typed = parseRefundAmount(fields.amount ?? '', order.currency);
        if ('refusal' in typed) throw new Refusal(typed.refusal, 'invalid');
        const asked = { number: order.number, amount: typed.amount, goodsBack: returnedLines(fields), intent: fields.form_token ?? '' };
        return refundOrder(actionDeps(c), asked, c.get('admin'));
      });
    })
    .post('/admin/orders/:number/returns/:request/ship-exchange', async (c) => {
      const fields = await readFields(c);
      const request = c.req.param('request');
      return orderAction(c, show, 'request', fields, () => {
        ofThisOrder(c, request);
        return sendExchange(actionDeps(c), request, parcelTyped(fields), c.get('admin'));
      });
    })
    .post('/admin/orders/:number/returns/:request/settle', async (c) => {
      const fields = await readFields(c);
      const request = c.req.param('request');
      return orderAction(c, show, 'request', fields, () => {
        ofThisOrder(c, request);
        if (fields.as !== 'refund' && fields.as !== 'credit') throw new Refusal('Choose a refund or store credit.', 'invalid');
        return settleExchange(actionDeps(c), request, fields.as, c.get('admin'));
      });
    })
    .post('/admin/orders/:number/returns/:request/:decision{accept|refuse|receive}', async (c) => {
      const fields = await readFields(c);
      const request = c.req.param('request');
      const by = c.get('admin');
      // Receiving gives money or credit: first said in words on a page of its own (nothing moves); its button receives.
      if (c.req.param('decision') === 'receive' && fields.confirmed !== '1') return confirmReceive(c, show, request, fields);
      return orderAction(c, show, 'request', fields, () => {
        ofThisOrder(c, request);
        const deps = actionDeps(c);
        const decision = c.req.param('decision');
        if (decision === 'accept') return acceptReturn(deps, request, by);
        if (decision === 'refuse') return refuseReturn(deps, request, fields.why ?? '', by);
        return receiveReturn(deps, request, returnedLines(fields), by);
      });
    });
