import { readOutbox } from '../../support/outbox';
import type { BrowserContext, Page } from 'playwright-core';
import { afterAll, beforeAll, beforeEach, describe, expect, it, vi } from 'vitest';
import { cartBadgeLabel } from '#shared/cart/cart.ts';
import { dataLayer, expectClean, layoutShift, markPage, pageSettled, samePage, watchPage } from '../../support/browser';
import { useBrowserAndShop } from '../../support/e2e';
import type { ShopServer } from '../../support/shop-server';
import { startStripeEmulator, type StripeEmulator } from '../../support/stripe-emulator';
import { axeReport } from '../../support/axe';

const STRIPE_WEBHOOK_SECRET = 'whsec_e2e_emulated';
let stripe: StripeEmulator;

beforeAll(async () => {
  stripe = await startStripeEmulator();
});
afterAll(async () => {
  await stripe?.close();
});
// Stripe sends the shopper back to the site's public address (SITE_URL): this server's own.
const e2e = useBrowserAndShop(() => ({ env: { ...stripe.env, STRIPE_WEBHOOK_SECRET }, ownSiteUrl: true }), {
  devShop: () => ({ env: stripe.env }),
});
beforeAll(() => {
  // Pay on the emulated checkout posts the signed completed event to the shop first, as Stripe does.
  stripe.state.webhook = { url: `${e2e.shop.url}/webhooks/stripe`, secret: STRIPE_WEBHOOK_SECRET };
});
beforeEach(() => {
  stripe.state.mode = 'ok';
});

/** The e-mails the shop wrote to its outbox (no Postmark token). */
async function outboxMails(server: ShopServer): Promise<Array<{ to: string; subject: string; text: string }>> {
  return readOutbox(server.outboxDir);
}

/** A visitor who chose the UK (GBP): the server renders their currency and the browser does not detect. */
async function ukVisitor(width = 1280, base = e2e.shop.url): Promise<BrowserContext> {
  const context = await e2e.browser.newContext({ viewport: { width, height: 900 } });
  await context.addCookies([{ name: 'preferredCountry', value: 'UK', url: base }]);
  return context;
}

const badge = (page: Page) => page.locator('header [data-cart-count]');
const cartLink = (page: Page) => page.locator('header a[href="/cart"]');
const toastWith = (page: Page, title: string) => page.locator('.toast').filter({ hasText: title });
const line = (page: Page, id: number) => page.locator(`[data-cart-line="${id}"]`);

/** The badge shows `count` and the toast is up (its code loads with the first toast: seen before leaving, as a shopper would). */
async function added(page: Page, count: string) {
  await expect.poll(() => badge(page).textContent()).toBe(count);
  await toastWith(page, 'Added to cart').last().waitFor();
}

async function open(page: Page, url: string) {
  await page.goto(url);
  await pageSettled(page);
}

describe('adding to the cart in Chromium', () => {
  it('adds from a card and from the detail page without reloading; the badge follows, also after the back button', async () => {
    const context = await ukVisitor();
    const page = await context.newPage();
    const watch = watchPage(page);
    await open(page, `${e2e.shop.url}/products`);
    expect(await cartLink(page).getAttribute('aria-label')).toBe('Cart');
    await markPage(page);
    await page.getByRole('button', { name: 'Add to cart: G-Series Laser Training Pistol' }).click();
    await expect.poll(() => badge(page).textContent()).toBe('1');
    expect(await samePage(page)).toBe(true);
    const toast = toastWith(page, 'Added to cart');
    await toast.waitFor();
    expect(await toast.getByRole('link', { name: 'View cart' }).getAttribute('href')).toBe('/cart');
    expect(await dataLayer(page)).toContainEqual(
      expect.objectContaining({
        event: 'add_to_cart',
        ecommerce: {
          currency: 'GBP',
          value: 149.99,
          items: [{ item_id: '1', item_name: 'G-Series Laser Training Pistol', price: 149.99, quantity: 1, currency: 'GBP' }],
        },
      }),
    );

    await open(page, `${e2e.shop.url}/product/3`);
    expect(await badge(page).textContent()).toBe('1'); // in the first HTML
    await page.getByRole('button', { name: 'Add to cart: Reactive Laser Target System' }).click();
    await expect.poll(() => badge(page).textContent()).toBe('2');
    // The count goes up before the post answers: leaving now would abort it (ERR_ABORTED on a loaded machine).
    await toastWith(page, 'Added to cart').waitFor();
    // Out of Stock products cannot be added.
    await open(page, `${e2e.shop.url}/product/11`);
    expect(await page.getByRole('button', { name: /Add to cart/ }).count()).toBe(0);

    await open(page, `${e2e.shop.url}/cart`);
    expect(await line(page, 1).count()).toBe(1);
    expect(await line(page, 3).count()).toBe(1);
    await page.goBack(); // /product/11, perhaps from the back/forward cache
    await expect.poll(() => badge(page).textContent()).toBe('2');
    expectClean(watch);
    await context.close();
  });
});

