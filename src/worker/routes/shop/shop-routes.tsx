import { Hono } from 'hono';
import type { AppEnv } from '#worker/app-context.ts';
import { servePage } from '#worker/render/page.tsx';
import * as cart from './cart';
import { cartRoutes } from './cart-routes';
import { checkoutRoutes } from './checkout-routes';
import * as home from './home';
import * as order from './order';
import * as product from './product';
import * as productList from './products';
import * as thankYou from './thank-you';

/** The shop: home, the product list and pages, the cart and its posts, checkout, the thank-you page and the order page. */
export const shopRoutes = new Hono<AppEnv>()
  .get('/', servePage(home))
  .get('/products', servePage(productList))
  .get('/product/:id/:slug?', servePage(product))
  .get('/thank-you', servePage(thankYou))
  .get('/orders/:number', servePage(order))
  .get('/cart', servePage(cart))
  .route('/', cartRoutes)
  .route('/', checkoutRoutes);
