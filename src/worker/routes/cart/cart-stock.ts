import type { Context } from 'hono';
import { pageReads } from '#worker/render/page-reads.ts';
import { cartView, type CartViewLine } from '#shared/cart/view.ts';
import type { AppEnv } from '#worker/middleware/app-context.ts';
import { writeCartCookie } from '#worker/middleware/cart/cart-cookie.ts';
import { requireShelf } from '#worker/catalogue/catalogue-reads.ts';

/**
 * The cart's lines as /cart shows them, each with how many the shop has (products and stock in one
 * cached batch, fresh within a minute). Lines whose product is not in the catalogue (unlisted since,
 * or never one) are left out, and the cookie is written without them.
 */
export async function stockedCartView(c: Context<AppEnv>): Promise<CartViewLine[]> {
  const cart = c.get('cart');
  if (cart.length === 0) return [];
  const shelf = await requireShelf(
    pageReads(c),
    cart.map((l) => l.id),
  );
  const lines = cartView(cart, shelf.byId).map((line) => ({ ...line, available: shelf.stock.available(line.id) }));
  if (lines.length < cart.length) {
    c.get('log')('warn', 'cart lines not in the catalogue dropped', { dropped: cart.filter((l) => !shelf.byId(l.id)).map((l) => l.id) });
    c.set(
      'cart',
      cart.filter((l) => shelf.byId(l.id)),
    );
    writeCartCookie(c, c.get('cart'));
  }
  return lines;
}
