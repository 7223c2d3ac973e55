import type { Context } from 'hono';
import { cartView, type CartViewLine } from '#shared/cart/view.ts';
import type { AppEnv } from '#worker/app-context.ts';
import { readStock } from '#worker/stock/stock-reads.ts';

/** The cart's lines as /cart shows them, each with how many the shop has (the stock read, fresh within a minute). */
export async function stockedCartView(c: Context<AppEnv>): Promise<CartViewLine[]> {
  const lines = cartView(c.get('cart'));
  if (lines.length === 0) return lines;
  const stock = await readStock(
    c,
    lines.map((l) => l.id),
  );
  return lines.map((line) => ({ ...line, available: stock.available(line.id) }));
}