describe('the first tap on Add to cart', () => {
  it.each([
    ['the product page', '/product/1', 'G-Series Laser Training Pistol'],
    ['a card of the unhydrated product list', '/products', 'G-Series Laser Training Pistol'],
  ])('on %s needs no island: one post, the count at once, the toast', async (_where, path, name) => {
    const context = await ukVisitor(412);
    const page = await context.newPage();
    const posts: string[] = [];
    page.on('request', (r) => r.url().endsWith('/cart/add') && posts.push(r.method()));
    await page.goto(`${e2e.shop.url}${path}`, { waitUntil: 'domcontentloaded' });
    expect(await page.locator('[data-island][data-hydrated]').count()).toBe(0);
    // The count goes up before the server answers: the button is marked busy in the same frame.
    await page.route('**/cart/add', async (route) => {
      await new Promise((resolve) => setTimeout(resolve, 300));
      await route.continue();
    });
    await page
      .getByRole('button', { name: `Add to cart: ${name}` })
      .first()
      .click();
    expect(await badge(page).textContent()).toBe('1');
    await added(page, '1');
    await pageSettled(page);
    expect(posts).toEqual(['POST']);
    expect((await context.cookies()).find((c) => c.name === 'cart')?.value).toBe(encodeURIComponent('1:1'));
    expect(await dataLayer(page)).toContainEqual(expect.objectContaining({ event: 'add_to_cart' }));
    await context.close();
  });

  it('takes the count back and says why when the cart cannot be reached', async () => {
    const context = await ukVisitor(412);
    const page = await context.newPage();
    await open(page, `${e2e.shop.url}/product/1`);
    await page.route('**/cart/add', (route) => route.abort('internetdisconnected'));
    await page.getByRole('button', { name: 'Add to cart: G-Series Laser Training Pistol' }).click();
    await toastWith(page, 'Not added').waitFor();
    expect(await badge(page).count()).toBe(0);
    expect(await page.getByRole('button', { name: /^Add to cart/ }).getAttribute('aria-busy')).toBeNull();
    await context.close();
  });

  it("says the line is full instead of 'Added' when the cart already has 10", async () => {
    const context = await ukVisitor(412);
    await context.addCookies([{ name: 'cart', value: encodeURIComponent('1:10'), url: e2e.shop.url }]);
    const page = await context.newPage();
    await open(page, `${e2e.shop.url}/product/1`);
    await page.getByRole('button', { name: 'Add to cart: G-Series Laser Training Pistol' }).click();
    await expect.poll(() => toastWith(page, 'Not added').textContent()).toContain('already has 10 of that product');
    expect(await toastWith(page, 'Added to cart').count()).toBe(0);
    await expect.poll(() => badge(page).textContent()).toBe('10');
    await context.close();
  });
});

