import { Hono } from 'hono';
import { describe, expect, it } from 'vitest';
import { CART_COOKIE } from '#shared/cart/cart.ts';
import { writeCartCookie } from '#worker/middleware/cart/cart-cookie.ts';
import type { LogFields, Logger } from '#worker/base/log.ts';
import { injectDeps } from '#worker/middleware/inject-deps/inject-deps-middleware.ts';
import { requestLog } from '#worker/middleware/request-log/request-log-middleware.ts';
import { cart } from '#worker/middleware/cart/cart-middleware.ts';

// Whether an id is a product is the catalogue's word (/cart reads it): the cookie's reader checks only the form.
const [a, b] = [1, 2];

function cartApp() {
  const warnings: LogFields[] = [];
  const log: Logger = (level, _msg, fields) => level === 'warn' && warnings.push(fields ?? {});
  const app = new Hono()
    .use(injectDeps({ log }), requestLog(), cart())
    .get('/cart', (c) => c.json(c.get('cart')))
    .post('/cart/clear', (c) => {
      writeCartCookie(c, []);
      return c.json(c.get('cart'));
    });
  return { app, warnings };
}
const cartCookies = (res: Response) => res.headers.getSetCookie().filter((h) => h.startsWith(`${CART_COOKIE}=`));

describe('cart', () => {
  it('reads the cart from its cookie and leaves a clean cookie alone', async () => {
    const { app, warnings } = cartApp();
    const res = await app.request('/cart', { headers: { Cookie: `${CART_COOKIE}=${a}:2|${b}:1` } });
    expect(await res.json()).toEqual([
      { id: a, quantity: 2 },
      { id: b, quantity: 1 },
    ]);
    expect(cartCookies(res)).toEqual([]);
    expect(warnings).toEqual([]);
  });

  it('drops entries that do not parse or are out of range, logs them, and rewrites the cookie without them', async () => {
    const { app, warnings } = cartApp();
    const res = await app.request('/cart', { headers: { Cookie: `${CART_COOKIE}=${a}:2|junk|-4:1|${b}:99` } });
    expect(res.status).toBe(200);
    expect(await res.json()).toEqual([{ id: a, quantity: 2 }]);
    expect(cartCookies(res)).toHaveLength(1);
    expect(cartCookies(res)[0]).toMatch(new RegExp(`^${CART_COOKIE}=${a}(%3A|:)2;`));
    expect(warnings).toHaveLength(1);
    expect(warnings[0]!.dropped).toHaveLength(3);
  });

  it('deletes a cookie left with nothing, and never writes over a route that wrote the cart itself', async () => {
    const { app } = cartApp();
    const emptied = await app.request('/cart', { headers: { Cookie: `${CART_COOKIE}=junk` } });
    expect(cartCookies(emptied)).toEqual([expect.stringMatching(/Max-Age=0/)]);
    const cleared = await app.request('/cart/clear', { method: 'POST', headers: { Cookie: `${CART_COOKIE}=${a}:1|junk` } });
    expect(await cleared.json()).toEqual([]);
    expect(cartCookies(cleared)).toEqual([expect.stringMatching(/Max-Age=0/)]);
  });
});
