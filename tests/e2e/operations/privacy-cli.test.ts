import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { formSubmissions } from '#worker/contact/contact-tables.ts';
import { orders } from '#worker/orders/order-tables.ts';
import { runDbCli } from '../../support/db-cli';
import { eq } from 'drizzle-orm';
import { stockAlerts } from '#worker/stock-alerts/alert-tables.ts';
import { orderAccess } from '#worker/order-access/access-tables.ts';
import { subscribers } from '#worker/newsletter/newsletter-tables.ts';
import { postContactJson, validContact } from '../../support/contact-posts';
import { shopper } from '../../support/shopper';
import { startStripeEmulator, type StripeEmulator } from '../../support/stripe-emulator';
import { startTestApp, type TestApp } from '../../support/test-app';

/**
 * The built command behind `npm run privacy` (dist/server/db-cli.js), as the owner runs it against
 * the database the shop keeps (issue 67): export under another spelling, erasure said then done, and
 * retention at the privacy policy's periods.
 */
const SECRET = 'whsec_privacy_cli';
const ADDRESS = 'Sam.Person+orders@gmail.com';
let stripe: StripeEmulator;
let t: TestApp;
let number: string;

const privacy = (...args: string[]) => runDbCli(['privacy', ...args], { env: { TURSO_DATABASE_URL: t.deps.settings.TURSO_DATABASE_URL } });
type Export = {
  orders: Array<{ number: string; email: string }>;
  contactMessages: Array<{ message: string }>;
  backInStockRequests: Array<{ product: string }>;
  kept: Array<{ what: string; why: string; until: string }>;
};
const exported = async (address: string) => {
  const run = await privacy('export', address);
  expect(run.code, run.stderr).toBe(0);
  return JSON.parse(run.stdout) as Export;
};

beforeAll(async () => {
  stripe = await startStripeEmulator();
  t = await startTestApp({ env: { ...stripe.env, STRIPE_WEBHOOK_SECRET: SECRET } });
  const id = stripe.createSession({
    currency: 'GBP',
    lines: [{ productId: 1, name: 'G-Series Laser Training Pistol', quantity: 1, unitAmount: 14999 }],
    shipping: { label: 'Standard delivery (UK)', amount: 0 },
    metadata: { region: 'UK' },
    email: ADDRESS,
  });
  stripe.complete(id);
  const event = stripe.signedEvent('checkout.session.completed', id, SECRET);
  expect((await fetch(`${t.url}/webhooks/stripe`, { method: 'POST', body: event.body, headers: event.headers })).status).toBe(200);
  number = (await t.deps.db.select({ number: orders.number }).from(orders).limit(1))[0]!.number;
  expect((await postContactJson(t, { ...validContact, email: 'sam.person@gmail.com', message: 'Does it fit a Glock 19?' })).status).toBe(
    200,
  );
  expect((await shopper(t).post('/stock-alerts', { product_id: '11', email: 'SAMPERSON@googlemail.com' })).res.status).toBe(200);
});
afterAll(async () => {
  await t.close();
  await stripe.close();
});

const ago = (hours: number) => new Date(Date.now() - hours * 3_600_000).toISOString();