describe('/cart in Chromium', () => {
  it('steps quantities and removes lines in place, reprices on a region switch, and does not shift', async () => {
    const context = await ukVisitor();
    const page = await context.newPage();
    const watch = watchPage(page);
    await open(page, `${e2e.shop.url}/product/1`);
    await page.getByRole('button', { name: /^Add to cart/ }).click();
    await added(page, '1');
    await open(page, `${e2e.shop.url}/product/2`);
    await page.getByRole('button', { name: /^Add to cart/ }).click();
    await added(page, '2');

    await open(page, `${e2e.shop.url}/cart`);
    expect(await layoutShift(page)).toBeLessThan(0.01);
    await markPage(page);
    await page.getByRole('button', { name: 'Increase quantity of G-Series Laser Training Pistol' }).click();
    await expect.poll(() => line(page, 1).locator('[data-line-total]').textContent()).toBe('£299.98');
    await expect.poll(() => badge(page).textContent()).toBe('3');
    await expect.poll(() => page.locator('[data-cart-subtotal]').textContent()).toBe('£654.97');
    await page.getByRole('button', { name: 'Decrease quantity of G-Series Laser Training Pistol' }).click();
    await expect.poll(() => line(page, 1).locator('[data-line-total]').textContent()).toBe('£149.99');
    await page.getByRole('button', { name: 'Remove AR-Style Laser Training Rifle' }).click();
    await expect.poll(() => line(page, 2).count()).toBe(0);
    await expect.poll(() => badge(page).textContent()).toBe('1');
    expect(await samePage(page)).toBe(true);
    expect(await dataLayer(page)).toContainEqual(
      expect.objectContaining({ event: 'remove_from_cart', ecommerce: expect.objectContaining({ value: 354.99, currency: 'GBP' }) }),
    );
    expect(await dataLayer(page)).toContainEqual(expect.objectContaining({ event: 'view_cart' }));

    // The server agrees: a reload shows the same cart.
    await open(page, `${e2e.shop.url}/cart`);
    expect(await line(page, 1).locator('output').textContent()).toBe('1');

    await page.getByRole('combobox', { name: 'Region' }).selectOption('US');
    await expect.poll(() => line(page, 1).locator('[data-unit-price]').textContent()).toBe('$189.99');
    expect(await page.locator('[data-cart-subtotal]').textContent()).toBe('$189.99');
    expect(await page.locator('[data-shipping="standard"]').textContent()).toBe('$18.99'); // in the cart's currency, as checkout charges it
    expectClean(watch);
    await context.close();
  });

  it("shows another tab's change when this tab is focused again", async () => {
    const context = await ukVisitor();
    const cartTab = await context.newPage();
    const watch = watchPage(cartTab);
    await open(cartTab, `${e2e.shop.url}/product/4`);
    await cartTab.getByRole('button', { name: /^Add to cart/ }).click();
    await added(cartTab, '1');
    await open(cartTab, `${e2e.shop.url}/cart`);

    const other = await context.newPage();
    await open(other, `${e2e.shop.url}/product/5`);
    await other.getByRole('button', { name: /^Add to cart/ }).click();
    // The count goes up before the post answers: wait for the answer (its toast), or the cart tab may
    // read the cart before the add reached it (a loaded CI run did).
    await added(other, '2');

    await cartTab.bringToFront();
    await cartTab.evaluate(() => dispatchEvent(new Event('focus')));
    await expect.poll(() => line(cartTab, 5).count()).toBe(1);
    expect(await badge(cartTab).textContent()).toBe('2');
    expectClean(watch);
    await context.close();
  });

  it.each([1280, 375])('has no serious or critical axe violations with items at %i px', async (width) => {
    const context = await ukVisitor(width);
    await context.addCookies([{ name: 'cart', value: encodeURIComponent('1:2|3:1'), url: e2e.shop.url }]);
    const page = await context.newPage();
    const watch = watchPage(page);
    await open(page, `${e2e.shop.url}/cart`);
    expect(await layoutShift(page)).toBeLessThan(0.01);
    expect((await axeReport(page)).severe).toEqual([]);
    expectClean(watch);
    await context.close();
  });

  it('hydrates /cart and the header badge without warnings on React development build', async () => {
    const context = await ukVisitor(1280, e2e.devShop.url);
    await context.addCookies([{ name: 'cart', value: encodeURIComponent('1:2|3:1'), url: e2e.devShop.url }]);
    const page = await context.newPage();
    const watch = watchPage(page);
    await open(page, `${e2e.devShop.url}/cart`);
    expect(await page.locator('[data-island="CartView"][data-hydrated="true"]').count()).toBe(1);
    expectClean(watch);
    await context.close();
  });
});

/** Every data-layer push is also kept in localStorage, so the test sees what a page pushed before it navigated away. */
const recordPushes = () => {
  const layer: unknown[] = [];
  layer.push = (...events: unknown[]) => {
    const log = JSON.parse(localStorage.getItem('__pushes') ?? '[]') as unknown[];
    localStorage.setItem('__pushes', JSON.stringify([...log, ...events]));
    return Array.prototype.push.apply(layer, events);
  };
  (window as unknown as { dataLayer: unknown[] }).dataLayer = layer;
};

