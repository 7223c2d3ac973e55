import { Hono } from 'hono';
import { campaignFromSearch, withCampaign } from '#shared/site/campaign.ts';
import { productById, productPath, parseProductId, isPurchasable } from '#shared/catalogue/product.ts';
import { resolvePaymentLink } from '#shared/catalogue/payment-links.ts';
import type { AppEnv } from '#worker/app-context.ts';
import { readFields } from '#worker/http/read-fields.ts';
import { renderNotFound } from '../site/not-found';

export const checkoutRoutes = new Hono<AppEnv>();

/**
 * Buy without JavaScript: the product's Buy form posts here and is redirected to its payment link
 * (the UK map first for UK visitors), with the campaign parameters the form or the URL carried.
 * Products that cannot be bought go back to their page.
 */
checkoutRoutes.post('/checkout/:id', async (c) => {
  const id = parseProductId(c.req.param('id'));
  const product = id === null ? undefined : productById(id);
  if (!product) return renderNotFound(c);
  if (!isPurchasable(product.stock)) return c.redirect(c.get('href')(productPath(product)), 303);
  const link = resolvePaymentLink(product.name, c.get('region').region);
  if (!link) {
    c.get('log')('error', 'No payment link available for this product', { productId: product.id });
    return c.redirect(c.get('href')(productPath(product)), 303);
  }
  const posted = new URLSearchParams(await readFields(c, ['form']));
  const campaign = { ...campaignFromSearch(new URL(c.req.url).search), ...campaignFromSearch(posted.toString()) };
  return c.redirect(withCampaign(link, campaign), 302);
});
