import { Hono } from 'hono';
import type { AppEnv } from '#worker/middleware/app-context.ts';
import { servePage } from '#worker/render/page.tsx';
import * as cart from '#worker/routes/cart/cart-page.tsx';
import { cartRoutes } from '#worker/routes/cart/cart-routes.ts';
import { checkoutRoutes } from './checkout-routes.ts';
import * as home from './home-page.tsx';
import * as order from '#worker/routes/orders/order-page.tsx';
import * as invoice from '#worker/routes/orders/invoice-page.tsx';
import * as product from './product-page.tsx';
import * as productList from './products-page.tsx';
import * as thankYou from '#worker/routes/orders/thank-you-page.tsx';
import { yourOrdersRoutes } from '#worker/routes/orders/your-orders-routes.tsx';
import { returnRoutes } from '#worker/routes/after-sale/return-routes.tsx';

/** The shop: home, the product list and pages, the cart and its posts, checkout, the thank-you page, "your orders" and the order page. */
export const shopRoutes = new Hono<AppEnv>()
  .get('/', servePage(home))
  .get('/products', servePage(productList))
  .get('/product/:id/:slug?', servePage(product))
  .get('/thank-you', servePage(thankYou))
  // Before /orders/:number: /orders/link is a page of its own.
  .route('/', yourOrdersRoutes)
  .route('/', returnRoutes)
  .get('/orders/:number', servePage(order))
  .get('/orders/:number/invoice', servePage(invoice))
  .get('/cart', servePage(cart))
  .route('/', cartRoutes)
  .route('/', checkoutRoutes);
