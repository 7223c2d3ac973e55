import { Hono } from 'hono';
import { productPath, parseProductId } from '#shared/catalogue/product.ts';
import { readProducts } from '#worker/catalogue/catalogue-reads.ts';
import { buyNowLink } from '#worker/checkout/buy-now-link.ts';
import { postedCampaign } from '#worker/checkout/checkout-inputs.ts';
import { readFields } from '#worker/http/read-fields.ts';
import type { AppEnv } from '#worker/middleware/app-context.ts';
import { pageReads } from '#worker/render/page-reads.ts';
import { renderNotFound } from '#worker/routes/site/not-found-page.tsx';

export const checkoutRoutes = new Hono<AppEnv>();

/**
 * Buy without JavaScript: the product's Buy form posts here and is redirected to its payment link
 * (checkout/buy-now-link.ts), with the campaign parameters the form or the URL carried; a product that
 * cannot be bought now goes back to its page.
 */
checkoutRoutes.post('/checkout/:id', async (c) => {
  const id = parseProductId(c.req.param('id'));
  if (id === null) return renderNotFound(c);
  // The product as its page has it (a kept copy when the database is down: the link still sells).
  const reads = pageReads(c);
  const product = (await readProducts(reads, [id]))(id);
  if (!product) return renderNotFound(c);
  const campaign = postedCampaign(c.req.url, await readFields(c, ['form']));
  const link = await buyNowLink(reads, product, c.get('region').region, campaign);
  return link ? c.redirect(link, 302) : c.redirect(c.get('href')(productPath(product)), 303);
});
