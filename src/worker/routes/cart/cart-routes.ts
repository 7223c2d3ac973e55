import { Hono, type Context } from 'hono';
import { pageReads } from '#worker/render/page-reads.ts';
import { addToCart, fullFor, parseQuantity, removeFromCart, setQuantity } from '#shared/cart/cart.ts';
import { isPurchasable, parseProductId } from '#shared/catalogue/product.ts';
import { requireShelf } from '#worker/catalogue/catalogue-reads.ts';
import type { AppEnv } from '#worker/middleware/app-context.ts';
import { writeCartCookie } from '#worker/middleware/cart/cart-cookie.ts';
import { checkoutCart } from './cart-checkout.ts';
import { readFields } from '#worker/http/read-fields.ts';
import { wantsJson } from '#worker/http/wants-json.ts';
import { cartJson, rejectCartPost } from './cart-answers.ts';
import { cartNotices } from '#shared/cart/notices.ts';
import { ensureBuyerNonce } from '#worker/http/buyer-nonce.ts';

/**
 * The cart's plain form posts: each answers 303 to /cart (no JavaScript needed). The cart island
 * posts the same forms asking for JSON and gets the cart back instead, so it updates in place.
 */
export const cartRoutes = new Hono<AppEnv>();

async function changed(c: Context<AppEnv>) {
  return wantsJson(c) ? c.json(await cartJson(c)) : c.redirect(c.get('href')('/cart'), 303);
}

/** The listed product with this id, as its page shows it (fresh within a minute; checkout asks the database). */
async function shelved(c: Context<AppEnv>, id: number) {
  return (await requireShelf(pageReads(c), [id])).byId(id);
}

cartRoutes.post('/cart/add', async (c) => {
  const fields = await readFields(c);
  const id = parseProductId(fields.product_id);
  const quantity = fields.quantity === undefined ? 1 : parseQuantity(fields.quantity);
  const product = id === null ? undefined : await shelved(c, id);
  if (id === null || !product) return rejectCartPost(c, cartNotices.notForSale);
  if (quantity === null) return rejectCartPost(c, cartNotices.badQuantity);
  if (!isPurchasable(product.stock)) return rejectCartPost(c, cartNotices.soldOut);
  // Said, not clamped silently: a toast saying "Added" for nothing would be a lie.
  const full = fullFor(c.get('cart'), id);
  if (full) return rejectCartPost(c, full === 'line' ? cartNotices.lineFull : cartNotices.cartFull, 409);
  writeCartCookie(c, addToCart(c.get('cart'), id, quantity));
  ensureBuyerNonce(c);
  return changed(c);
});

// A line that is no longer in the cart (changed in another tab) is left as it is.
cartRoutes.post('/cart/update', async (c) => {
  const fields = await readFields(c);
  const id = parseProductId(fields.product_id);
  const quantity = parseQuantity(fields.quantity);
  if (id === null) return rejectCartPost(c, cartNotices.notForSale);
  if (quantity === null) return rejectCartPost(c, cartNotices.badQuantity);
  writeCartCookie(c, setQuantity(c.get('cart'), id, quantity));
  return changed(c);
});

cartRoutes.post('/cart/remove', async (c) => {
  const id = parseProductId((await readFields(c)).product_id);
  if (id === null) return rejectCartPost(c, cartNotices.notForSale);
  writeCartCookie(c, removeFromCart(c.get('cart'), id));
  return changed(c);
});

cartRoutes.post('/cart/checkout', async (c) => checkoutCart(c, await readFields(c)));

/** The cart for the island when another tab changed it. */
cartRoutes.get('/api/cart', async (c) => {
  c.header('Cache-Control', 'no-store');
  return c.json(await cartJson(c));
});
