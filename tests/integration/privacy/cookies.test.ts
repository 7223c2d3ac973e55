import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { BROWSER_STORAGE } from '#shared/visitor/browser-storage.ts';
import { BROWSER_UA, textOf } from '../../support/html';
import { startPaymentsApp, type PaymentsApp } from '../../support/payments-app';
import { keptLog } from '../../support/test-app';

/**
 * Issue 81: the privacy policy's cookie table is what the shop sets. Every Set-Cookie the shop's flows
 * answer with (a cart, a code, a checkout, a notice, the consent form) names a cookie of the one list
 * (shared/visitor/browser-storage.ts) with the lifetime the list says, and the policy shows each.
 */
let running: PaymentsApp;
beforeAll(async () => {
  running = await startPaymentsApp('whsec_cookies', keptLog().log);
});
afterAll(() => running.close());

/** Each Set-Cookie of an answer: its name and Max-Age (null: a session cookie). */
const setCookies = (res: Response) =>
  res.headers.getSetCookie().map((line) => ({ name: line.split('=')[0]!, maxAge: /Max-Age=(\d+)/i.exec(line)?.[1] ?? null, line }));

/** The list's cookie for a name that was set: itself, or its family (`order_<number>`, the back office's two spellings). */
const listed = (name: string) =>
  Object.values(BROWSER_STORAGE).find(
    (item) =>
      item.kind.startsWith('Cookie') &&
      (item.name === name ||
        (name.startsWith('order_') && item.name.startsWith('order_')) ||
        (/^(__Host-)?admin$/.test(name) && item.name.startsWith('__Host-admin'))),
  );

describe('the cookies the shop sets', () => {
  it('are each on the list, with the lifetime it says', async () => {
    const url = running.app.url;
    const jar: string[] = [];
    const seen: Array<ReturnType<typeof setCookies>[number]> = [];
    const post = async (path: string, fields: Record<string, string>) => {
      const res = await fetch(`${url}${path}`, {
        method: 'POST',
        redirect: 'manual',
        headers: { 'User-Agent': BROWSER_UA, Origin: url, Cookie: jar.join('; '), 'Content-Type': 'application/x-www-form-urlencoded' },
        body: new URLSearchParams(fields),
      });
      const set = setCookies(res);
      seen.push(...set);
      for (const c of set) jar.push(c.line.split(';')[0]!);
      await res.text();
      return res;
    };
    await post('/gb/cart/add', { product_id: '1' });
    await post('/gb/cart/discount', { code: 'SPRING10' });
    await post('/gb/cart/checkout', {});
    await post('/consent', { choice: 'denied', return: '/gb' });
    await post('/gb/cart/add', { product_id: '999' });
    const names = new Set(seen.map((c) => c.name));
    for (const name of ['cart', 'buyer', 'offer', 'consent']) expect(names, name).toContain(name);
    for (const cookie of seen) {
      const item = listed(cookie.name);
      expect(item, cookie.name).toBeDefined();
      // A cookie being cleared has Max-Age 0; one that ends sooner than its most (an offer that expires) says less.
      if (cookie.maxAge !== null && cookie.maxAge !== '0')
        expect(Number(cookie.maxAge), cookie.line).toBeLessThanOrEqual(item!.lasts as number);
      if (cookie.name !== 'offer' && cookie.maxAge !== '0') expect(Number(cookie.maxAge), cookie.line).toBe(item!.lasts);
    }
  });

  it('are each in the privacy policy, with how long it keeps them', async () => {
    const { html } = await running.app.get('/privacy-policy');
    const text = textOf(html);
    for (const item of Object.values(BROWSER_STORAGE)) expect(text, item.name).toContain(item.name);
    expect(text).toMatch(/buyer\s*Cookie \(essential\)\s*Set when you add to your cart or buy[^]*?30 days/);
    expect(text).toMatch(/preferredCountry\s*Cookie and local storage \(essential\)[^]*?1 year/);
  });
});
