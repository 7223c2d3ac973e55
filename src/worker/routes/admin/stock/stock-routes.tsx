import { Hono } from 'hono';
import { Refusal } from '#worker/base/refusal.ts';
import { setFlash } from '#worker/http/flash-cookie.ts';
import { readFields } from '#worker/http/read-fields.ts';
import { waitingCounts } from '#worker/stock-alerts/alert-requests.ts';
import { restock } from '#worker/stock-alerts/restock.ts';
import { stockList } from '#worker/stock/stock-actions.ts';
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
    // ?product=ID (Today's low-stock links): the form opens on that product.
    const asked = rows.find((r) => String(r.id) === c.req.query('product'));
    return adminPage(c, 'Stock', <StockPage rows={rows} moves={moves} chosen={asked?.id} />);
  })
  .post('/admin/stock', async (c) => {
    const fields = await readFields(c);
    const again = await claimForm(c, fields, '/admin/stock');
    if (again) return again;
    const deps = actionDeps(c);
    let done: string;
    try {
      done = await restock(deps, fields.action === 'set' ? 'set' : 'receive', stockChange(fields), c.get('admin'));
    } catch (err) {
      const { text, status } = refused(err);
      const [rows, moves] = await Promise.all([stockNow(c), recentMoves(deps.db)]);
      return adminPage(c, 'Stock', <StockPage rows={rows} moves={moves} problem={{ text, fields }} />, status === 404 ? 400 : status);
    }
    setFlash(c, { tone: 'info', text: done }, 'admin');
    return c.redirect('/admin/stock', 303);
  });
