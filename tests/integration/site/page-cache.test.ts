import { createHash } from 'node:crypto';
import { formToken, mainOf } from '../../support/html';
import { cp, mkdtemp, readFile, rm, writeFile } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it, vi } from 'vitest';
import { createChangeFeed } from '#worker/changes/change-feed.ts';
import { askShopToPurge } from '#worker/changes/shop-purge.ts';
import { changedTags } from '#worker/content-sync/content-plan.ts';
import { blogPosts } from '#worker/posts/post-tables.ts';
import { syncContent } from '#worker/content-sync/content-sync.ts';
import { runScheduledJobs } from '#worker/jobs/scheduled-jobs.ts';
import { receiveStock } from '#worker/stock/stock-actions.ts';
import { setStock } from '#worker/stock/stock-moves.ts';
import { closedPort } from '../../support/loopback';
import { startPaymentsApp, type PaymentsApp } from '../../support/payments-app';
import { shopper } from '../../support/shopper';
import { keptLog, type TestApp } from '../../support/test-app';

/**
 * Whole pages kept by the page cache in front of the app (Node's stand-in for Workers Cache), over
 * HTTP: what is kept and for whom, and every change pushed out at once (issue 45's must-shows).
 */
const OWNER = 'owner@example.com';
const KNIFE = 11;
let running: PaymentsApp;
let t: TestApp;
const { log } = keptLog();

beforeAll(async () => {
  running = await startPaymentsApp(
    'whsec_page_cache',
    log,
    { ADMIN_EMAILS: OWNER, CLIENT_IP_HEADER: 'X-Forwarded-For' },
    { pageCache: true },
  );
  t = running.app;
});
afterAll(() => running.close());

/** A visitor's first GET: no cookie (a browser's Accept-Encoding and language, as one sends them). */
const visit = (path: string, headers: Record<string, string> = {}) =>
  fetch(`${t.url}${path}`, { headers: { 'Accept-Language': 'en-GB,en;q=0.9', ...headers }, redirect: 'manual' }).then(async (res) => ({
    res,
    html: await res.text(),
    status: res.headers.get('cf-cache-status'),
  }));

const stockLabel = (html: string) => /(In Stock|Out of Stock|\d+ in stock)/.exec(html)?.[1];

describe('whole pages from the cache in front of the app', () => {
  it('serves the second GET from the cache, with a CSP that allows every inline script by hash and no cookie', async () => {
    const first = await visit('/product/1', { 'CF-IPCountry': 'GB' });
    expect(first.status).toBe('MISS');
    const second = await visit('/product/1', { 'CF-IPCountry': 'GB' });
    expect(second.status).toBe('HIT');
    expect(second.html).toBe(first.html);
    expect(second.res.headers.get('set-cookie')).toBeNull();
    const csp = second.res.headers.get('content-security-policy')!;
    expect(csp).not.toContain('nonce-');
    expect(second.html).not.toMatch(/\snonce="/);
    const inline = [...second.html.matchAll(/<script\b([^>]*)>([\s\S]*?)<\/script>/g)].filter(
      ([, attrs]) => !/src=|application\/(ld\+)?json/.test(attrs!),
    );
    expect(inline.length).toBeGreaterThanOrEqual(2);
    for (const [, , body] of inline) expect(csp).toContain(`'sha256-${createHash('sha256').update(body!).digest('base64')}'`);
    expect(csp).toContain("'strict-dynamic'");
  });

  it("keys the unprefixed pages by the platform's country: the GB page after a US visitor still shows £, and /gb/ by its address", async () => {
    const us = await visit('/products', { 'CF-IPCountry': 'US' });
    expect(us.html).toContain('$189.99');
    const gb = await visit('/products', { 'CF-IPCountry': 'GB' });
    expect(gb.html).toContain('£149.99');
    expect(gb.html).not.toContain('$189.99');
    expect((await visit('/products', { 'CF-IPCountry': 'US' })).status).toBe('HIT');
    await visit('/gb/product/1', { 'CF-IPCountry': 'US' });
    const market = await visit('/gb/product/1', { 'CF-IPCountry': 'US' });
    expect(market.status).toBe('HIT');
    expect(market.html).toContain('£149.99');
  });

  it('never keeps the cart, the thank-you page, the contact form, the orders or the back office, with a cookie or without', async () => {
    for (const path of ['/cart', '/thank-you', '/contact', '/admin/sign-in', '/orders/SP-0000-0000', '/gb/cart'])
      for (const headers of [{}, { Cookie: 'cart=1:2; consent=granted' }] as Array<Record<string, string>>) {
        await visit(path, headers);
        const again = await visit(path, headers);
        expect(again.status, path).not.toBe('HIT');
        expect(again.res.headers.get('cloudflare-cdn-cache-control'), path).toBeNull();
      }
  });
});

/** The cart link's name and count, the banner shown or not, as the page's HTML says them. */
const visitorParts = (html: string) => ({
  cart: /aria-label="([^"]*)"[^>]*data-cart-badge/.exec(html)?.[1],
  count: /data-cart-count=""[^>]*>(\d+)<\/span>/.exec(html)?.[1] ?? null,
  banner: / data-consent-banner=""[^>]* hidden=""/.test(html) ? 'hidden' : 'shown',
  notice: /data-flash="\w+"[^>]*>([^<]*)</.exec(html)?.[1] ?? null,
});

