import { afterAll, beforeAll, expect } from 'vitest';
import { openSession } from '#worker/admin/admin-sessions.ts';
import { deliver, placePaidOrder, shipOrder, type Line } from './paid-orders';
import { startPaymentsApp, type PaymentsApp } from './payments-app';
import { shopper } from './shopper';
import { keptLog, type TestApp } from './test-app';

/** The back office's owner in the after-sale tests. */
export const OWNER = 'owner@example.com';

export type Mail = { To: string; Subject: string; TextBody: string };

/**
 * The shop with Stripe's and Postmark's emulations and OWNER allowed into the back office, started
 * before a file's tests and closed after them (call at the top of the file): what every after-sale
 * test file stands on.
 */
export function afterSaleShop(secret: string) {
  const { log } = keptLog();
  let started: PaymentsApp | undefined;
  beforeAll(async () => {
    started = await startPaymentsApp(secret, log, { ADMIN_EMAILS: OWNER });
  });
  afterAll(() => started?.close());
  const shop = {
    get running(): PaymentsApp {
      if (!started) throw new Error('the shop starts in beforeAll');
      return started;
    },
    get t(): TestApp {
      return shop.running.app;
    },
    log,
    /** Every mail Postmark accepted, oldest first. */
    mails: () => shop.running.postmark.accepted.map((m) => m.body as Mail),
    /** A signed Stripe event delivered to the shop's webhook. */
    webhook: (event: { body: string; headers: Record<string, string> }) => deliver(shop.running, event),
    /** The owner's browser, signed in as opening a mailed link would. */
    owner: async () => shopper(shop.t, { Cookie: `__Host-admin=${await openSession(shop.t.deps.db, OWNER)}` }),
    /** A UK order of `line` with free delivery, paid and shipped a day ago; its shopper's browser on its page, and the owner's. */
    async shipped(line: Line) {
      const { order, session } = await placePaidOrder(shop.running, { lines: [line], shipping: 0 });
      const office = await shop.owner();
      await shipOrder(shop.running, office, order, 1);
      const browser = shopper(shop.t);
      expect((await browser.get(`/gb/orders/${order.number}?token=${order.token}`)).res.status).toBe(200);
      return { order, session, office, browser };
    },
  };
  return shop;
}
