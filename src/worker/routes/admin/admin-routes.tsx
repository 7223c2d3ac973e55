import { Hono, type Context } from 'hono';
import { readOrderQuery } from '#shared/admin/admin-rules.ts';
import { ORDER_NUMBER } from '#shared/orders/order-number-pattern.ts';
import { openDisputes, orderPage, ordersToShip, owedMailRows, recentMoves, salesSince } from '#worker/admin/admin-queries.ts';
import { errorFields } from '#worker/base/log.ts';
import { setFlash } from '#worker/http/flash-notice.ts';
import { readFields } from '#worker/http/read-fields.ts';
import { owedMailNow, retryAllOwedMail } from '#worker/jobs/retry-owed-mail.ts';
import type { AppEnv } from '#worker/middleware/app-context.ts';
import { parseOrderCommand, returnable, runOrderCommand } from '#worker/orders/order-command.ts';
import { orderByNumber } from '#worker/orders/order-queries.ts';
import { orderSteps } from '#worker/orders/order-steps.ts';
import { checkoutGatewayFor } from '#worker/payments/choose-gateway.ts';
import { waitingCounts } from '#worker/stock-alerts/alert-requests.ts';
import { tellWaiting } from '#worker/stock-alerts/tell-waiting.ts';
import { everyProduct, parseStockCommand, runStockCommand, stockRows } from '#worker/stock/stock-command.ts';
import { stockCounts } from '#worker/stock/stock-queries.ts';
import { slowestInp, vitalsP75 } from '#worker/vitals/vitals-queries.ts';
import { renderAdmin } from './admin-frame.tsx';
import { adminGate, requireAdmin, type AdminEnv } from './admin-guard.tsx';
import { MailPage } from './mail-page.tsx';
import { OrderDetailPage, type OrderDetailData } from './order-detail-page.tsx';
import { OrdersPage } from './orders-page.tsx';
import { signInRoutes } from './sign-in-routes.tsx';
import { StockPage } from './stock-page.tsx';
import { TodayPage } from './today-page.tsx';
import { VITALS_DAYS, VitalsPage } from './vitals-page.tsx';

type AdminContext = Context<AdminEnv>;
const DAY_MS = 86_400_000;

/** A back-office page for the signed-in owner (their address in the header, the sign-out button). */
const page = (c: AdminContext, title: string, body: React.ReactNode, status = 200) =>
  renderAdmin(c as unknown as Context<AppEnv>, title, body, { status, admin: c.get('admin') });

/** What the order commands need, as the CLI gives it: the shopper is mailed from here (this machine may mail). */
const commandDeps = (c: AdminContext) => {
  const deps = c.get('deps');
  return { ...deps, gateway: checkoutGatewayFor(deps.settings), log: c.get('log'), mailWaiting: true };
};

const message = (err: unknown) => (err instanceof Error ? err.message : String(err));
/** A command's refusal as a form shows it: without the CLI's usage line. */
const formMessage = (err: unknown) => message(err).replace(/ \(usage:.*\)$/s, '');

/** Every product's stock as `npm run stock` lists it. */
async function stockList(c: AdminContext) {
  const { db, settings } = c.get('deps');
  const catalogue = await everyProduct(db);
  const [counts, waiting] = await Promise.all([
    stockCounts(
      db,
      catalogue.map((p) => p.id),
    ),
    waitingCounts(db),
  ]);
  return stockRows(catalogue, counts, settings.LOW_STOCK_AT, waiting);
}

/** The stock page: the list and the latest moves. */
async function stockData(c: AdminContext) {
  const [rows, moves] = await Promise.all([stockList(c), recentMoves(c.get('deps').db)]);
  return { rows, moves };
}

async function orderData(c: AdminContext, number: string): Promise<Omit<OrderDetailData, 'problem'> | null> {
  const order = ORDER_NUMBER.test(number) ? await orderByNumber(c.get('deps').db, number) : null;
  if (!order) return null;
  const steps = await orderSteps(c.get('deps').db, order.id);
  return { order, steps, left: returnable(order, steps) };
}

const noOrder = (c: AdminContext, number: string) =>
  page(c, 'No such order', <p>{`There is no order ${number.slice(0, 20)}. Check the number, or find it on the orders page.`}</p>, 404);

/** Runs an order command from a form: its outcome flashed on the order page, or the form again with why (400 bad input, 404, 409 refused). */
async function orderAction(c: AdminContext, form: 'ship' | 'return', args: () => string[], fields: Record<string, string>) {
  const number = c.req.param('number') ?? '';
  const data = await orderData(c, number);
  if (!data) return noOrder(c, number);
  const refuse = (text: string, status: number) =>
    page(c, `Order ${data.order.number}`, <OrderDetailPage {...data} problem={{ form, text, fields }} />, status);
  let command;
  try {
    command = parseOrderCommand(args());
  } catch (err) {
    return refuse(formMessage(err), 400);
  }
  try {
    const done = await runOrderCommand(commandDeps(c), command, c.get('admin'));
    setFlash(c, { tone: 'info', text: done });
    return c.redirect(`/admin/orders/${data.order.number}`, 303);
  } catch (err) {
    c.get('log')('warn', 'admin order action refused', { order: data.order.number, form, ...errorFields(err) });
    const fresh = await orderData(c, number);
    return page(
      c,
      `Order ${data.order.number}`,
      <OrderDetailPage {...(fresh ?? data)} problem={{ form, text: message(err), fields }} />,
      409,
    );
  }
}