async function pushedEvents(context: BrowserContext): Promise<Array<{ event: string; ecommerce?: unknown }>> {
  const reader = await context.newPage();
  await reader.goto(`${e2e.shop.url}/healthz`);
  const log = await reader.evaluate(() => localStorage.getItem('__pushes'));
  await reader.close();
  return JSON.parse(log ?? '[]') as Array<{ event: string; ecommerce?: unknown }>;
}

describe('cart checkout in Chromium', () => {
  it('sends a single item through a Checkout Session that holds it (Stripe set up), begin_checkout first, with the campaign', async () => {
    const context = await ukVisitor();
    await context.addCookies([{ name: 'cart', value: encodeURIComponent('1:1'), url: e2e.shop.url }]);
    await context.addInitScript(recordPushes);
    const page = await context.newPage();
    await open(page, `${e2e.shop.url}/?utm_source=newsletter&utm_campaign=spring`);
    await open(page, `${e2e.shop.url}/cart`);
    const before = stripe.received.length;
    await page.getByRole('button', { name: 'Checkout' }).click();
    await page.waitForURL(`${stripe.url}/pay/**`);
    expect(stripe.received.length).toBe(before + 1);
    const sent = stripe.received.at(-1)!.fields;
    expect(sent).toMatchObject({
      'line_items[0][quantity]': '1',
      'metadata[utm_source]': 'newsletter',
      'metadata[utm_campaign]': 'spring',
    });
    expect(sent['metadata[reservation]']).toMatch(/^cart-checkout-/);
    expect((await pushedEvents(context)).at(-1)).toMatchObject({
      event: 'begin_checkout',
      ecommerce: { currency: 'GBP', value: 149.99, items: [{ item_id: '1' }] },
      utm_source: 'newsletter',
    });
    await context.close();
  });

  it('sends several items to the Stripe Checkout page; once paid (the webhook first) thank-you lists the lines, the cart is empty, and the e-mail links the order page', async () => {
    const context = await ukVisitor();
    await context.addCookies([{ name: 'cart', value: encodeURIComponent('1:2|3:1'), url: e2e.shop.url }]);
    await context.addInitScript(recordPushes);
    const page = await context.newPage();
    const watch = watchPage(page);
    await open(page, `${e2e.shop.url}/cart`);
    const before = stripe.received.length;
    await page.getByRole('button', { name: 'Checkout' }).click();
    await page.waitForURL(`${stripe.url}/pay/**`);
    expect(stripe.received.length).toBe(before + 1);
    expect((await pushedEvents(context)).at(-1)).toMatchObject({
      event: 'begin_checkout',
      ecommerce: {
        currency: 'GBP',
        value: 496.97,
        items: [
          { item_id: '1', quantity: 2 },
          { item_id: '3', quantity: 1 },
        ],
      },
    });
    expect(stripe.received.at(-1)?.fields['line_items[0][price_data][currency]']).toBe('gbp');
    await page.getByRole('button', { name: 'Pay' }).click();
    // Stripe sends the shopper to ?session_id=…, which the page swaps for ?order=… as it loads.
    await page.waitForURL((url) => url.pathname === '/thank-you');
    await pageSettled(page);
    expect(await page.locator('[data-order-line]').count()).toBe(2);
    expect(await page.locator('[data-order-amount="total"]').textContent()).toBe('£496.97');
    expect(await dataLayer(page)).toContainEqual(
      expect.objectContaining({ event: 'purchase', ecommerce: expect.objectContaining({ value: 496.97, currency: 'GBP' }) }),
    );
    // The webhook recorded the order; thank-you emptied the cart in the same answer.
    expect(stripe.webhookAnswers.at(-1)).toBe(200);
    expect(await badge(page).count()).toBe(0);
    expect(await cartLink(page).getAttribute('aria-label')).toBe(cartBadgeLabel(0));
    const number = (await page.locator('[data-order-number]').textContent())?.match(/SP-[0-9A-Z]{4}-[0-9A-Z]{4}/)?.[0];
    expect(number).toBeTruthy();
    // The session id left the address bar before analytics loaded: the page view has the order number instead.
    expect(page.url()).toBe(`${e2e.shop.url}/thank-you?order=${number}`);
    const views = (await dataLayer(page)).filter((e) => e.event === 'page_view');
    expect(views.length).toBeGreaterThan(0);
    expect(JSON.stringify(views)).not.toContain('session_id');
    // A reload shows the same order to the same browser.
    await page.reload();
    await pageSettled(page);
    expect(await page.locator('[data-order-line]').count()).toBe(2);

    // The shopper's confirmation (the outbox, as without a Postmark token) links the order page.
    const confirmation = await vi.waitFor(
      async () => {
        const mail = (await outboxMails(e2e.shop)).find((m) => m.to === 'shopper@example.com' && m.subject.includes(number!));
        if (!mail) throw new Error('no confirmation in the outbox yet');
        return mail;
      },
      { timeout: 5000 },
    );
    const link = /Your order page: (\S+)/.exec(confirmation.text)?.[1];
    expect(link).toContain(`/orders/${number}?token=`);
    await page.goto(link!);
    await pageSettled(page);
    expect(await page.getByRole('heading', { level: 1 }).textContent()).toBe(`Order ${number}`);
    // The token left the address bar (and the page view); a reload still opens the page.
    expect(page.url()).toBe(`${e2e.shop.url}/orders/${number}`);
    expect(JSON.stringify(await dataLayer(page))).not.toContain('token=');
    await page.reload();
    await pageSettled(page);
    expect(await page.getByRole('heading', { level: 1 }).textContent()).toBe(`Order ${number}`);
    expect(await page.locator('[data-order-line]').count()).toBe(2);
    expect(await page.locator('[data-order-amount="total"]').textContent()).toBe('£496.97');
    expectClean(watch);
    await context.close();
  });

  it('keeps the cart and says so in a toast when Stripe fails', async () => {
    stripe.state.mode = 'fail';
    const context = await ukVisitor();
    await context.addCookies([{ name: 'cart', value: encodeURIComponent('2:2'), url: e2e.shop.url }]);
    const page = await context.newPage();
    await open(page, `${e2e.shop.url}/cart`);
    await page.getByRole('button', { name: 'Checkout' }).click();
    await toastWith(page, 'Checkout unavailable').waitFor();
    expect(await toastWith(page, 'Checkout unavailable').textContent()).toContain('Your cart is kept');
    expect(page.url()).toBe(`${e2e.shop.url}/cart`);
    expect(await badge(page).textContent()).toBe('2');
    expect(await page.getByRole('button', { name: 'Checkout' }).isEnabled()).toBe(true);
    await context.close();
  });
});

