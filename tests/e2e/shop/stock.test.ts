import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { pageSettled } from '../../support/browser';
import { useBrowserAndShop } from '../../support/e2e';
import { readOutbox } from '../../support/outbox';
import { shopper } from '../../support/shopper';
import { startStripeEmulator, type StripeEmulator } from '../../support/stripe-emulator';
import { runDbCli } from '../../support/db-cli';

/**
 * Stock as the operator and the shopper meet it: the built command behind `npm run stock` against the
 * built shop's database, a paid two-line order and an expired checkout between two listings, and a
 * product set to 0 in Chromium with and without JavaScript.
 */
const SECRET = 'whsec_stock_e2e';
let stripe: StripeEmulator;
beforeAll(async () => {
  stripe = await startStripeEmulator();
});
afterAll(async () => {
  await stripe?.close();
});
const e2e = useBrowserAndShop(() => ({ env: { ...stripe.env, STRIPE_WEBHOOK_SECRET: SECRET }, ownSiteUrl: true }));

async function stock(...args: string[]) {
  const run = await runDbCli(['stock', ...args], { env: { TURSO_DATABASE_URL: `file:${e2e.shop.dbFile}`, ...stripe.env } });
  return { code: run.code, out: run.out.trim() };
}
const row = (out: string, id: number) =>
  out
    .split('\n')
    .find((l) => l.startsWith(`${id} `))!
    .split(/ {2,}/);
const deliver = (type: string, id: string) => {
  const event = stripe.signedEvent(type, id, SECRET);
  return fetch(`${e2e.shop.url}/webhooks/stripe`, { method: 'POST', body: event.body, headers: event.headers });
};
async function checkout(lines: Array<[number, number]>) {
  const s = shopper(e2e.shop);
  for (const [id, quantity] of lines) await s.post('/cart/add', { product_id: String(id), quantity: String(quantity) });
  const { body } = await s.post('/cart/checkout', { attempt: crypto.randomUUID() }, { Accept: 'application/json' });
  return /\/pay\/(cs_test_\d+)/.exec(JSON.parse(body).url as string)![1]!;
}

describe('npm run stock', () => {
  it('shows a paid two-line order as sales and an expired checkout as nothing held', async () => {
    const before = await stock();
    expect(before.code, before.out).toBe(0);
    expect(row(before.out, 1)).toEqual(['1', 'G-Series Laser Training Pistol', '25', '0', '25', '0', 'In Stock']);

    const paid = await checkout([
      [1, 2],
      [3, 1],
    ]);
    const abandoned = await checkout([[3, 2]]);
    const holding = await stock();
    expect(row(holding.out, 1)).toEqual(['1', 'G-Series Laser Training Pistol', '25', '2', '23', '0', 'In Stock']);
    expect(row(holding.out, 3)).toEqual(['3', 'Reactive Laser Target System', '25', '3', '22', '0', 'In Stock']);

    stripe.complete(paid);
    expect((await deliver('checkout.session.completed', paid)).status).toBe(200);
    stripe.expire(abandoned);
    expect((await deliver('checkout.session.expired', abandoned)).status).toBe(200);
    const after = await stock();
    expect(row(after.out, 1)).toEqual(['1', 'G-Series Laser Training Pistol', '23', '0', '23', '0', 'In Stock']);
    expect(row(after.out, 3)).toEqual(['3', 'Reactive Laser Target System', '24', '0', '24', '0', 'In Stock']);
    console.log(
      `npm run stock, before:\n${before.out}\nwhile both checkouts are open:\n${holding.out}\nafter the paid order and the expired one:\n${after.out}`,
    );
  });

  it('exits 1 naming the problem and writes nothing on bad input (each refusal: tests/integration/shop/stock.test.ts)', async () => {
    const run = await stock('set', '2', '-1');
    expect(run.code).toBe(1);
    expect(run.out).toContain('stock cannot be set below 0');
    expect(row((await stock()).out, 2)).toEqual(['2', 'AR-Style Laser Training Rifle', '25', '0', '25', '0', 'In Stock']);
  });
});

const outbox = () => readOutbox(e2e.shop.outboxDir);
const mailTo = async (to: string, subject: RegExp) => (await outbox()).filter((m) => m.to === to && subject.test(m.subject));

describe('back in stock through npm run stock', () => {
  it('two confirmed and one unconfirmed: `stock add 11 5` tells each confirmed once, and the unconfirmed never', async () => {
    const people = ['e2e-ann@example.com', 'e2e-bob@example.com', 'e2e-cy@example.com'];
    for (const email of people) {
      const { res } = await shopper(e2e.shop).post('/us/stock-alerts', { product_id: '11', email });
      expect(res.status).toBe(200);
    }
    for (const email of people.slice(0, 2)) {
      await expect.poll(async () => (await mailTo(email, /^Confirm/)).length).toBe(1);
      const [mail] = await mailTo(email, /^Confirm/);
      const link = new URL(/http\S+\/us\/stock-alerts\/confirm\/\S+/.exec(mail!.text)![0]);
      expect((await shopper(e2e.shop).post(link.pathname, {})).body).toContain('on the list');
    }
    expect(row((await stock()).out, 11)).toEqual(['11', 'Shock Feedback Training Knife', '0', '0', '0', '2', 'Out of Stock']);

    const add = await runDbCli(['stock', 'add', '11', '5'], {
      env: { TURSO_DATABASE_URL: `file:${e2e.shop.dbFile}`, MAIL_OUTBOX_DIR: e2e.shop.outboxDir, SITE_URL: e2e.shop.url },
    });
    expect(add.code, add.out).toBe(0);
    expect(add.out).toContain('2 waiting shoppers told it is back in stock.');
    for (const email of people.slice(0, 2)) {
      const back = await mailTo(email, /is back in stock$/);
      expect(back, email).toHaveLength(1);
      expect(back[0]!.text).toContain(`${e2e.shop.url}/us/product/11/shock-feedback-training-knife`);
      expect(back[0]!.headers).toMatchObject({ 'List-Unsubscribe-Post': 'List-Unsubscribe=One-Click' });
    }
    expect(await mailTo(people[2]!, /is back in stock$/)).toEqual([]);
    expect(row((await stock()).out, 11)).toEqual(['11', 'Shock Feedback Training Knife', '5', '0', '5', '0', 'Low Stock']);
  });
});

describe('a product set to 0', () => {
  beforeAll(async () => {
    expect((await stock('set', '4', '0', '--note', 'e2e')).code).toBe(0);
  });

  it.each([true, false])('shows Out of Stock and no way to buy it (JavaScript %s)', async (javaScriptEnabled) => {
    const context = await e2e.browser.newContext({ javaScriptEnabled });
    const page = await context.newPage();
    await page.goto(`${e2e.shop.url}/product/4`);
    if (javaScriptEnabled) await pageSettled(page);
    const main = page.locator('main');
    expect(await main.locator('[data-stock]').first().textContent()).toBe('Out of Stock');
    expect(await main.getByRole('button', { name: 'Out of Stock' }).isDisabled()).toBe(true);
    expect(await main.locator('form[action="/checkout/4"], form[data-add-to-cart]').count()).toBe(0);
    await context.close();
  });
});