describe('npm run privacy', () => {
  it('export <address> (another case and +tag) gives JSON with the order, the contact message and the back-in-stock request', async () => {
    const data = await exported('SAMPERSON+anything@Gmail.com');
    expect(data.orders.map((o) => [o.number, o.email])).toEqual([[number, ADDRESS]]);
    expect(data.contactMessages.map((m) => m.message)).toEqual(['Does it fit a Glock 19?']);
    expect(data.backInStockRequests.map((r) => r.product)).toEqual(['🔪 Shock Feedback Training Knife']);
  });

  it('erase says what it would do and changes nothing; with --yes it erases, and the export then says what is kept and why', async () => {
    const said = await privacy('erase', 'sam.person@gmail.com');
    expect(said.code, said.out).toBe(0);
    expect(said.out).toMatch(/Erasing sam\.person@gmail\.com \(in any case[^)]*\) deletes: 1 contact message, 1 back-in-stock request/);
    expect(said.out).toContain('Nothing was changed: run again with --yes to erase.');
    expect((await exported('sam.person@gmail.com')).contactMessages).toHaveLength(1);

    const done = await privacy('erase', 'sam.person@gmail.com', '--yes');
    expect(done.code, done.out).toBe(0);
    expect(done.out).toContain(`Kept, restricted to the law’s purpose: Order ${number} (until 20`);
    // No Account API token here: the exact step is said instead.
    expect(done.out).toContain('"RequestedFor": "sam.person@gmail.com"');
    const after = await exported(ADDRESS);
    expect(after.contactMessages).toEqual([]);
    expect(after.backInStockRequests).toEqual([]);
    expect(after.orders.map((o) => o.number)).toEqual([number]);
    expect(after.kept).toEqual([expect.objectContaining({ what: `Order ${number}`, why: expect.stringContaining('Art. 17(3)(b)') })]);
    // Twice is harmless.
    const again = await privacy('erase', ADDRESS, '--yes');
    expect(again.code, again.out).toBe(0);
    expect(again.out).toContain('deleted: 0 contact messages, 0 back-in-stock requests');
  });

  it('retention removes a contact message older than the policy’s two years; --dry-run only counts it', async () => {
    const old = new Date(Date.now() - 3 * 365 * 86_400_000).toISOString();
    await t.deps.db.insert(formSubmissions).values({ ...validContact, email: 'long.ago@example.com', createdAt: old });
    const dry = await privacy('retention', '--dry-run');
    expect(dry.code, dry.out).toBe(0);
    expect(dry.out).toContain('(dry run: nothing changed):');
    expect(dry.out).toContain('- 1 contact message past 2 years since the last exchange would go');
    expect(await t.deps.db.$count(formSubmissions)).toBe(1);
    const run = await privacy('retention');
    expect(run.code, run.out).toBe(0);
    expect(run.out).toContain('1 contact message past 2 years since the last exchange deleted');
    expect(await t.deps.db.$count(formSubmissions)).toBe(0);
  });

  it('retention carries out every period the policy names: its dry run counts back-in-stock requests, “Your orders” links and unconfirmed sign-ups due', async () => {
    // A back-in-stock request never confirmed, a "Your orders" link over for two days, a sign-up whose link lapsed.
    await t.deps.db.insert(stockAlerts).values({
      productId: 11,
      email: 'waiting@example.com',
      emailKey: 'k-waiting',
      token: 'tok-waiting-0123456789',
      market: null,
      createdAt: ago(72),
    });
    await t.deps.db
      .insert(orderAccess)
      .values({ kind: 'link', email: 'asked@example.com', tokenHash: 'h-asked', expiresAt: ago(48), createdAt: ago(49) });
    await t.deps.db.insert(subscribers).values({
      emailKey: 'k-signup',
      email: 'signup@example.com',
      token: 'tok-signup-0123456789abcd',
      consent: { text: 'x', page: '/', network: 'n' },
      createdAt: ago(50),
    });
    const dry = await privacy('retention', '--dry-run');
    expect(dry.code, dry.out).toBe(0);
    expect(dry.out).toContain('- 1 unconfirmed Digest sign-up past 48 hours would end, the address forgotten');
    expect(dry.out).toContain('- 1 back-in-stock request would end, forget its address or go');
    expect(dry.out).toContain('- 1 “Your orders” link or access over for a day would go');
    const run = await privacy('retention');
    expect(run.code, run.out).toBe(0);
    expect(run.out).toContain('- 1 unconfirmed Digest sign-up past 48 hours ended, the address forgotten');
    expect(await t.deps.db.$count(orderAccess)).toBe(0);
    const [signUp] = await t.deps.db.select().from(subscribers).where(eq(subscribers.emailKey, 'k-signup'));
    expect(signUp).toMatchObject({ email: null, endReason: 'unconfirmed' });
  });

  it('refuses a bad request before reading anything', async () => {
    const bad = await privacy('export', 'not-an-address');
    expect(bad.code).toBe(1);
    expect(bad.out).toContain('an e-mail address is needed');
    expect((await privacy('erase', ADDRESS, '--force')).out).toContain('unknown option --force');
  });
});
