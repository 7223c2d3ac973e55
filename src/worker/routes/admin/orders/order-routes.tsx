import { Hono } from 'hono';
import { readOrderQuery } from '#shared/admin/admin-rules.ts';
import { Refusal } from '#worker/base/refusal.ts';
import { nowIso } from '#worker/base/clock.ts';
import { shopDate } from '#shared/policy/shop-time.ts';
import { setFlash } from '#worker/http/flash-cookie.ts';
import { readFields } from '#worker/http/read-fields.ts';
import { shipOrder } from '#worker/fulfilment/order-fulfilment.ts';
import { markDelivered } from '#worker/fulfilment/order-delivered.ts';
import { returnGoods } from '#worker/after-sale/goods-back.ts';
import { returnable } from '#shared/after-sale/order-ledger.ts';
import { readLedger } from '#worker/after-sale/ledger-store.ts';
import { findOrder } from '#worker/orders/order-queries.ts';
import { nextToShip, orderPage, otherOrdersOf } from '#worker/order-reads/order-lists.ts';
import { checkRefund, refundOrder } from '#worker/after-sale/refund-order.ts';
import { addOrderNote, notesOf } from '#worker/fulfilment/order-notes.ts';
import { returnByNumber, returnsOfOrder } from '#worker/after-sale/return-queries.ts';
import { acceptReturn, receiveReturn, refuseReturn } from '#worker/after-sale/return-decisions.ts';
import { parseRefundAmount } from '#shared/after-sale/refund-rules.ts';
import { readLineFields } from '#shared/after-sale/return-rules.ts';
import { actionDeps, adminPage, claimForm, refused, type AdminContext } from '#worker/routes/admin-frame/admin-context.tsx';
import type { AdminEnv } from '#worker/routes/admin-frame/admin-guard.tsx';
import { parcelTyped } from '#worker/routes/admin-frame/parcel-fields.tsx';
import { OrderDetailPage, type OrderDetailData, type OrderForm } from './order-detail-page.tsx';
import { ReceiveConfirm, RefundConfirm } from '#worker/routes/after-sale/money-back-confirm.tsx';
import { sendExchange } from '#worker/after-sale/exchanges.ts';
import { OrdersPage } from './orders-page.tsx';
import { PackingSlipPage } from './packing-slip-page.tsx';
import { orderByNumber } from '#worker/orders/order-queries.ts';
import { ORDER_NUMBER } from '#shared/orders/order-number-pattern.ts';

const noSuchOrder = (number: string) => `There is no order ${number.slice(0, 20)}. Check the number, or find it on the orders page.`;

/** The order page, with a refused form's words and what was typed when there is one; the 404 page for an unknown number. */
async function showOrder(c: AdminContext, problem?: OrderDetailData['problem'], status = 200) {
  const number = c.req.param('number') ?? '';
  try {
    const { db } = c.get('deps');
    const { order, steps } = await findOrder(db, number);
    const [others, next, notes, returns, read] = await Promise.all([
      otherOrdersOf(db, order),
      order.fulfilment === 'unfulfilled' ? null : nextToShip(db),
      notesOf(db, order.id),
      returnsOfOrder(db, order.id),
      readLedger(db, order.id),
    ]);
    if (!read) throw new Refusal('no order', 'unknown');
    const data = {
      order,
      today: shopDate(Date.parse(nowIso())),
      steps,
      ledger: read.ledger,
      left: returnable(read.ledger),
      others,
      next,
      notes,
      returns,
      problem,
    };
    return adminPage(c, `Order ${order.number}`, <OrderDetailPage {...data} />, status);
  } catch (err) {
    if (!(err instanceof Refusal)) throw err;
    return adminPage(c, 'No such order', <p>{noSuchOrder(number)}</p>, 404);
  }
}

/** Runs an order action from its form: the outcome flashed on the order page, or the form again with why (400, 404, 409). */
async function act(c: AdminContext, form: OrderForm, fields: Record<string, string>, action: () => Promise<string>) {
  const again = await claimForm(c, fields, `/admin/orders/${c.req.param('number')}`);
  if (again) return again;
  try {
    setFlash(c, { tone: 'info', text: await action() }, 'admin');
    return c.redirect(`/admin/orders/${c.req.param('number')}`, 303);
  } catch (err) {
    const { text, status } = refused(err);
    c.get('log')('warn', 'admin order action refused', { order: c.req.param('number'), form, reason: text });
    return showOrder(c, { form, text, fields }, status);
  }
}

/** The `line_<product id>` fields as lines (blank or 0: that product did not come back); none is an empty list. */
function returnedLines(fields: Record<string, string>) {
  const read = readLineFields(fields, 6);
  if ('refusal' in read) throw new Refusal(read.refusal, 'invalid');
  return read.lines;
}