describe('the cart without JavaScript in Chromium', () => {
  it('adds, steps, removes and checks out through plain form posts, the CSP letting the checkout reach Stripe', async () => {
    const context = await e2e.browser.newContext({ javaScriptEnabled: false });
    await context.addCookies([{ name: 'preferredCountry', value: 'UK', url: e2e.shop.url }]);
    const page = await context.newPage();
    const watch = watchPage(page, { javaScriptDisabled: true });
    await page.goto(`${e2e.shop.url}/product/1`);
    await page.getByRole('button', { name: /^Add to cart/ }).click();
    await page.waitForURL(`${e2e.shop.url}/cart`);
    expect(await badge(page).textContent()).toBe('1');
    await page.getByRole('button', { name: 'Increase quantity of G-Series Laser Training Pistol' }).click();
    await page.waitForURL(`${e2e.shop.url}/cart`);
    expect(await line(page, 1).locator('[data-line-total]').textContent()).toBe('£299.98');
    expect(await badge(page).textContent()).toBe('2');

    await page.goto(`${e2e.shop.url}/product/3`);
    await page.getByRole('button', { name: /^Add to cart/ }).click();
    await page.waitForURL(`${e2e.shop.url}/cart`);
    await page.getByRole('button', { name: 'Remove Reactive Laser Target System' }).click();
    await page.waitForURL(`${e2e.shop.url}/cart`);
    expect(await line(page, 3).count()).toBe(0);

    await page.getByRole('button', { name: 'Checkout' }).click();
    await page.waitForURL(`${stripe.url}/pay/**`);
    expect(await page.getByRole('heading', { name: 'Emulated Stripe Checkout' }).count()).toBe(1);
    expect(watch.problems).toEqual([]);
    await context.close();
  });
});
