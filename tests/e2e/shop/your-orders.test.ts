import { createHash } from 'node:crypto';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { axeReport } from '../../support/axe';
import { BROWSER_UA } from '../../support/html';
import { useBrowserAndShop } from '../../support/e2e';
import { mailArriving, mailHtmlArriving } from '../../support/outbox';
import { runDbCli } from '../../support/db-cli';
import { openShopDb } from '../../support/shop-db';
import { startStripeEmulator, type StripeEmulator } from '../../support/stripe-emulator';

/**
 * After the sale on a 360 px phone without JavaScript (issues 48 and 49): ask for your orders, open the
 * mailed link, see the list, open an order and ask to return an item; write a review, find it helpful,
 * unsubscribe. Every page passes axe and fits.
 */
const SECRET = 'whsec_your_orders_e2e';
const EMAIL = 'phone.shopper@example.com';
const OWNER = 'owner@example.com';
let stripe: StripeEmulator;
beforeAll(async () => {
  stripe = await startStripeEmulator();
});
afterAll(async () => {
  await stripe?.close();
});
const e2e = useBrowserAndShop(() => ({ env: { ...stripe.env, STRIPE_WEBHOOK_SECRET: SECRET, ADMIN_EMAILS: OWNER }, ownSiteUrl: true }));

/** A paid order of `EMAIL`, shipped: its number. */
async function shippedOrder(): Promise<string> {
  const session = stripe.createSession({
    currency: 'GBP',
    lines: [{ productId: 1, name: 'G-Series Laser Training Pistol', quantity: 1, unitAmount: 14999 }],
    shipping: { label: 'Standard delivery', amount: 0 },
    metadata: { region: 'UK' },
    email: EMAIL,
  });
  stripe.complete(session);
  const event = stripe.signedEvent('checkout.session.completed', session, SECRET);
  expect((await fetch(`${e2e.shop.url}/webhooks/stripe`, { method: 'POST', body: event.body, headers: event.headers })).status).toBe(200);
  const db = await openShopDb(e2e.shop.dbFile);
  const { rows } = await db.execute({ sql: 'select number from orders where session_id = ?', args: [session] });
  db.close();
  const number = String(rows[0]!.number);
  // Shipped as the owner ships from the terminal (the shopper is mailed through the outbox).
  const shipped = await runDbCli(['orders', 'ship', number, '--carrier', 'Royal Mail', '--tracking', 'RM123456789GB'], {
    env: { TURSO_DATABASE_URL: `file:${e2e.shop.dbFile}`, MAIL_OUTBOX_DIR: e2e.shop.outboxDir, SITE_URL: e2e.shop.url },
  });
  expect(shipped.code, shipped.out).toBe(0);
  return number;
}

