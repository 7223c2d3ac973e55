import { Hono } from 'hono';
import { parseContactOutcome } from '../../shared/contact-status';
import type { AppEnv } from '../env';
import { renderContactPage } from '../pages/contact/render-contact';
import { CartPage, cartHead } from '../pages/shop/cart-page';

/** The contact page (the form posts are handled in contact-api) and the cart page its icon links to. */
export const contactRoutes = new Hono<AppEnv>()
  .get('/contact', (c) => renderContactPage(c, { outcome: parseContactOutcome(c.req.query('sent')) }))
  .get('/cart', (c) => c.render(<CartPage />, cartHead));
