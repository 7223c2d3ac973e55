import { Hono } from 'hono';
import { withCampaign } from '#shared/site/campaign.ts';
import { productPath, parseProductId, isPurchasable } from '#shared/catalogue/product.ts';
import { readProducts } from '#worker/catalogue/catalogue-reads.ts';
import type { AppEnv } from '#worker/middleware/app-context.ts';
import { readFields } from '#worker/http/read-fields.ts';
import { stockCounts } from '#worker/stock/stock-queries.ts';
import { stockView } from '#worker/stock/stock-reads.ts';
import { renderNotFound } from '#worker/routes/site/not-found-page.tsx';
import { postedCampaign, regionPaymentLink } from '#worker/checkout/checkout-inputs.ts';

export const checkoutRoutes = new Hono<AppEnv>();

/**
 * Buy without JavaScript: the product's Buy form posts here and is redirected to its payment link
 * (its UK link first for UK visitors), with the campaign parameters the form or the URL carried.
 * Products that cannot be bought go back to their page: the stock is read from the database itself
 * here (a payment link holds nothing, so the last look before paying is the freshest there is).
 */
checkoutRoutes.post('/checkout/:id', async (c) => {
  const id = parseProductId(c.req.param('id'));
  if (id === null) return renderNotFound(c);
  // The product as its page has it (a kept copy when the database is down: the link still sells).
  const product = (await readProducts(c, [id]))(id);
  if (!product) return renderNotFound(c);
  const { db, settings } = c.get('deps');
  // A stock read that fails leaves the product buyable, as on its page (the link itself holds nothing).
  const stock = stockView(await stockCounts(db, [product.id]).catch(() => null), settings.LOW_STOCK_AT);
  if (!isPurchasable(stock.level(product.id))) return c.redirect(c.get('href')(productPath(product)), 303);
  const link = regionPaymentLink(product, c.get('region').region, c.get('log'));
  if (!link) return c.redirect(c.get('href')(productPath(product)), 303);
  return c.redirect(withCampaign(link, postedCampaign(c.req.url, await readFields(c, ['form']))), 302);
});