describe('your orders and a return on a phone, without JavaScript', () => {
  it('asks, opens the link, lists the order, and sends a return request; every page accessible and 360 px wide', async () => {
    const number = await shippedOrder();
    const context = await e2e.browser.newContext({
      viewport: { width: 360, height: 740 },
      isMobile: true,
      hasTouch: true,
      userAgent: BROWSER_UA,
      javaScriptEnabled: false,
    });
    const page = await context.newPage();
    // axe runs as a script: each page the shopper reached is checked as the same document in a second
    // context that runs scripts (same screen), loaded from the HTML the first was sent.
    const checker = await e2e.browser.newContext({
      viewport: { width: 360, height: 740 },
      isMobile: true,
      hasTouch: true,
      userAgent: BROWSER_UA,
    });
    const seen = await checker.newPage();
    const checkPage = async (name: string) => {
      await seen.goto(`${e2e.shop.url}/robots.txt`);
      await seen.setContent(await page.content(), { waitUntil: 'load' });
      const axe = await axeReport(seen);
      expect(axe.severe, `${name}: ${axe.all.join(', ')}`).toEqual([]);
      expect(await seen.evaluate(() => document.documentElement.scrollWidth), `${name} overflows`).toBeLessThanOrEqual(360);
      expect(await page.locator('h1').count(), `${name}: one h1`).toBe(1);
    };
    try {
      // The shipped mail as a mail program shows it: its tracking link told from its sentence by more than colour.
      await seen.setContent(await mailHtmlArriving(e2e.shop.outboxDir, EMAIL, 'is on its way'), { waitUntil: 'load' });
      const mailAxe = await axeReport(seen);
      expect(mailAxe.severe, `shipped mail: ${mailAxe.all.join(', ')}`).toEqual([]);
      await page.goto(`${e2e.shop.url}/gb/orders`);
      await checkPage('ask');
      await page.getByLabel('E-mail address').fill(EMAIL);
      await page.getByRole('button', { name: 'E-mail me a link' }).tap();
      await page.getByRole('heading', { level: 1, name: 'Check your inbox' }).waitFor();
      await checkPage('check your inbox');
      const mail = await mailArriving(e2e.shop.outboxDir, EMAIL, 'Your orders at');
      await page.goto(/https?:\/\/\S+\/orders\/link\?token=\S+/.exec(mail.text)![0]);
      await checkPage('link');
      await page.getByRole('button', { name: 'Show my orders' }).tap();
      await page.locator('[data-your-orders]').waitFor();
      await checkPage('list');
      expect(await page.locator(`[data-your-order="${number}"]`).textContent()).toContain('Tracking (Royal Mail): RM123456789GB');

      await page.getByRole('link', { name: number }).tap();
      await page.getByRole('heading', { level: 1, name: `Order ${number}` }).waitFor();
      await checkPage('order');
      // Printed, the order page is a receipt: the shop's header, promotions and footer stay off paper.
      await page.emulateMedia({ media: 'print' });
      for (const part of ['header', 'footer', '[data-promo-strip]']) expect(await page.locator(part).first().isVisible(), part).toBe(false);
      expect(await page.getByRole('heading', { level: 1, name: `Order ${number}` }).isVisible()).toBe(true);
      await page.emulateMedia({ media: 'screen' });
      await page.getByRole('link', { name: 'Return items' }).tap();
      await page.getByRole('heading', { level: 1, name: `Return items: order ${number}` }).waitFor();
      await checkPage('return form');
      await page.getByRole('spinbutton', { name: /G-Series Laser Training Pistol/ }).fill('1');
      await page.getByLabel('You changed your mind').check();
      await page.getByLabel('Store credit worth 110% of what you paid for the items').check();
      await page.getByRole('button', { name: 'Send the request' }).tap();
      await page.getByRole('heading', { level: 1, name: `Order ${number}` }).waitFor();
      await page.getByText(`Request ${number}-R1 sent.`).waitFor();
      expect(await page.locator('[data-return-requests]').textContent()).toContain(
        `${number}-R1 (1 × G-Series Laser Training Pistol): asked for`,
      );
      await checkPage('order after the request');

      // The review form an invitation links to (its key: what review-invites.ts derives from the order's token).
      const db = await openShopDb(e2e.shop.dbFile);
      const { rows } = await db.execute({ sql: 'select token from orders where number = ?', args: [number] });
      db.close();
      const keyFor = (purpose: string) =>
        createHash('sha256')
          .update(`${String(rows[0]!.token)}:${purpose}`)
          .digest('hex')
          .slice(0, 32);
      const key = keyFor('review:1');
      await page.goto(`${e2e.shop.url}/gb/reviews/write?order=${number}&product=1&key=${key}`);
      await checkPage('review form');
      await page.getByLabel('4 stars').check();
      await page.getByLabel('Title').fill('Solid trainer');
      await page.getByLabel('Your review').fill('Resets well and fits my holster.');
      await page.getByLabel('Signed as (a first name or initials)').fill('K.');
      await page.getByRole('button', { name: 'Send my review' }).tap();
      await page.getByRole('heading', { level: 1, name: 'Thank you for your review' }).waitFor();
      await checkPage('review sent');

      // The owner approves it from the back office (signed in by the mailed link, also without JavaScript);
      // it then shows on the product page, whose "Helpful" button works without JavaScript too and
      // brings the shopper back to the review.
      await page.goto(`${e2e.shop.url}/admin/sign-in`);
      await page.getByLabel('E-mail address').fill(OWNER);
      await page.getByRole('button', { name: 'E-mail me a sign-in link' }).tap();
      await page.getByRole('heading', { level: 1, name: 'Check your inbox' }).waitFor();
      const signIn = await mailArriving(e2e.shop.outboxDir, OWNER, 'Sign in');
      await page.goto(/https?:\/\/\S+\/admin\/sign-in\/link\?token=\S+/.exec(signIn.text)![0]);
      await page.getByRole('button', { name: 'Sign in' }).tap();
      await page.getByRole('heading', { level: 1, name: 'Today' }).waitFor();
      await page.goto(`${e2e.shop.url}/admin/reviews`);
      await page
        .locator('[data-admin-review]')
        .filter({ hasText: 'Solid trainer' })
        .getByRole('button', { name: 'Approve: show it' })
        .tap();
      await page.getByText('Approved: it shows on the product page now.').waitFor();
      await page.goto(`${e2e.shop.url}/gb/product/1`);
      const review = page.locator('[data-review]').filter({ hasText: 'Solid trainer' });
      await review.waitFor();
      await checkPage('product page with reviews');
      await review.getByRole('button', { name: /^Helpful/ }).tap();
      await page.getByText('1 person found this helpful').waitFor();
      expect(new URL(page.url()).hash).toMatch(/^#review-\d+$/);

      // One click from a review invitation's or a reward's unsubscribe link: a page, then the answer.
      await page.goto(`${e2e.shop.url}/gb/mail/unsubscribe/${number}-${keyFor('unsubscribe')}`);
      await checkPage('unsubscribe');
      await page.getByRole('button', { name: 'No more mail like this' }).tap();
      await page.getByRole('heading', { level: 1, name: 'You are unsubscribed' }).waitFor();
      await checkPage('unsubscribed');
    } finally {
      await Promise.all([context.close(), checker.close()]);
    }
  }, 60_000);
});
