import { Hono } from 'hono';
import { readOrderQuery } from '#shared/admin/admin-rules.ts';
import { returnable } from '#shared/after-sale/order-ledger.ts';
import { ORDER_NUMBER } from '#shared/orders/order-number-pattern.ts';
import { shopDate } from '#shared/policy/shop-time.ts';
import { nowIso } from '#worker/base/clock.ts';
import { Refusal } from '#worker/base/refusal.ts';
import { readFields } from '#worker/http/read-fields.ts';
import { shipOrder } from '#worker/fulfilment/order-fulfilment.ts';
import { markDelivered } from '#worker/fulfilment/order-delivered.ts';
import { addOrderNote, notesOf } from '#worker/fulfilment/order-notes.ts';
import { readLedger } from '#worker/after-sale/accounts/ledger-store.ts';
import { returnsOfOrder } from '#worker/after-sale/return-queries.ts';
import { findOrder, orderByNumber } from '#worker/orders/order-queries.ts';
import { nextToShip, orderPage, otherOrdersOf } from '#worker/order-reads/order-lists.ts';
import { actionDeps, adminPage } from '#worker/routes/admin-frame/admin-context.tsx';
import type { AdminEnv } from '#worker/routes/admin-frame/admin-guard.tsx';
import { orderAction, type ShowOrder } from '#worker/routes/admin-frame/order-action.tsx';
import { parcelTyped } from '#worker/routes/admin-frame/parcel-fields.tsx';
import { OrderDetailPage } from './order-detail-page.tsx';
import { OrdersPage } from './orders-page.tsx';
import { agentsOfOrders } from '#worker/agents/agent-orders.ts';
import { PackingSlipPage } from './packing-slip-page.tsx';

const noSuchOrder = (number: string) => `There is no order ${number.slice(0, 20)}. Check the number, or find it on the orders page.`;

/** The order page, with a refused form's words and what was typed when there is one; the 404 page for an unknown number. */
export const showOrder: ShowOrder = async (c, problem, status = 200) => {
  const number = c.req.param('number') ?? '';
  try {
    const { db } = c.get('deps');
    const { order, steps } = await findOrder(db, number);
    const [others, next, notes, returns, read, agents] = await Promise.all([
      otherOrdersOf(db, order),
      order.fulfilment === 'unfulfilled' ? null : nextToShip(db),
      notesOf(db, order.id),
      returnsOfOrder(db, order.id),
      readLedger(db, order.id),
      agentsOfOrders(db, [order.number]),
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
      agent: agents.get(order.number) ?? null,
    };
    return adminPage(c, `Order ${order.number}`, <OrderDetailPage {...data} />, status);
  } catch (err) {
    if (!(err instanceof Refusal)) throw err;
    return adminPage(c, 'No such order', <p>{noSuchOrder(number)}</p>, 404);
  }
};

/** The orders list, an order's page and packing slip, and what the owner does with the order before anything comes back. */
export const orderRoutes = new Hono<AdminEnv>()
  .get('/admin/orders', async (c) => {
    const query = readOrderQuery(new URL(c.req.url).searchParams);
    const { db } = c.get('deps');
    const page = await orderPage(db, query);
    const agents = await agentsOfOrders(
      db,
      page.rows.map((o) => o.number),
    );
    return adminPage(c, 'Orders', <OrdersPage query={query} page={page} agents={agents} />);
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
    return orderAction(c, showOrder, 'ship', fields, () => shipOrder(actionDeps(c), shipment, c.get('admin')));
  })
  .post('/admin/orders/:number/delivered', async (c) => {
    const fields = await readFields(c);
    return orderAction(c, showOrder, 'delivered', fields, () =>
      markDelivered(actionDeps(c), { number: c.req.param('number'), on: fields.on ?? null }, c.get('admin')),
    );
  })
  .post('/admin/orders/:number/note', async (c) => {
    const fields = await readFields(c);
    return orderAction(c, showOrder, 'note', fields, () =>
      addOrderNote(c.get('deps').db, { number: c.req.param('number'), body: fields.note ?? '' }, c.get('admin')),
    );
  });
