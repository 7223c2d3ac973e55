import { createHash } from 'node:crypto';
import { describe, expect, it } from 'vitest';
import { eq } from 'drizzle-orm';
import { stockAlerts } from '#worker/stock-alerts/alert-tables.ts';
import { tidyAlerts, waitingCounts } from '#worker/stock-alerts/alert-requests.ts';
import { tellWaiting } from '#worker/stock-alerts/tell-waiting.ts';
import { setStock } from '#worker/stock/stock-moves.ts';
import { runStockCommand } from '#worker/cli/stock-args.ts';
import { runScheduledJobs } from '#worker/jobs/scheduled-jobs.ts';
import { useMailingApp } from '../../support/mailing-app';
import { shopper } from '../../support/shopper';
import type { ReceivedEmail } from '../../support/postmark-emulator';

/**
 * "E-mail me when it's back" over HTTP on the Node runtime, mailing through the Postmark emulation:
 * the form on the sold-out knife (product 11, 0 in the seeded stock), double opt-in, one notice per
 * confirmed request when stock comes back (RFC 8058 one-click unsubscribe), and the flood limit.
 */
const ctx = useMailingApp({ CLIENT_IP_HEADER: 'X-Forwarded-For' });
const KNIFE = 11;

const mailsTo = (to: string, subject: RegExp) =>
  ctx.postmark.accepted.filter((m: ReceivedEmail) => m.body.To === to && subject.test(String(m.body.Subject)));
const linkIn = (mail: ReceivedEmail, path: string) => new URL(new RegExp(`https?://\\S+${path}/\\S+`).exec(String(mail.body.TextBody))![0]);
async function confirmMailFor(to: string) {
  await expect.poll(() => mailsTo(to, /^Confirm/).length).toBe(1);
  return mailsTo(to, /^Confirm/)[0]!;
}
const ask = (email: string, productId = KNIFE, path = '/stock-alerts') =>
  shopper(ctx.app).post(path, { product_id: String(productId), email });
/** What `npm run stock` runs with on a machine that may mail the waiting shoppers. */
const stockDeps = () => ({ ...ctx.app.deps, settings: { ...ctx.app.deps.settings, LOW_STOCK_AT: 5 }, tell: true });
const tellDeps = () => ({ ...ctx.app.deps, log: ctx.app.deps.log });

