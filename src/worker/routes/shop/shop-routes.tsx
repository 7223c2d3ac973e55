import { Hono, type Context } from 'hono';
import { parseListQuery } from '#shared/catalogue/list.ts';
import { productById, parseProductId } from '#shared/catalogue/product.ts';
import { parseSessionId } from '#shared/catalogue/payment-links.ts';
import { currencyByRegion } from '#shared/region/region.ts';
import type { AppEnv } from '#worker/app-context.ts';
import { errorFields } from '#worker/log.ts';
import { homeHead, HomePage } from './home-page';
import { ProductListPage, productListHead } from './product-list-page';
import { ProductNotFoundPage, productErrors, type ProductError } from './product-not-found-page';
import { productHead, ProductPage } from './product-page';
import { ThankYouPage, thankYouHead } from './thank-you-page';
import { cartNotices, renderCartPage } from './cart-page';
import { cartRoutes } from './cart-routes';
import { checkoutRoutes } from './checkout-routes';
import { readPaidOrder } from './paid-order';

export const shopRoutes = new Hono<AppEnv>();

shopRoutes.get('/', (c) => c.render(<HomePage />, homeHead()));

shopRoutes.get('/products', (c) => {
  const state = parseListQuery(new URL(c.req.url).searchParams);
  return c.render(<ProductListPage state={state} />, productListHead(state, currencyByRegion[c.get('region').region]));
});

/** The Product Not Found page with the spec's reason and status. */
export function renderProductError(c: Context<AppEnv>, reason: ProductError) {
  c.status(productErrors[reason].status);
  return c.render(<ProductNotFoundPage reason={reason} />, {
    title: 'Product Not Found',
    description: "Sorry, we couldn't find the product you're looking for.",
    robots: 'noindex',
  });
}

// The slug is cosmetic: any slug (or none) shows the product; the canonical URL carries the right one.
shopRoutes.get('/product/:id/:slug?', async (c) => {
  const id = parseProductId(c.req.param('id'));
  if (id === null) return renderProductError(c, 'invalid');
  const product = productById(id);
  if (!product) return renderProductError(c, 'missing');
  try {
    // Awaited so that a failure while rendering the page shell still gets the error page.
    return await c.render(<ProductPage product={product} />, productHead(product, c.get('deps').settings.SITE_URL, c.get('region').region));
  } catch (err) {
    c.get('log')('error', 'product page failed', { productId: id, ...errorFields(err) });
    return renderProductError(c, 'failed');
  }
});

shopRoutes.get('/thank-you', async (c) => {
  const productId = c.req.query('product_id');
  const id = parseProductId(productId);
  const product = id === null ? undefined : productById(id);
  if (productId !== undefined && !product) c.get('log')('warn', 'thank-you product not found', { productId });
  const sessionId = parseSessionId(c.req.query('session_id'));
  const order = sessionId ? await readPaidOrder(c, sessionId) : null;
  return c.render(<ThankYouPage product={product} order={order} />, thankYouHead(product, sessionId, order));
});

// ?checkout=unavailable: a checkout that failed without JavaScript lands here with the reason.
shopRoutes.get('/cart', (c) => renderCartPage(c, c.req.query('checkout') === 'unavailable' ? cartNotices.unavailable : null));
shopRoutes.route('/', cartRoutes);

shopRoutes.route('/', checkoutRoutes);