const office = new Hono<AdminEnv>()
  .get('/admin', async (c) => {
    const { db } = c.get('deps');
    const [toShip, disputes, mail, stock, sales] = await Promise.all([
      ordersToShip(db),
      openDisputes(db),
      owedMailNow(db),
      stockList(c),
      salesSince(db, new Date(Date.now() - 7 * DAY_MS).toISOString()),
    ]);
    const lowStock = stock.filter((r) => r.listed && r.level !== 'In Stock');
    return page(c, 'Today', <TodayPage toShip={toShip} disputes={disputes} mail={mail} lowStock={lowStock} sales={sales} />);
  })
  .get('/admin/orders', async (c) => {
    const query = readOrderQuery(new URL(c.req.url).searchParams);
    return page(c, 'Orders', <OrdersPage query={query} page={await orderPage(c.get('deps').db, query)} />);
  })
  .get('/admin/orders/:number', async (c) => {
    const data = await orderData(c, c.req.param('number'));
    return data ? page(c, `Order ${data.order.number}`, <OrderDetailPage {...data} />) : noOrder(c, c.req.param('number'));
  })
  .post('/admin/orders/:number/ship', async (c) => {
    const fields = await readFields(c);
    const [carrier, tracking, url] = [fields.carrier?.trim(), fields.tracking?.trim(), fields.url?.trim()];
    return orderAction(
      c,
      'ship',
      () => {
        if (!tracking) throw new Error('Enter the tracking number the carrier gave.');
        return [
          'ship',
          c.req.param('number'),
          '--tracking',
          tracking,
          ...(carrier ? ['--carrier', carrier] : []),
          ...(url ? ['--url', url] : []),
        ];
      },
      fields,
    );
  })
  .post('/admin/orders/:number/return', async (c) => {
    const fields = await readFields(c);
    return orderAction(
      c,
      'return',
      () => {
        const lines = Object.entries(fields).flatMap(([name, value]) => {
          const id = /^line_(\d{1,9})$/.exec(name)?.[1];
          if (!id || value.trim() === '' || value.trim() === '0') return [];
          if (!/^\d{1,6}$/.test(value.trim())) throw new Error(`${value} is not a number of units (0 or more).`);
          return [`${id}:${Number(value)}`];
        });
        if (lines.length === 0) throw new Error('Enter how many units came back, for at least one line.');
        return ['return', c.req.param('number'), '--lines', lines.join(',')];
      },
      fields,
    );
  })
  .get('/admin/stock', async (c) => page(c, 'Stock', <StockPage {...await stockData(c)} />))
  .post('/admin/stock', async (c) => {
    const fields = await readFields(c);
    const deps = c.get('deps');
    const refuse = async (text: string, status: number) =>
      page(c, 'Stock', <StockPage {...await stockData(c)} problem={{ text, fields }} />, status);
    let command;
    try {
      const action = fields.action === 'set' ? 'set' : 'add';
      const note = fields.note?.trim();
      command = parseStockCommand([action, fields.product_id ?? '', fields.quantity ?? '', ...(note ? ['--note', note] : [])]);
    } catch (err) {
      return refuse(formMessage(err), 400);
    }
    if (command.action === 'list') return refuse('Choose a product.', 400);
    let done: string;
    try {
      done = await runStockCommand(
        {
          db: deps.db,
          gateway: checkoutGatewayFor(deps.settings),
          log: c.get('log'),
          lowAt: deps.settings.LOW_STOCK_AT,
          waiting: () => waitingCounts(deps.db),
        },
        command,
        c.get('admin'),
      );
    } catch (err) {
      return refuse(formMessage(err), 400);
    }
    // Those waiting for it hear now, as after `npm run stock` (the scheduled job would tell them too).
    const told = await tellWaiting({ ...deps, log: c.get('log') }, [command.productId]).catch((err: unknown) => {
      c.get('log')('error', 'waiting shoppers not told', errorFields(err));
      return 0;
    });
    setFlash(c, { tone: 'info', text: `${done}${told > 0 ? `; ${told} waiting shopper${told === 1 ? '' : 's'} told.` : '.'}` });
    return c.redirect('/admin/stock', 303);
  })
  .get('/admin/vitals', async (c) => {
    const asked = Number(c.req.query('days'));
    const days = (VITALS_DAYS as readonly number[]).includes(asked) ? asked : 7;
    const since = new Date(Date.now() - days * DAY_MS).toISOString();
    const db = c.get('deps').db;
    const [rows, slowest] = await Promise.all([vitalsP75(db, since), slowestInp(db, since)]);
    return page(c, `Web Vitals, last ${days} days`, <VitalsPage days={days} rows={rows} slowest={slowest} />);
  })
  .get('/admin/mail', async (c) => {
    const deps = c.get('deps');
    return page(c, 'Mail', <MailPage rows={await owedMailRows(deps.db)} provider={deps.mailer.kind} />);
  })
  .post('/admin/mail/retry', async (c) => {
    const results = await retryAllOwedMail({ ...c.get('deps'), log: c.get('log') }, { ignoreBackoff: true });
    const sent = Object.values(results).reduce((n, r) => n + r.sent, 0);
    const failed = Object.values(results).reduce((n, r) => n + r.failed, 0);
    setFlash(c, { tone: failed > 0 ? 'error' : 'info', text: `${sent} delivered, ${failed} failed again.` });
    return c.redirect('/admin/mail', 303);
  });

/**
 * The back office (/admin, bare: no market): 404 without ADMIN_EMAILS; sign-in open to all, every
 * other page and action for a signed-in listed address only. Each action calls the same domain
 * function as the CLI and records who did it.
 */
export const adminRoutes = new Hono<AppEnv>()
  .use('/admin', adminGate)
  .use('/admin/*', adminGate)
  .route('/', signInRoutes)
  // After the sign-in routes: they answer first, so only the rest needs a signed-in owner.
  .use('/admin', requireAdmin)
  .use('/admin/*', requireAdmin)
  .route('/', office);