describe('back in stock, asked and told once', () => {
  it('offers the form on the Out of Stock knife only, posting without JavaScript', async () => {
    const knife = await ctx.app.get(`/product/${KNIFE}`);
    expect(knife.html).toMatch(/<form [^>]*action="\/stock-alerts" method="post">/);
    expect(knife.html).toContain('<input type="hidden" name="product_id" value="11"/>');
    expect(knife.html).toContain('E-mail me when it&#x27;s back');
    expect((await ctx.app.get('/gb/product/11')).html).toMatch(/<form [^>]*action="\/gb\/stock-alerts" method="post">/);
    expect((await ctx.app.get('/product/1')).html).not.toContain('action="/stock-alerts"');
  });

  it('answers a bad address with 400 and the reason, and mails nothing', async () => {
    for (const email of ['', 'not-an-address', 'a@b.com, c@d.com', `${'x'.repeat(250)}@example.com`]) {
      const { res, body } = await ask(email);
      expect(res.status, email).toBe(400);
      expect(body).toMatch(/Please enter (your|one valid) e-mail address/);
      expect(res.headers.get('cache-control')).toBe('no-store');
    }
    expect((await ask('a@example.com', 99_999)).res.status).toBe(400);
    expect(ctx.postmark.received).toHaveLength(0);
  });

  it('two confirmed and one unconfirmed: a delivery tells each confirmed once, with the link and RFC 8058 headers', async () => {
    const answers = await Promise.all(
      ['ann@example.com', 'bob@example.com', 'cy@example.com'].map((e) => ask(e, KNIFE, '/gb/stock-alerts')),
    );
    for (const { res, body } of answers) {
      expect(res.status).toBe(200);
      expect(body).toContain('Check your inbox');
    }
    const [ann, bob] = [await confirmMailFor('ann@example.com'), await confirmMailFor('bob@example.com')];
    await confirmMailFor('cy@example.com');
    // Asked again while waiting: the same answer, and no second mail.
    const again = await ask('ANN@example.com');
    expect(again.body).toContain('Check your inbox');
    await new Promise((r) => setTimeout(r, 200));
    expect(mailsTo('ann@example.com', /^Confirm/)).toHaveLength(1);

    for (const mail of [ann, bob]) {
      const link = linkIn(mail, '/gb/stock-alerts/confirm');
      // Opening the link (a mail scanner does) confirms nothing: the page has a button.
      const opened = await ctx.app.get(link.pathname);
      expect(opened.html).toContain('>Confirm</button>');
      expect(opened.res.headers.get('x-robots-tag')).toBe('noindex');
      const confirmed = await shopper(ctx.app).post(link.pathname, {});
      expect(confirmed.body).toContain('on the list');
    }
    expect((await waitingCounts(ctx.app.deps.db)).get(KNIFE)).toBe(2);
    const list = await runStockCommand(stockDeps(), { action: 'list' });
    expect(list).toMatch(/^11 +Shock Feedback Training Knife +0 +0 +0 +2 +Out of Stock$/m);

    // What `npm run stock -- add 11 5` does: the move, then the waiting are told (in the same domain call).
    expect(await runStockCommand(stockDeps(), { action: 'add', productId: KNIFE, quantity: 5, note: 'delivery' })).toMatch(
      /; 2 waiting shoppers told it is back in stock\.$/,
    );
    expect(await tellWaiting(tellDeps(), [KNIFE])).toBe(0);
    for (const to of ['ann@example.com', 'bob@example.com']) {
      const back = mailsTo(to, /is back in stock$/);
      expect(back, to).toHaveLength(1);
      const text = String(back[0]!.body.TextBody);
      expect(text).toMatch(/http:\/\/localhost:8787\/gb\/product\/11\/shock-feedback-training-knife/);
      const headers = back[0]!.body.Headers as Array<{ Name: string; Value: string }>;
      expect(headers.find((h) => h.Name === 'List-Unsubscribe-Post')?.Value).toBe('List-Unsubscribe=One-Click');
      expect(headers.find((h) => h.Name === 'List-Unsubscribe')?.Value).toMatch(
        /^<http:\/\/localhost:8787\/gb\/stock-alerts\/unsubscribe\/[\w-]+>$/,
      );
    }
    expect(mailsTo('cy@example.com', /is back in stock$/)).toHaveLength(0);

    // Sold out and back again: those told hear nothing more (the sweep of the scheduled job included).
    await runStockCommand(stockDeps(), { action: 'set', productId: KNIFE, quantity: 0, note: null });
    await runStockCommand(stockDeps(), { action: 'add', productId: KNIFE, quantity: 3, note: null });
    expect(await tellWaiting(tellDeps(), [KNIFE])).toBe(0);
    await runScheduledJobs(ctx.app.deps);
    expect(ctx.postmark.accepted.filter((m) => String(m.body.Subject).endsWith('is back in stock'))).toHaveLength(2);
  });

  it('one-click unsubscribe works as a mail client posts it (cross-site, no Origin) and ends every request of that address', async () => {
    for (const id of [12, 13]) {
      await runStockCommand(stockDeps(), { action: 'set', productId: id, quantity: 0, note: null });
      await ask('dee@example.com', id);
    }
    // Two products, two confirmation mails; one confirmed.
    await expect.poll(() => mailsTo('dee@example.com', /^Confirm/).length).toBe(2);
    const confirm = linkIn(mailsTo('dee@example.com', /^Confirm/)[0]!, '/stock-alerts/confirm');
    await shopper(ctx.app).post(confirm.pathname, {});
    const [alert] = await ctx.app.deps.db.select().from(stockAlerts).where(eq(stockAlerts.email, 'dee@example.com')).limit(1);
    const oneClick = await fetch(`${ctx.app.url}/stock-alerts/unsubscribe/${alert!.token}`, {
      method: 'POST',
      headers: { 'Content-Type': 'application/x-www-form-urlencoded' },
      body: 'List-Unsubscribe=One-Click',
    });
    expect(oneClick.status).toBe(200);
    const live = await ctx.app.deps.db.select().from(stockAlerts).where(eq(stockAlerts.email, 'dee@example.com'));
    expect(live.every((a) => a.endReason === 'unsubscribed')).toBe(true);
    // Other posts stay same-site only.
    const forged = await fetch(`${ctx.app.url}/stock-alerts/confirm/${alert!.token}`, {
      method: 'POST',
      headers: { Origin: 'https://evil.example', 'Content-Type': 'application/x-www-form-urlencoded' },
      body: '',
    });
    expect(forged.status).toBe(403);
  });

  it('an unconfirmed request lapses after 48 hours and forgets its address; its link then changes nothing', async () => {
    const cy = mailsTo('cy@example.com', /^Confirm/)[0]!;
    const link = linkIn(cy, '/stock-alerts/confirm');
    const later = new Date(Date.now() + 49 * 3_600_000);
    expect((await tidyAlerts(ctx.app.deps.db, later)).ended).toBeGreaterThanOrEqual(1);
    const rows = await ctx.app.deps.db.select().from(stockAlerts);
    const cyRow = rows.find((r) => r.token === link.pathname.split('/').at(-1));
    expect(cyRow).toMatchObject({ endReason: 'unconfirmed', email: null });
    // Told and unsubscribed requests whose mail went keep no address either.
    expect(rows.filter((r) => r.email !== null && r.endedAt !== null)).toEqual([]);
    expect((await shopper(ctx.app).post(link.pathname, {})).res.status).toBe(404);
  });

  it('20 requests from one address meet 429', async () => {
    const statuses: number[] = [];
    for (let i = 0; i < 20; i++) statuses.push((await ask(`flood${i}@example.com`)).res.status);
    expect(statuses).toContain(429);
    expect(statuses.filter((s) => s !== 429).length).toBeLessThanOrEqual(10);
  });

  it('a stranger cannot make an address a target: 15 asks from two networks send at most 2 mails; an in-stock product refuses', async () => {
    for (const id of [KNIFE, 6, 7]) await setStock(ctx.app.deps.db, id, 0, null);
    const target = 'target@example.com';
    const answers = [];
    for (let i = 0; i < 15; i++) {
      const network = i % 2 === 0 ? '198.51.100.20' : '203.0.113.20';
      const product = [KNIFE, 6, 7][i % 3]!;
      answers.push(
        await shopper(ctx.app, { 'X-Forwarded-For': network }).post('/stock-alerts', { product_id: String(product), email: target }),
      );
    }
    expect(answers.map((a) => a.res.status)).toEqual(Array<number>(15).fill(200));
    expect(answers.every((a) => a.body.includes('Check your inbox'))).toBe(true);
    await new Promise((resolve) => setTimeout(resolve, 300));
    expect(mailsTo(target, /^Confirm/).length).toBeLessThanOrEqual(2);
    // A listed product that can be bought now: nothing to wait for, nothing mailed.
    const inStock = await shopper(ctx.app, { 'X-Forwarded-For': '192.0.2.30' }).post('/stock-alerts', {
      product_id: '1',
      email: 'someone@example.com',
    });
    expect(inStock.res.status).toBe(409);
    expect(inStock.body).toContain('is in stock');
    expect(mailsTo('someone@example.com', /^Confirm/)).toHaveLength(0);
  });

  it('an address that unsubscribed is not asked to confirm that product again; an ended request is deleted after 90 days', async () => {
    await setStock(ctx.app.deps.db, 8, 0, null);
    const email = 'leaver@example.com';
    const leaver = shopper(ctx.app, { 'X-Forwarded-For': '192.0.2.31' });
    await leaver.post('/stock-alerts', { product_id: '8', email });
    const confirm = await confirmMailFor(email);
    const token = linkIn(confirm, '/stock-alerts/confirm').pathname.split('/').at(-1)!;
    expect((await shopper(ctx.app).post(`/stock-alerts/unsubscribe/${token}`, {})).res.status).toBeLessThan(400);
    await leaver.post('/stock-alerts', { product_id: '8', email });
    await new Promise((resolve) => setTimeout(resolve, 300));
    expect(mailsTo(email, /^Confirm/)).toHaveLength(1);
    const [row] = await ctx.app.deps.db.select().from(stockAlerts).where(eq(stockAlerts.token, token));
    // Kept by a key (an HMAC under RATE_LIMIT_SECRET), not a plain hash anyone can recompute.
    expect(row!.emailKey).not.toBe(createHash('sha256').update(email).digest('hex'));
    await tidyAlerts(ctx.app.deps.db, new Date(Date.now() + 91 * 86_400_000));
    expect(await ctx.app.deps.db.select().from(stockAlerts).where(eq(stockAlerts.token, token))).toEqual([]);
  });
});