/** The words of a parcel's receiving before anything moves (ReceiveConfirm), or the order page with why not. */
async function confirmReceive(c: AdminContext, number: string, fields: Record<string, string>) {
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
    return showOrder(c, { form: 'request', text, fields }, status);
  }
}

export const orderRoutes = new Hono<AdminEnv>()
  .get('/admin/orders', async (c) => {
    const query = readOrderQuery(new URL(c.req.url).searchParams);
    return adminPage(c, 'Orders', <OrdersPage query={query} page={await orderPage(c.get('deps').db, query)} />);
  })
  .get('/admin/orders/:number', (c) => showOrder(c))
  .get('/admin/orders/:number/slip', async (c) => {
    const number = c.req.param('number');
    const order = ORDER_NUMBER.test(number) ? await orderByNumber(c.get('deps').db, number) : null;
    if (!order) return adminPage(c, 'No such order', <p>{noSuchOrder(number)}</p>, 404);
    return adminPage(c, `Packing slip ${order.number}`, <PackingSlipPage order={order} />);
  })
  .post('/admin/orders/:number/ship', async (c) => {
    const fields = await readFields(c);
    const shipment = { number: c.req.param('number'), ...parcelTyped(fields) };
    return act(c, 'ship', fields, () => shipOrder(actionDeps(c), shipment, c.get('admin')));
  })
  .post('/admin/orders/:number/delivered', async (c) => {
    const fields = await readFields(c);
    return act(c, 'delivered', fields, () =>
      markDelivered(actionDeps(c), { number: c.req.param('number'), on: fields.on ?? null }, c.get('admin')),
    );
  })
  .post('/admin/orders/:number/return', async (c) => {
    const fields = await readFields(c);
    return act(c, 'return', fields, async () => {
      const lines = returnedLines(fields);
      if (lines.length === 0) throw new Refusal('Enter how many units came back, for at least one line.', 'invalid');
      return returnGoods(actionDeps(c), { number: c.req.param('number'), lines }, c.get('admin'));
    });
  })
  .post('/admin/orders/:number/refund', async (c) => {
    const fields = await readFields(c);
    // First the amount in words on a button of its own (nothing moves); that button moves the money.
    if (fields.confirmed !== '1') {
      try {
        const { order: found } = await findOrder(c.get('deps').db, c.req.param('number'));
        const typed = parseRefundAmount(fields.amount ?? '', found.currency);
        if ('refusal' in typed) throw new Refusal(typed.refusal, 'invalid');
        const order = await checkRefund(c.get('deps'), { number: found.number, amount: typed.amount, goodsBack: returnedLines(fields) });
        return adminPage(c, `Refund order ${order.number}?`, <RefundConfirm order={order} amount={typed.amount} fields={fields} />);
      } catch (err) {
        const { text, status } = refused(err);
        return showOrder(c, { form: 'refund', text, fields }, status);
      }
    }
    return act(c, 'refund', fields, async () => {
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
    return act(c, 'request', fields, () => {
      if (!request.startsWith(`${c.req.param('number')}-R`))
        throw new Refusal(`Order ${c.req.param('number')} has no request ${request.slice(0, 24)}.`, 'unknown');
      return sendExchange(actionDeps(c), request, parcelTyped(fields), c.get('admin'));
    });
  })
  .post('/admin/orders/:number/returns/:request/:decision{accept|refuse|receive}', async (c) => {
    const fields = await readFields(c);
    const request = c.req.param('request');
    const by = c.get('admin');
    // Receiving gives money or credit: first said in words on a page of its own (nothing moves); its button receives.
    if (c.req.param('decision') === 'receive' && fields.confirmed !== '1') return confirmReceive(c, request, fields);
    return act(c, 'request', fields, () => {
      // A request's number begins with its order's: one from another order is not this page's.
      if (!request.startsWith(`${c.req.param('number')}-R`))
        throw new Refusal(`Order ${c.req.param('number')} has no request ${request.slice(0, 24)}.`, 'unknown');
      const deps = actionDeps(c);
      const decision = c.req.param('decision');
      if (decision === 'accept') return acceptReturn(deps, request, by);
      if (decision === 'refuse') return refuseReturn(deps, request, fields.why ?? '', by);
      return receiveReturn(deps, request, returnedLines(fields), by);
    });
  })
  .post('/admin/orders/:number/note', async (c) => {
    const fields = await readFields(c);
    return act(c, 'note', fields, () =>
      addOrderNote(c.get('deps').db, { number: c.req.param('number'), body: fields.note ?? '' }, c.get('admin')),
    );
  });