describe('returning visitors served from the kept pages (issue 56)', () => {
  it('a visitor with analytics accepted and 2 items: the second view is a hit showing 2 and no banner; another with 5 and no answer gets the same kept page with 5 and the banner', async () => {
    const accepted = { Cookie: 'consent=granted; cart=1:2', 'Accept-Encoding': 'gzip' };
    const first = await visit('/gb/product/6', accepted);
    expect(first.status).toBe('MISS');
    const second = await visit('/gb/product/6', accepted);
    expect(second.status).toBe('HIT');
    expect(second.res.headers.get('content-encoding')).toBe('gzip');
    expect(second.res.headers.get('cache-control')).toBe('private, no-cache');
    expect(second.res.headers.get('set-cookie')).toBeNull();
    expect(visitorParts(second.html)).toEqual({ cart: 'Cart, 2 items', count: '2', banner: 'hidden', notice: null });
    expect(second.html).toContain('Current choice: accepted.');
    const other = await visit('/gb/product/6', { Cookie: 'cart=3:5', 'Accept-Encoding': 'gzip' });
    expect(other.status).toBe('HIT');
    expect(visitorParts(other.html)).toEqual({ cart: 'Cart, 5 items', count: '5', banner: 'shown', notice: null });
    // Without compression the same page, and a stranger gets it as kept.
    expect(visitorParts((await visit('/gb/product/6', { Cookie: 'cart=3:5' })).html)).toEqual(visitorParts(other.html));
    const stranger = await visit('/gb/product/6');
    expect(stranger.status).toBe('HIT');
    expect(stranger.res.headers.get('cache-control')).toBe('public, no-cache');
    expect(visitorParts(stranger.html)).toEqual({ cart: 'Cart', count: null, banner: 'shown', notice: null });
  });

  it('fills in the same parts the app renders for that visitor itself, byte for byte, on every kind of kept page and on one it did not keep', async () => {
    const cookies = ['consent=denied; cart=1:1|2:3', 'flash=info:Saved%20%3Cnow%3E; preferredCountry=US', 'consent=granted'];
    // The last is not kept (a query the page does not read): filled in as it streams.
    for (const path of ['/gb', '/gb/products', '/product/2', '/training-gun-digest', '/gb/faq', '/guides', '/gb/product/3?utm_source=mail'])
      for (const cookie of cookies) {
        await visit(path, { Cookie: cookie });
        const kept = await visit(path, { Cookie: cookie });
        expect(kept.status, path).toBe(path.includes('?') ? 'BYPASS' : 'HIT');
        // The app's own render for this visitor (the app itself, without the cache in front).
        const rendered = await (await t.app.request(path, { headers: { Cookie: cookie, 'Accept-Language': 'en-GB,en;q=0.9' } })).text();
        expect(visitorParts(kept.html), `${path} ${cookie}`).toEqual(visitorParts(rendered));
        for (const slot of [
          /<a[^>]*data-cart-badge[\s\S]*?<\/a>/,
          /<main[^>]*>(<div class="mx-auto max-w-7xl px-4 pt-4"><p[^>]*>[^<]*<\/p><\/div>)?/,
          /<section[^>]*data-consent-banner[^>]*>/,
          /<span[^>]*data-consent-current[^>]*>[^<]*<\/span>/,
        ])
          expect(slot.exec(kept.html)?.[0], `${path} ${cookie} ${slot}`).toBe(slot.exec(rendered)?.[0]);
      }
  });

  it('preferredCountry=US on an unprefixed page: dollars, from a kept page on the second view', async () => {
    const us = { Cookie: 'preferredCountry=US', 'CF-IPCountry': 'GB' };
    await visit('/product/7', us);
    const second = await visit('/product/7', us);
    expect(second.status).toBe('HIT');
    expect(mainOf(second.html)).toMatch(/\$\d/);
    expect(mainOf(second.html)).not.toMatch(/£\d/);
    expect(second.html).toContain('data-region="US" data-region-source="cookie"');
    // Another visitor who chose the US, elsewhere: the same kept page.
    expect((await visit('/product/7', { Cookie: 'preferredCountry=US; cart=1:1', 'CF-IPCountry': 'DE' })).status).toBe('HIT');
  });

  it('a notice shows once, from a kept page, and not on the next page; no answer of a kept page carries a cookie but the one clearing it', async () => {
    const s = shopper(t, { 'CF-IPCountry': 'GB' });
    await visit('/gb/products?category=pistols');
    const { res } = await s.get('/gb/discount/SPRING10?redirect=/gb/products?category=pistols');
    expect(res.status).toBe(302);
    const landed = await s.get('/gb/products?category=pistols');
    expect(landed.res.headers.get('cf-cache-status')).toBe('HIT');
    expect(landed.res.headers.getSetCookie()).toEqual([expect.stringMatching(/^flash=; Max-Age=0; Path=\//)]);
    expect(visitorParts(landed.html).notice).toBe('SPRING10: 10% off at checkout');
    const next = await s.get('/gb/products?category=pistols');
    expect(visitorParts(next.html).notice).toBeNull();
    expect(next.res.headers.getSetCookie()).toEqual([]);
  });
});

/** The page's region-detection data (what the browser's detection reads). */
const detection = (html: string) => JSON.parse(/<script id="region-detection" type="application\/json">([^<]+)<\/script>/.exec(html)![1]!);

/** A link checker's HEAD (no cookie). */
const head = (path: string) => fetch(`${t.url}${path}`, { method: 'HEAD', headers: { 'Accept-Language': 'en-GB,en;q=0.9' } });

describe('what an attacker cannot do to the kept pages (issue 54)', () => {
  it('a HEAD never blanks a page: the GET after it, on a new address and on a kept page just purged, has the whole page', async () => {
    const fresh = await visit('/gb/products?category=rifles&view=list');
    expect(fresh.status).toBe('MISS');
    const whole = fresh.html.length;
    expect(whole).toBeGreaterThan(10_000);
    for (const path of ['/gb/products?category=rifles&view=list', '/gb/products?category=knives']) {
      if (path.includes('rifles')) await t.deps.changes.publish([`product:2`]);
      const answered = await head(path);
      expect(answered.status).toBe(200);
      expect(await answered.text()).toBe('');
      const after = await visit(path);
      expect(after.status, path).toBe('HIT');
      expect(after.html.length, path).toBeGreaterThan(10_000);
      expect(after.html.endsWith('</html>'), path).toBe(true);
    }
    expect((await visit('/gb/products?category=rifles&view=list')).html.length).toBe(whole);
  });

  it("a market's kept page carries no visitor's country: a GB visitor served the page a US visitor filled is told GB by the shop", async () => {
    await visit('/gb/products?category=bundles', { 'CF-IPCountry': 'US' });
    const gb = await visit('/gb/products?category=bundles', { 'CF-IPCountry': 'GB' });
    expect(gb.status).toBe('HIT');
    expect(detection(gb.html).country).toBeNull();
    expect(gb.html.includes(`"country":"US"`)).toBe(false);
    const asked = await fetch(`${t.url}/_country`, { headers: { 'CF-IPCountry': 'GB' } });
    expect(asked.headers.get('cache-control')).toBe('private, no-store');
    expect(await asked.json()).toEqual({ country: 'GB' });
    await fetch(`${t.url}/_country`, { headers: { 'CF-IPCountry': 'US' } }).then(async (r) =>
      expect(await r.json()).toEqual({ country: 'US' }),
    );
    expect((await fetch(`${t.url}/_country`, { headers: { 'CF-IPCountry': 'GB' } })).headers.get('cf-cache-status')).toBe('BYPASS');
  });

  it('200 made-up countries on one address render the page once per region (3 times), and no page names a visitor’s country', async () => {
    const countries = Array.from({ length: 198 }, (_, i) => String.fromCharCode(65 + Math.floor(i / 26), 65 + (i % 26))).filter(
      (c) => c !== 'GB' && c !== 'US',
    );
    const answers = [];
    for (const country of [...countries, 'GB', 'US'])
      answers.push({ country, ...(await visit('/product/3', { 'CF-IPCountry': country })) });
    expect(answers.length).toBeGreaterThanOrEqual(198);
    expect(answers.filter((a) => a.status === 'MISS').map((a) => a.country)).toEqual(['AA', 'GB', 'US']);
    for (const { country, html } of answers) expect(detection(html).country, country).toBeNull();
    // What each region's visitor sees is still theirs: prices in its currency.
    expect(answers.at(-2)!.html).toContain('£');
    expect(answers.at(-1)!.html).toContain('$');
  });

  it('a query the page does not read is answered but not kept: after 1,500 cache-busters the product page is still a HIT', async () => {
    await visit('/gb/product/1');
    expect((await visit('/gb/product/1')).status).toBe('HIT');
    const busted = await visit('/gb/product/1?cb=1');
    expect(busted.status).toBe('BYPASS');
    expect(busted.res.headers.get('cache-control')).toBe('private, no-cache');
    for (let n = 2; n <= 1500; n += 100)
      await Promise.all(
        Array.from({ length: 100 }, (_, i) => visit(`/gb/product/1?cb=${n + i}`).then((p) => expect(p.status).toBe('BYPASS'))),
      );
    expect((await visit('/gb/product/1')).status).toBe('HIT');
    // What the page reads is kept under its own query: the reviews newest first, a category of the list.
    await visit('/gb/product/1?reviews=newest');
    expect((await visit('/gb/product/1?reviews=newest')).status).toBe('HIT');
    expect((await visit('/gb/product/1?reviews=junk')).status).toBe('BYPASS');
    expect((await visit('/gb/products?category=pistols&utm_source=ad')).status).toBe('BYPASS');
  });
});

describe('every change pushed out at once', () => {
  it('a delivery received in the back office: the next GET of the sold-out product says In Stock', async () => {
    await setStock(t.deps.db, KNIFE, 0, null);
    await t.deps.changes.publish([`product:${KNIFE}`]);
    await visit(`/product/${KNIFE}`);
    const before = await visit(`/product/${KNIFE}`);
    expect(before.status).toBe('HIT');
    expect(stockLabel(before.html)).toBe('Out of Stock');
    expect(before.html).toContain('E-mail me when it&#x27;s back');
    const owner = await signedIn();
    const posted = await owner.post('/admin/stock', {
      form_token: formToken(),
      product_id: String(KNIFE),
      action: 'add',
      quantity: '20',
      note: 'delivery',
    });
    expect(posted.res.status).toBe(303);
    const started = Date.now();
    const after = await visit(`/product/${KNIFE}`);
    expect(Date.now() - started).toBeLessThan(1000);
    expect(stockLabel(after.html)).toBe('In Stock');
    expect(after.html).not.toContain('E-mail me when it&#x27;s back');
    // The list shows it too: the list carries every product's tag.
    expect(await visit('/products?category=knives').then((p) => p.html)).not.toMatch(/Shock Feedback[\s\S]{0,2000}Out of Stock/);
  });

  it('a delivery by the command line (npm run stock -- add) asks the running shop, which purges: In Stock within 2 s', async () => {
    await setStock(t.deps.db, KNIFE, 0, null);
    await t.deps.changes.publish([`product:${KNIFE}`]);
    await visit(`/product/${KNIFE}`);
    expect(stockLabel((await visit(`/product/${KNIFE}`)).html)).toBe('Out of Stock');
    // The command's own change feed, as runtimes/cli.ts builds it: recorded, then the shop asked over HTTP.
    const command = createChangeFeed({ db: t.deps.db, purge: askShopToPurge(t.url, log), log });
    const started = Date.now();
    await receiveStock({ ...t.deps, changes: command }, { productId: KNIFE, quantity: 5, note: null }, 'terminal');
    const after = await visit(`/product/${KNIFE}`);
    expect(Date.now() - started).toBeLessThan(2000);
    expect(stockLabel(after.html)).toBe('5 in stock');
  });

  it('a shop the command cannot reach purges at its next scheduled run', async () => {
    await visit(`/product/${KNIFE}`);
    expect((await visit(`/product/${KNIFE}`)).status).toBe('HIT');
    const away = createChangeFeed({ db: t.deps.db, purge: askShopToPurge(`http://127.0.0.1:${await closedPort()}`, log), log });
    expect(await away.publish([`product:${KNIFE}`])).toBe('pending');
    expect((await visit(`/product/${KNIFE}`)).status).toBe('HIT');
    await runScheduledJobs(t.deps);
    expect((await visit(`/product/${KNIFE}`)).status).toBe('MISS');
  });

  it('a price changed by content:sync shows on the product page and the list within 2 s', async () => {
    await visit('/product/1', { 'CF-IPCountry': 'GB' });
    await visit('/products', { 'CF-IPCountry': 'GB' });
    expect((await visit('/products', { 'CF-IPCountry': 'GB' })).status).toBe('HIT');
    const dir = await mkdtemp(join(tmpdir(), 'page-cache-content-'));
    try {
      await cp('content', dir, { recursive: true });
      const file = join(dir, 'products', '01-g-series-laser-training-pistol.md');
      await writeFile(file, (await readFile(file, 'utf8')).replace('GBP: 149.99', 'GBP: 139.99'));
      const started = Date.now();
      const synced = await syncContent(t.deps.db, { dir });
      expect(changedTags(synced.plan)).toEqual(['product:1']);
      const command = createChangeFeed({ db: t.deps.db, purge: askShopToPurge(t.url, log), log });
      expect(await command.publish(changedTags(synced.plan))).toBe('purged');
      const [page, list] = await Promise.all([visit('/product/1', { 'CF-IPCountry': 'GB' }), visit('/products', { 'CF-IPCountry': 'GB' })]);
      expect(Date.now() - started).toBeLessThan(2000);
      expect(page.html).toContain('£139.99');
      expect(list.html).toContain('£139.99');
    } finally {
      await syncContent(t.deps.db, { dir: 'content' });
      await t.deps.changes.publish(['product:1']);
      await rm(dir, { recursive: true, force: true });
    }
  });
});

describe('news that reaches the cached pages', () => {
  it("the back-in-stock mail's link lands on an In Stock page", async () => {
    await setStock(t.deps.db, KNIFE, 0, null);
    await t.deps.changes.publish([`product:${KNIFE}`]);
    const email = 'waiting@example.com';
    const asked = await shopper(t, { 'X-Forwarded-For': '203.0.113.7' }).post('/gb/stock-alerts', { product_id: String(KNIFE), email });
    expect(asked.res.status).toBe(200);
    const confirm = await mailTo(email, /^Confirm/);
    const token = /\/stock-alerts\/confirm\/([\w-]+)/.exec(confirm.TextBody)![1]!;
    expect((await shopper(t).post(`/gb/stock-alerts/confirm/${token}`, {})).res.status).toBeLessThan(400);
    // The page the mail will link to, kept while sold out.
    await visit(`/gb/product/${KNIFE}`);
    expect(stockLabel((await visit(`/gb/product/${KNIFE}`)).html)).toBe('Out of Stock');
    const owner = await signedIn();
    await owner.post('/admin/stock', { form_token: formToken(), product_id: String(KNIFE), action: 'add', quantity: '30', note: 'back' });
    const back = await mailTo(email, /back in stock/i);
    const link = new URL(/https?:\/\/\S+\/gb\/product\/\S+/.exec(back.TextBody)![0]);
    const landed = await visit(link.pathname + link.search);
    expect(stockLabel(landed.html)).toBe('In Stock');
  });

  it('a scheduled post whose time came: its page and the lists are purged by the next scheduled run', async () => {
    await runScheduledJobs(t.deps);
    await visit('/guides');
    expect((await visit('/guides')).status).toBe('HIT');
    const [post] = await t.deps.db.select({ id: blogPosts.id, slug: blogPosts.slug }).from(blogPosts).limit(1);
    await t.deps.db
      .update(blogPosts)
      .set({ publishedAt: new Date(Date.now() + 300).toISOString() })
      .where(eq(blogPosts.id, post!.id));
    await new Promise((resolve) => setTimeout(resolve, 400));
    // Its time has come, and until the run the kept list stands (a post coming due is news only the clock brings).
    expect((await visit('/guides')).status).toBe('HIT');
    await runScheduledJobs(t.deps);
    expect((await visit('/guides')).status).toBe('MISS');
    await runScheduledJobs(t.deps);
    expect((await visit('/guides')).status).toBe('HIT');
  });
});

/** The newest mail to `to` whose subject matches, once it has arrived. */
async function mailTo(to: string, subject: RegExp) {
  return vi.waitFor(
    () => {
      const found = running.postmark.accepted
        .map((m) => m.body as { To: string; Subject: string; TextBody: string })
        .findLast((m) => m.To === to && subject.test(m.Subject));
      expect(found).toBeDefined();
      return found!;
    },
    { timeout: 5000 },
  );
}

let nextAddress = 20;
/** The owner, signed in through the mailed link. */
async function signedIn() {
  const b = shopper(t, { 'X-Forwarded-For': `198.51.100.${nextAddress++}` });
  await b.post('/admin/sign-in', { email: OWNER });
  const mail = await vi.waitFor(
    () => {
      const found = running.postmark.accepted.map((m) => m.body as { To: string; TextBody: string }).findLast((m) => m.To === OWNER);
      expect(found).toBeDefined();
      return found!;
    },
    { timeout: 5000 },
  );
  const token = new URL(/https?:\/\/\S+\/admin\/sign-in\/link\?token=\S+/.exec(mail.TextBody)![0]).searchParams.get('token')!;
  expect((await b.post('/admin/sign-in/link', { token })).res.status).toBe(303);
  return b;
}
