import { Hono } from 'hono';
import type { AppEnv } from '#worker/app-context.ts';
import { servePage } from '#worker/render/page.tsx';
import * as cart from './cart';
import { cartRoutes } from './cart-routes';
import { checkoutRoutes } from './checkout-routes';
import * as home from './home';
import * as product from './product';
import * as productList from './products';
import * as thankYou from './thank-you';

/** The shop: home, the product list and pages, the cart and its posts, checkout and the thank-you page. */
export const shopRoutes = new Hono<AppEnv>()
  .get('/', servePage(home))
  .get('/products', servePage(productList))
  .get('/product/:id/:slug?', servePage(product))
  .get('/thank-you', servePage(thankYou))
  .get('/cart', servePage(cart))
  .route('/', cartRoutes)
  .route('/', checkoutRoutes);
