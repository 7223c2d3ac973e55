import { Hono } from 'hono';
import { Refusal } from '#worker/base/refusal.ts';
import { errorFields } from '#worker/base/log.ts';
import { setFlash } from '#worker/http/flash-notice.ts';
import { readFields } from '#worker/http/read-fields.ts';
import { waitingCounts } from '#worker/stock-alerts/alert-requests.ts';
import { tellWaiting } from '#worker/stock-alerts/tell-waiting.ts';
import { countStock, receiveStock, stockList } from '#worker/stock/stock-actions.ts';
import { recentMoves } from '#worker/stock/stock-queries.ts';
import { actionDeps, adminPage, claimForm, refused, type AdminContext } from '#worker/routes/admin-frame/admin-context.tsx';
import type { AdminEnv } from '#worker/routes/admin-frame/admin-guard.tsx';
import { StockPage } from './stock-page.tsx';

/** Every product's stock as `npm run stock` lists it. */
export async function stockNow(c: AdminContext) {
  const { db, settings } = c.get('deps');
  return stockList(db, settings.LOW_STOCK_AT, await waitingCounts(db));
}

/** The stock form's fields as a change: a product, a whole number of units, an optional note. */
function stockChange(fields: Record<string, string>) {
  const productId = Number(fields.product_id);
  if (!Number.isSafeInteger(productId) || productId <= 0) throw new Refusal('Choose a product.', 'invalid');
  const quantity = fields.quantity?.trim() ?? '';
  if (!/^-?\d{1,9}$/.test(quantity))
    throw new Refusal(`Enter a whole number of units, not ${quantity.slice(0, 12) || 'nothing'}.`, 'invalid');
  return { productId, quantity: Number(quantity), note: fields.note?.trim().slice(0, 500) || null };
}

export const stockRoutes = new Hono<AdminEnv>()
  .get('/admin/stock', async (c) => {
    const [rows, moves] = await Promise.all([stockNow(c), recentMoves(c.get('deps').db)]);
    return adminPage(c, 'Stock', <StockPage rows={rows} moves={moves} />);
  })
  .post('/admin/stock', async (c) => {
    const fields = await readFields(c);
    const again = await claimForm(c, fields, '/admin/stock');
    if (again) return again;
    const deps = actionDeps(c);
    let done: string;
    let productId: number;
    try {
      const change = stockChange(fields);
      productId = change.productId;
      done = await (fields.action === 'set' ? countStock : receiveStock)(deps, change, c.get('admin'));
    } catch (err) {
      const { text, status } = refused(err);
      const [rows, moves] = await Promise.all([stockNow(c), recentMoves(deps.db)]);
      return adminPage(c, 'Stock', <StockPage rows={rows} moves={moves} problem={{ text, fields }} />, status === 404 ? 400 : status);
    }
    // Those waiting for it hear now, as after `npm run stock` (the scheduled job would tell them too).
    const told = await tellWaiting(deps, [productId]).catch((err: unknown) => {
      deps.log('error', 'waiting shoppers not told', errorFields(err));
      return 0;
    });
    setFlash(c, { tone: 'info', text: `${done}${told > 0 ? `; ${told} waiting shopper${told === 1 ? '' : 's'} told.` : '.'}` }, 'admin');
    return c.redirect('/admin/stock', 303);
  });
