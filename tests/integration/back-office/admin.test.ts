import { generateKeyPairSync, createSign } from 'node:crypto';
import { createServer } from 'node:http';
import { and, eq, isNotNull } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it, vi } from 'vitest';
import { makeSignInLink, openSession, sessionEmail } from '#worker/admin/admin-sessions.ts';
import { adminLinks, adminSessions } from '#worker/admin/admin-tables.ts';
import { ledgerEntries } from '#worker/after-sale/accounts/ledger-tables.ts';
import { orders } from '#worker/orders/order-tables.ts';
import { stockMoves } from '#worker/stock/stock-tables.ts';
import { parseOrderCommand, runOrderCommand } from '#worker/cli/order-args.ts';
import { parseStockCommand, runStockCommand } from '#worker/cli/stock-args.ts';
import { refundOrder } from '#worker/after-sale/owner-refund.ts';
import { shopPeriods } from '#shared/policy/shop-time.ts';
import { setStock } from '#worker/stock/stock-moves.ts';
import { formToken, textOf } from '../../support/html';
import { closeServer, listenOnLoopback, replyJson } from '../../support/loopback';
import { deliver, placePaidOrder } from '../../support/paid-orders';
import { startPaymentsApp, type PaymentsApp } from '../../support/payments-app';
import { shopper } from '../../support/shopper';
import { keptLog, startTestApp, type TestApp } from '../../support/test-app';

/**
 * The back office over HTTP on the Node runtime: sign-in by e-mailed link (Postmark's emulation),
 * each page and action, and the refusals (no session, cross-site, bad input, floods).
 */
const SECRET = 'whsec_test_admin';
const OWNER = 'owner@example.com';
let running: PaymentsApp;
let t: TestApp;
let closed: TestApp; // no ADMIN_EMAILS
const { log } = keptLog();

beforeAll(async () => {
  running = await startPaymentsApp(SECRET, log, {
    ADMIN_EMAILS: ' Owner@Example.com , second@example.com',
    // Each test signs in from its own address (the per-network limit is one of those under test).
    CLIENT_IP_HEADER: 'X-Forwarded-For',
  });
  t = running.app;
  closed = await startTestApp();
});
afterAll(() => Promise.all([running.close(), closed.close()]));

let nextAddress = 10;
/** A browser without JavaScript from its own network address. */
const browser = () => shopper(t, { 'X-Forwarded-For': `198.51.100.${nextAddress++}` });
type Browser = ReturnType<typeof browser>;
type Mail = { To: string; Subject: string; TextBody: string };
/** A page's words with one address blanked: what two answers must share. */
const words = (html: string, email: string) => textOf(html).replace(email, 'ADDRESS');
const b64 = (o: object) => Buffer.from(JSON.stringify(o)).toString('base64url');
/** One back-office section's HTML, by its heading's id. */
const section = (html: string, id: string) => new RegExp(`id="${id}"[^]*?</section>`).exec(html)?.[0] ?? '';
const mailsTo = (to: string) => running.postmark.accepted.map((m) => m.body as Mail).filter((m) => m.To === to);

/** As if every link mailed to `email` so far was asked for more than 5 minutes ago: the next ask mails one. */
const olderLinks = (email: string) =>
  t.deps.db
    .update(adminLinks)
    .set({ createdAt: new Date(Date.now() - 6 * 60_000).toISOString() })
    .where(eq(adminLinks.email, email));

/** Asks for a link as `email` (back to `next` when given) and follows the one mailed; the browser is then signed in. */
async function signIn(b: Browser, email = OWNER, next?: string) {
  await olderLinks(email);
  const before = mailsTo(email).length;
  const asked = await b.post('/admin/sign-in', next ? { email, next } : { email });
  expect(asked.res.status).toBe(200);
  const mail = await vi.waitFor(
    () => {
      const sent = mailsTo(email);
      expect(sent.length).toBe(before + 1);
      return sent.at(-1)!;
    },
    { timeout: 5000 },
  );
  const link = new URL(/https?:\/\/\S+\/admin\/sign-in\/link\?token=\S+/.exec(mail.TextBody)![0]);
  const page = await b.get(`${link.pathname}${link.search}`);
  expect(page.res.status).toBe(200);
  const token = link.searchParams.get('token')!;
  const back = /name="next" value="([^"]*)"/.exec(page.html)?.[1];
  const done = await b.post('/admin/sign-in/link', back ? { token, next: back.replaceAll('&amp;', '&') } : { token });
  return { mail, token, done };
}

const webhook = (event: { body: string; headers: Record<string, string> }) => deliver(running, event);

/** A paid GBP order for one G-Series pistol, recorded by its webhook: its number. */
async function paidOrder() {
  return (await paidSession()).number;
}

async function paidSession() {
  const { order, session } = await placePaidOrder(running);
  return { number: order.number, session };
}

describe('the back office, closed and open', () => {
  it('does not exist without ADMIN_EMAILS, and is disallowed to robots and out of the sitemap either way', async () => {
    for (const path of ['/admin', '/admin/sign-in', '/admin/orders']) expect((await closed.get(path)).res.status).toBe(404);
    const refused = await shopper(closed).post('/admin/sign-in', { email: OWNER });
    expect(refused.res.status).toBe(404);
    for (const app of [t, closed]) {
      expect(await (await fetch(`${app.url}/robots.txt`)).text()).toContain('Disallow: /admin');
      expect(await (await fetch(`${app.url}/sitemap.xml`)).text()).not.toContain('/admin');
    }
  });

  it('sends a visitor without a session to sign in, never cached; the sign-in page is noindex', async () => {
    const { res } = await browser().get('/admin');
    expect(res.status).toBe(303);
    expect(res.headers.get('location')).toBe('/admin/sign-in');
    expect(res.headers.get('cache-control')).toBe('no-store');
    const page = await browser().get('/admin/sign-in');
    expect(page.res.headers.get('x-robots-tag')).toBe('noindex, nofollow');
    expect(page.res.headers.get('cache-control')).toBe('no-store');
    expect(page.html).toContain('<meta name="robots" content="noindex, nofollow"/>');
    expect(page.html).not.toMatch(/<script/);
  });

  it('refuses an action without a session (401) and changes nothing', async () => {
    await setStock(t.deps.db, 5, 7, null);
    const { res } = await browser().post('/admin/stock', {
      form_token: formToken(),
      product_id: '5',
      action: 'add',
      quantity: '12',
      note: 'sneaky',
    });
    expect(res.status).toBe(401);
    const { res: ship } = await browser().post('/admin/orders/SP-AAAA-BBBB/ship', { tracking: 'AB123456789GB' });
    expect(ship.status).toBe(401);
    const moves = await t.deps.db.select().from(stockMoves).where(eq(stockMoves.note, 'sneaky'));
    expect(moves).toEqual([]);
  });
});

describe('signing in by e-mail', () => {
  it('answers an unlisted address exactly as the owner and mails it nothing; the owner gets one link to /admin', async () => {
    const stranger = await browser().post('/admin/sign-in', { email: 'stranger@example.com' });
    const owner = await browser().post('/admin/sign-in', { email: 'OWNER@example.com' });
    expect(stranger.res.status).toBe(owner.res.status);
    expect(words(stranger.body, 'stranger@example.com')).toBe(words(owner.body, OWNER));
    await vi.waitFor(() => expect(mailsTo(OWNER).length).toBeGreaterThan(0), { timeout: 5000 });
    await new Promise((r) => setTimeout(r, 200));
    expect(mailsTo('stranger@example.com')).toEqual([]);
    const mail = mailsTo(OWNER).at(-1)!;
    expect(mail.Subject).toBe('Sign in to the StrikePoint Training back office');
    expect(mail.TextBody).toMatch(/https:\/\/shop\.example\/admin\/sign-in\/link\?token=[\w-]{43}/);
    expect(mail.TextBody).toContain('within 15 minutes');
  });

  it('signs in once with a link; the same link again signs nobody in; an old link neither', async () => {
    const b = browser();
    const { done, token } = await signIn(b);
    expect(done.res.status).toBe(303);
    expect(done.res.headers.get('location')).toBe('/admin');
    // SITE_URL is https: the cookie is __Host- (Secure, this host only, every path).
    const cookie = done.res.headers.getSetCookie().find((c) => c.startsWith('__Host-admin='))!;
    expect(cookie).toMatch(/Secure/);
    expect(cookie).toMatch(/Path=\//);
    expect(cookie).toMatch(/HttpOnly/);
    expect(cookie).toMatch(/SameSite=Strict/);
    expect((await b.get('/admin')).res.status).toBe(200);
    // Signed in, the sign-in page sends the owner on.
    const onward = await b.get('/admin/sign-in?next=%2Fadmin%2Forders');
    expect(onward.res.status).toBe(303);
    expect(onward.res.headers.get('location')).toBe('/admin/orders');

    const again = browser();
    const reused = await again.post('/admin/sign-in/link', { token });
    expect(reused.res.status).toBe(400);
    expect(reused.body).toContain('data-dead-link="used"');
    expect(reused.res.headers.getSetCookie().some((c) => c.startsWith('__Host-admin='))).toBe(false);
    // The link's page says so at once, without the button: used, too old, or cut short.
    const usedPage = await again.get(`/admin/sign-in/link?token=${token}`);
    expect(usedPage.res.status).toBe(400);
    expect(textOf(usedPage.html)).toContain('This link has been used already');
    expect(usedPage.html).not.toContain('action="/admin/sign-in/link"');
    expect((await again.get(`/admin/sign-in/link?token=${token.slice(0, -4)}`)).html).toContain('data-dead-link="unknown"');
    expect((await again.get('/admin')).res.status).toBe(303);

    const old = await makeSignInLink(t.deps.db, OWNER, Date.now() - 16 * 60_000);
    expect((await browser().post('/admin/sign-in/link', { token: old })).res.status).toBe(400);
    expect(textOf((await browser().get(`/admin/sign-in/link?token=${old}`)).html)).toContain('more than 15 minutes old');
    // A mail scanner opening the link changes nothing: the page asks for a press.
    const fresh = await makeSignInLink(t.deps.db, OWNER);
    expect((await browser().get(`/admin/sign-in/link?token=${fresh}`)).res.headers.getSetCookie()).toEqual([]);
    expect((await browser().post('/admin/sign-in/link', { token: fresh })).res.status).toBe(303);
  });

  it('meets 429 when one network asks 20 times, and mails an address at most once per 5 minutes', async () => {
    const b = browser();
    const answers: number[] = [];
    for (let i = 0; i < 20; i++) answers.push((await b.post('/admin/sign-in', { email: 'second@example.com' })).res.status);
    expect(answers.slice(0, 5)).toEqual([200, 200, 200, 200, 200]);
    expect(answers.slice(5).every((s) => s === 429)).toBe(true);
    await new Promise((r) => setTimeout(r, 300));
    expect(mailsTo('second@example.com')).toHaveLength(1);
    // From elsewhere the address is not locked: answered alike, and the link mailed still works.
    expect((await browser().post('/admin/sign-in', { email: 'second@example.com' })).res.status).toBe(200);
  });

  it('keeps the owner able to sign in through a flood for their address from 20 networks: at most 4 mails a quarter hour', async () => {
    await olderLinks(OWNER);
    const before = mailsTo(OWNER).length;
    for (let i = 0; i < 20; i++) {
      const attacker = shopper(t, { 'X-Forwarded-For': `203.0.${100 + i}.9` });
      expect((await attacker.post('/admin/sign-in', { email: OWNER })).res.status).toBe(200);
    }
    // The owner, from a network that has not flooded: the same answer, and a working link in the inbox.
    const owner = browser();
    const asked = await owner.post('/admin/sign-in', { email: OWNER });
    expect(asked.res.status).toBe(200);
    expect(asked.body).toContain('Check your inbox');
    await new Promise((r) => setTimeout(r, 300));
    const mailed = mailsTo(OWNER).slice(before);
    expect(mailed.length).toBeGreaterThanOrEqual(1);
    expect(mailed.length).toBeLessThanOrEqual(4);
    const token = new URL(/https?:\/\/\S+\/admin\/sign-in\/link\?token=\S+/.exec(mailed.at(-1)!.TextBody)![0]).searchParams.get('token')!;
    expect((await owner.post('/admin/sign-in/link', { token })).res.status).toBe(303);
    expect((await owner.get('/admin')).res.status).toBe(200);
  });

  it('takes one form once: two posts of one receive form at once add the units once, and the second says so', async () => {
    const b = browser();
    await signIn(b);
    const [before] = await t.deps.db.select({ change: stockMoves.change }).from(stockMoves).where(eq(stockMoves.note, 'once only'));
    expect(before).toBeUndefined();
    const fields = { form_token: formToken(), product_id: '7', action: 'add', quantity: '5', note: 'once only' };
    const [one, two] = await Promise.all([b.post('/admin/stock', fields), b.post('/admin/stock', fields)]);
    expect([one.res.status, two.res.status]).toEqual([303, 303]);
    const moves = await t.deps.db.select({ change: stockMoves.change }).from(stockMoves).where(eq(stockMoves.note, 'once only'));
    expect(moves).toEqual([{ change: 5 }]);
    expect(textOf((await b.get('/admin/stock')).html)).toMatch(/on hand|sent already/);
    // A post without a token is an old page: 400, nothing done.
    expect((await b.post('/admin/stock', { product_id: '7', action: 'add', quantity: '5', note: 'no token' })).res.status).toBe(400);
  });

  it('returns to the page asked for: a link to /admin/stock lands there after signing in; nowhere off the back office', async () => {
    const b = browser();
    const asked = await b.get('/admin/stock?from=mail');
    expect(asked.res.status).toBe(303);
    expect(asked.res.headers.get('location')).toBe('/admin/sign-in?next=%2Fadmin%2Fstock%3Ffrom%3Dmail');
    const form = await b.get(asked.res.headers.get('location')!);
    expect(form.html).toContain('name="next" value="/admin/stock?from=mail"');
    const { mail, done } = await signIn(b, OWNER, '/admin/stock?from=mail');
    expect(mail.TextBody).toContain('&next=%2Fadmin%2Fstock%3Ffrom%3Dmail');
    expect(done.res.status).toBe(303);
    expect(done.res.headers.get('location')).toBe('/admin/stock?from=mail');

    const elsewhere = await signIn(browser(), OWNER, '//evil.example/admin');
    expect(elsewhere.done.res.headers.get('location')).toBe('/admin');
  });

  it('ends a session after 7 days however active, and signs out everywhere on asking', async () => {
    const old = await openSession(t.deps.db, OWNER, Date.now() - 8 * 86_400_000);
    // Used an hour ago (its idle time is fine): still refused, it began too long ago.
    await t.deps.db
      .update(adminSessions)
      .set({ lastSeenAt: new Date(Date.now() - 3_600_000).toISOString() })
      .where(isNotNull(adminSessions.id));
    expect(await sessionEmail(t.deps.db, old)).toBeNull();
    const phone = browser();
    const laptop = browser();
    await signIn(phone);
    await signIn(laptop);
    expect((await phone.get('/admin')).res.status).toBe(200);
    await laptop.post('/admin/sign-out', { everywhere: 'on' });
    expect((await phone.get('/admin')).res.status).toBe(303);
  });

  it('refuses a junk address with 400 on the form', async () => {
    const { res, body } = await browser().post('/admin/sign-in', { email: 'not an address' });
    expect(res.status).toBe(400);
    expect(body).toContain('Enter an e-mail address.');
  });
});

/** A field-data beacon as the browser sends it. */
const sendVitals = (beacon: object) =>
  fetch(`${t.url}/vitals`, { method: 'POST', headers: { 'Content-Type': 'application/json' }, body: JSON.stringify(beacon) });
/** One visit to a product page in the UK with these LCP and INP (ms), naming the photo and the buy button. */
const productVisit = (lcp: number, inp: number) => ({
  pageType: '/product/:id',
  market: 'gb',
  device: 'phone',
  entries: [
    { metric: 'LCP', value: lcp, target: 'div.relative>img.h-full.object-contain' },
    { metric: 'INP', value: inp, target: 'div.flex>button#add-to-cart.btn' },
    { metric: 'CLS', value: 0.02, target: 'div.grid>p.text-sm' },
  ],
});

describe('signed in', () => {
  let b: Browser;
  beforeAll(async () => {
    b = browser();
    await signIn(b);
  });
  const find = async (q: string) => (await b.get(`/admin/orders?q=${encodeURIComponent(q)}`)).html;

  it('lists an order, finds it by the shopper’s e-mail in any case, shows its address and a ship form', async () => {
    const number = await paidOrder();
    const list = await b.get('/admin/orders');
    expect(list.html).toContain(`data-admin-order="${number}"`);
    const found = await b.get('/admin/orders?q=SHOPPER%40Example.com');
    expect(found.html).toContain(`data-admin-order="${number}"`);
    expect((await b.get(`/admin/orders?q=${number}`)).html).toContain(`data-admin-order="${number}"`);
    expect(textOf((await b.get('/admin/orders?q=nobody%40example.com')).html)).toContain('No orders match “nobody@example.com”.');
    expect((await b.get('/admin/orders?fulfilment=shipped')).html).not.toContain(`data-admin-order="${number}"`);
    const page = await b.get(`/admin/orders/${number}`);
    const text = textOf(page.html);
    expect(text).toContain('1 Range Road');
    expect(text).toContain('Leeds');
    expect(page.html).toContain(`action="/admin/orders/${number}/ship"`);
    expect(page.res.headers.get('cache-control')).toBe('no-store');
    // The same shopper's next order lists this one (and not itself) under the customer.
    const later = await paidOrder();
    const customer = /id="customer"[^]*?<\/section>/.exec((await b.get(`/admin/orders/${later}`)).html)![0];
    expect(customer).toContain(`href="/admin/orders/${number}"`);
    expect(customer).not.toContain(`href="/admin/orders/${later}"`);
    expect(textOf(customer)).toMatch(/Other orders from this address/);
  });

  it('finds an order by any part of its number, the shopper’s name or e-mail; a miss or too little says so and lists nothing', async () => {
    const number = await paidOrder();
    for (const part of [number.slice(3, 7).toLowerCase(), number.slice(5, 11), 'sam', 'SHOPPER', 'shopper@exa'])
      expect(await find(part), part).toContain(`data-admin-order="${number}"`);
    const miss = await find('Bar Trainer');
    expect(miss).not.toContain('data-admin-order=');
    expect(textOf(miss)).toContain('No orders match “Bar Trainer”.');
    expect(miss).toContain('value="Bar Trainer"');
    const short = await find('sa');
    expect(short).not.toContain('data-admin-order=');
    expect(textOf(short)).toContain('Type at least 3 characters');
    // Quotes and the index's own syntax are text to find, not a query to run.
    for (const odd of ['"', 'sam" OR "x', 'NEAR(a b)', '*'.repeat(3)]) {
      const { res } = await b.get(`/admin/orders?q=${encodeURIComponent(odd)}`);
      expect(res.status, odd).toBe(200);
    }
  });

  it('ships from the page: a cross-site post is 403, empty tracking is 400, then one mail with the tracking number and the owner on the timeline', async () => {
    const number = await paidOrder();
    const shopperMails = () =>
      running.postmark.accepted.map((m) => m.body as Mail).filter((m) => m.Subject.includes(number) && /on its way/i.test(m.Subject));
    const forged = await b.post(
      `/admin/orders/${number}/ship`,
      { tracking: 'EVIL123' },
      { Origin: 'https://evil.example', 'Sec-Fetch-Site': 'cross-site' },
    );
    expect(forged.res.status).toBe(403);
    const empty = await b.post(`/admin/orders/${number}/ship`, { form_token: formToken(), carrier: 'Royal Mail', tracking: '  ' });
    expect(empty.res.status).toBe(400);
    expect(empty.body).toContain('Enter the tracking number');
    expect((await t.deps.db.select().from(orders).where(eq(orders.number, number)))[0]!.fulfilment).toBe('unfulfilled');

    // No carrier chosen: a parcel nobody could follow is refused, and says why.
    const noCarrier = await b.post(`/admin/orders/${number}/ship`, { form_token: formToken(), tracking: 'AB123456789GB' });
    expect(noCarrier.res.status).toBe(400);
    expect(textOf(noCarrier.body)).toContain('Choose the carrier: the shopper’s mail links its tracking page.');
    // Another carrier without its tracking page, the same.
    const unnamed = await b.post(`/admin/orders/${number}/ship`, {
      form_token: formToken(),
      carrier: 'other',
      other_carrier: 'Parcelforce',
      tracking: 'AB123456789GB',
    });
    expect(unnamed.res.status).toBe(400);
    expect(textOf(unnamed.body)).toContain('Give Parcelforce’s tracking page for this parcel');
    const form = await b.get(`/admin/orders/${number}`);
    expect(form.html).toContain('<option value="" disabled="" selected="">Choose the carrier</option>');
    const shipped = await b.post(`/admin/orders/${number}/ship`, {
      form_token: formToken(),
      carrier: 'royal-mail',
      tracking: 'AB123456789GB',
      url: '',
    });
    expect(shipped.res.status).toBe(303);
    expect(shipped.res.headers.get('location')).toBe(`/admin/orders/${number}`);
    const mails = await vi.waitFor(
      () => {
        expect(shopperMails()).toHaveLength(1);
        return shopperMails();
      },
      { timeout: 5000 },
    );
    expect(mails[0]!.TextBody).toContain('AB123456789GB');
    // The carrier's own tracking page for the number, the day it is expected and what is in the parcel.
    expect(mails[0]!.TextBody).toContain(
      'Follow it on Royal Mail’s page: https://www.royalmail.com/track-your-item#/tracking-results/AB123456789GB',
    );
    expect(mails[0]!.TextBody).toMatch(/Expected by \d{1,2} [A-Z][a-z]+ \d{4}\./);
    expect(mails[0]!.TextBody).toMatch(/In the parcel:\n- 1 × [^\n]+/);
    const page = await b.get(`/admin/orders/${number}`);
    expect(textOf(page.html)).toContain('shipped with Royal Mail');
    expect(page.html).toMatch(/data-timeline[^]*shipped<\/span>: [^<]*by owner@example\.com/);
    // On to the next: the oldest order still to ship (earlier tests left some), never this one.
    const next = /Next to ship: <a href="\/admin\/orders\/(SP-[A-Z0-9-]+)"/.exec(page.html)?.[1];
    expect(next).toBeDefined();
    expect(next).not.toBe(number);
    expect((await t.deps.db.select().from(orders).where(eq(orders.number, next!)))[0]!.fulfilment).toBe('unfulfilled');
    // Twice is refused on the form (409), and mails nobody again.
    const twice = await b.post(`/admin/orders/${number}/ship`, {
      form_token: formToken(),
      carrier: 'royal-mail',
      tracking: 'AB123456789GB',
    });
    expect(twice.res.status).toBe(409);
    expect(twice.body).toContain('shipped already');
    // Why, first on the page (before the order's status), focused on load.
    expect(twice.body.indexOf('data-problem')).toBeLessThan(twice.body.indexOf('data-order-status'));
    expect(twice.body).toMatch(/<p role="alert" tabindex="-1" autofocus=""[^>]*>Not shipped: order SP-/);
    await new Promise((r) => setTimeout(r, 200));
    expect(shopperMails()).toHaveLength(1);
  });

  it('holds a disputed order: no ship form and why at the top, a ship post refused with nothing mailed, listed under disputes only', async () => {
    const { number, session } = await paidSession();
    const dispute = running.stripe.openDispute(session, 'fraudulent');
    expect((await webhook(running.stripe.signedObjectEvent('charge.dispute.created', dispute, SECRET))).status).toBe(200);
    const shippedMails = () =>
      running.postmark.accepted.filter((m) => String(m.body.Subject).includes(number) && /on its way/i.test(String(m.body.Subject)));

    const page = await b.get(`/admin/orders/${number}`);
    expect(page.html).not.toContain(`action="/admin/orders/${number}/ship"`);
    expect(page.html).toContain('data-dispute-hold="open"');
    const text = textOf(page.html);
    expect(text).toContain('Disputed: do not ship this order');
    expect(text).toContain('The buyer’s bank has disputed £154.98');
    expect(text).toMatch(/Send your evidence in Stripe by \d{1,2} [A-Z][a-z]{2} \d{4}, \d\d:\d\d (GMT|BST)/);
    expect(page.html).toContain(`href="https://dashboard.stripe.com/disputes/${dispute.id}"`);
    // The notice comes before everything else on the page.
    expect(page.html.indexOf('data-dispute-hold')).toBeLessThan(page.html.indexOf('id="lines"'));

    const refused = await b.post(`/admin/orders/${number}/ship`, {
      form_token: formToken(),
      carrier: 'royal-mail',
      tracking: 'AB123456789GB',
    });
    expect(refused.res.status).toBe(409);
    expect(textOf(refused.body)).toContain('its payment is disputed');
    await expect(
      runOrderCommand({ ...t.deps, log }, parseOrderCommand(['ship', number, '--carrier', 'DPD', '--tracking', 'AB123456789GB'])),
    ).rejects.toThrow(/cannot be shipped: its payment is disputed/);
    const [row] = await t.deps.db.select().from(orders).where(eq(orders.number, number));
    expect(row!.fulfilment).toBe('unfulfilled');

    const today = (await b.get('/admin')).html;
    expect(section(today, 'disputes')).toContain(number);
    expect(section(today, 'to-ship')).not.toContain(number);

    // Won: the order ships again, and is back on the list to pack.
    const won = running.stripe.closeDispute(dispute.id, 'won');
    expect((await webhook(running.stripe.signedObjectEvent('charge.dispute.closed', won, SECRET))).status).toBe(200);
    expect((await b.get(`/admin/orders/${number}`)).html).toContain(`action="/admin/orders/${number}/ship"`);
    expect(section((await b.get('/admin')).html, 'to-ship')).toContain(number);
    expect(shippedMails()).toEqual([]);
  });

  it('holds an order whose dispute was lost for good', async () => {
    const { number, session } = await paidSession();
    const dispute = running.stripe.openDispute(session, 'fraudulent');
    expect((await webhook(running.stripe.signedObjectEvent('charge.dispute.created', dispute, SECRET))).status).toBe(200);
    const lost = running.stripe.closeDispute(dispute.id, 'lost');
    expect((await webhook(running.stripe.signedObjectEvent('charge.dispute.closed', lost, SECRET))).status).toBe(200);
    const page = await b.get(`/admin/orders/${number}`);
    expect(page.html).toContain('data-dispute-hold="lost"');
    expect(page.html).not.toContain(`action="/admin/orders/${number}/ship"`);
    const refused = await b.post(`/admin/orders/${number}/ship`, {
      form_token: formToken(),
      carrier: 'royal-mail',
      tracking: 'AB123456789GB',
    });
    expect(refused.res.status).toBe(409);
    expect(textOf(refused.body)).toContain('its dispute was lost');
  });

  it('takes a return by line, refuses more than was bought, and says so for an unknown order', async () => {
    const number = await paidOrder();
    const tooMany = await b.post(`/admin/orders/${number}/return`, { form_token: formToken(), line_1: '3' });
    expect(tooMany.res.status).toBe(409);
    expect(tooMany.body).toContain('only 1 of product 1 can come back');
    expect((await b.post(`/admin/orders/${number}/return`, { form_token: formToken(), line_1: '-1' })).res.status).toBe(400);
    expect((await b.post(`/admin/orders/${number}/return`, { form_token: formToken(), line_1: '0' })).res.status).toBe(400);
    const back = await b.post(`/admin/orders/${number}/return`, { form_token: formToken(), line_1: '1' });
    expect(back.res.status).toBe(303);
    const [move] = await t.deps.db
      .select()
      .from(stockMoves)
      .where(and(eq(stockMoves.orderNumber, number), eq(stockMoves.reason, 'return')));
    expect(move).toMatchObject({ change: 1, actor: OWNER });
    expect((await b.get('/admin/orders/SP-ZZZZ-ZZZZ')).res.status).toBe(404);
    expect(
      (await b.post('/admin/orders/SP-ZZZZ-ZZZZ/ship', { form_token: formToken(), carrier: 'royal-mail', tracking: 'AB123456789GB' })).res
        .status,
    ).toBe(404);
  });

  it('refunds £10 from the order page: Stripe once for a double post, recorded by its webhook, one mail; more than is left refused', async () => {
    const { number, session } = await paidSession();
    const refundMails = () => mailsTo('shopper@example.com').filter((m) => m.Subject === `Refund issued: order ${number}`);
    const page = await b.get(`/admin/orders/${number}`);
    expect(section(page.html, 'refund')).toContain(`action="/admin/orders/${number}/refund"`);
    expect(textOf(section(page.html, 'refund'))).toContain('Up to £154.98.');
    // The owner's words, not the shopper's.
    expect(textOf(page.html)).toContain('Paid, being prepared. Paid and waiting to be packed and shipped.');
    expect(textOf(page.html)).not.toMatch(/your order/i);

    const over = await b.post(`/admin/orders/${number}/refund`, { form_token: formToken(), amount: '200' });
    expect(over.res.status).toBe(409);
    expect(textOf(over.body)).toContain('Not refunded: Cannot refund order');
    expect(textOf(over.body)).toContain('only £154.98 is left to refund (£0.00 of £154.98 given back already), not £200.00');
    expect((await b.post(`/admin/orders/${number}/refund`, { form_token: formToken(), amount: 'ten' })).res.status).toBe(400);
    expect(running.stripe.refundPosts.filter((p) => p.fields.payment_intent === running.stripe.chargeOf(session).payment_intent)).toEqual(
      [],
    );

    // The refund in words first, the amount on its button, nothing moved; then that button, twice at once: one post reaches Stripe.
    const review = await b.post(`/admin/orders/${number}/refund`, { form_token: formToken(), amount: '10' });
    expect(review.res.status).toBe(200);
    expect(review.body).toContain('data-refund-confirm="1000"');
    expect(textOf(review.body)).toContain('£10.00 goes back to Visa ending 4242');
    expect(review.body).toMatch(/<button type="submit"[^>]*>Refund £10\.00<\/button>/);
    const form = { form_token: formToken(), amount: '10', confirmed: '1' };
    const answers = await Promise.all([b.post(`/admin/orders/${number}/refund`, form), b.post(`/admin/orders/${number}/refund`, form)]);
    expect(answers.map((a) => a.res.status)).toEqual([303, 303]);
    const posts = running.stripe.refundPosts.filter((p) => p.fields.payment_intent === running.stripe.chargeOf(session).payment_intent);
    expect(posts).toHaveLength(1);
    expect(posts[0]).toMatchObject({
      fields: { amount: '1000', 'metadata[order]': number },
      idempotencyKey: `refund:${number}:${form.form_token}`,
    });
    // Asked, not yet confirmed: on the timeline, not in the order's figures, no mail.
    const asked = await b.get(`/admin/orders/${number}`);
    expect(textOf(asked.html)).toContain(
      '£10.00 refund sent to Stripe. It shows here, and the shopper is mailed, once Stripe confirms it.',
    );
    expect(textOf(section(asked.html, 'timeline'))).toMatch(
      /\d\d:\d\d (GMT|BST) refund asked of Stripe ?: £10\.00, re_test_\d+, by owner@example\.com/,
    );
    expect((await t.deps.db.select().from(orders).where(eq(orders.number, number)))[0]!.refunded).toBe(0);

    // Stripe's webhook confirms it (twice: delivered again): recorded once, one mail.
    for (let i = 0; i < 2; i++) {
      expect((await webhook(running.stripe.signedObjectEvent('charge.refunded', running.stripe.chargeOf(session), SECRET))).status).toBe(
        200,
      );
    }
    const [row] = await t.deps.db.select().from(orders).where(eq(orders.number, number));
    expect(row).toMatchObject({ refunded: 1000, status: 'partially_refunded' });
    await vi.waitFor(() => expect(refundMails()).toHaveLength(1), { timeout: 5000 });
    expect(refundMails()[0]!.TextBody).toContain('We have refunded £10.00');
    // The shopper's own page shows the refund, never the owner's ask.
    const shopperPage = await shopper(t).get(`/orders/${number}?token=${row!.token}`);
    expect(shopperPage.html).toContain('data-step="partially_refunded"');
    expect(shopperPage.html).not.toContain('refund_asked');
    expect(textOf(section((await b.get(`/admin/orders/${number}`)).html, 'refund'))).toContain('Up to £144.98.');
  });

  it('refunds the rest with the goods back: the webhook Stripe sends records it, stock comes back only for the lines named', async () => {
    const { number, session } = await paidSession();
    await setStock(t.deps.db, 1, 5, null);
    running.stripe.state.webhook = { url: `${t.url}/webhooks/stripe`, secret: SECRET };
    try {
      const done = await b.post(`/admin/orders/${number}/refund`, {
        form_token: formToken(),
        amount: '154.98',
        line_1: '1',
        confirmed: '1',
      });
      expect(done.res.status).toBe(303);
      await vi.waitFor(
        async () =>
          expect((await t.deps.db.select().from(orders).where(eq(orders.number, number)))[0]).toMatchObject({
            status: 'refunded',
            refunded: 15498,
          }),
        { timeout: 5000 },
      );
    } finally {
      running.stripe.state.webhook = null;
    }
    const [move] = await t.deps.db
      .select()
      .from(stockMoves)
      .where(and(eq(stockMoves.orderNumber, number), eq(stockMoves.reason, 'return')));
    expect(move).toMatchObject({ productId: 1, change: 1, actor: OWNER });
    const page = await b.get(`/admin/orders/${number}`);
    expect(textOf(page.html)).toContain('1 × G-Series Laser Training Pistol back in stock.');
    expect(textOf(section(page.html, 'refund'))).toContain('Cannot refund: it has been refunded in full.');
    expect(running.stripe.chargeOf(session).amount_refunded).toBe(15498);

    // A refund without goods never moves stock.
    const other = await paidSession();
    const plain = await b.post(`/admin/orders/${other.number}/refund`, { form_token: formToken(), amount: '5', confirmed: '1' });
    expect(plain.res.status).toBe(303);
    expect(
      await t.deps.db
        .select()
        .from(stockMoves)
        .where(and(eq(stockMoves.orderNumber, other.number), eq(stockMoves.reason, 'return'))),
    ).toEqual([]);
  });

  it('is one refund at Stripe however often one intent is sent (the idempotency key), whichever door sends it', async () => {
    const { number, session } = await paidSession();
    const asked = { number, amount: 1000, goodsBack: null, intent: 'one-intent' };
    const said = await Promise.all([refundOrder({ ...t.deps, log }, asked, OWNER), refundOrder({ ...t.deps, log }, asked, OWNER)]);
    expect(said[0]).toBe(said[1]);
    expect(running.stripe.chargeOf(session).amount_refunded).toBe(1000);
  });

  it('keeps a refund Stripe did not answer counted as given, and asks Stripe again under its key before the next refund', async () => {
    const { number, session } = await paidSession();
    const [row] = await t.deps.db.select().from(orders).where(eq(orders.number, number));
    const first = { form_token: formToken(), amount: '10', confirmed: '1' };
    running.stripe.state.mode = 'lost';
    try {
      const unanswered = await b.post(`/admin/orders/${number}/refund`, first);
      expect(unanswered.res.status).toBe(503);
      expect(textOf(unanswered.body)).toContain('Stripe did not answer in time, so the refund may or may not have been made');
    } finally {
      running.stripe.state.mode = 'ok';
    }
    // Counted as given back meanwhile: no more than £144.98 may be asked now.
    expect(textOf(section((await b.get(`/admin/orders/${number}`)).html, 'refund'))).toContain('Up to £144.98.');
    // The next refund asks Stripe again for the first (its own key: made now), then makes its own.
    expect((await b.post(`/admin/orders/${number}/refund`, { form_token: formToken(), amount: '5', confirmed: '1' })).res.status).toBe(303);
    const posts = running.stripe.refundPosts.filter((p) => p.fields.payment_intent === running.stripe.chargeOf(session).payment_intent);
    expect(posts.map((p) => [p.fields.amount, p.idempotencyKey])).toEqual([
      ['1000', `refund:${number}:${first.form_token}`],
      ['1000', `refund:${number}:${first.form_token}`],
      ['500', expect.stringMatching(new RegExp(`^refund:${number}:`))],
    ]);
    expect(running.stripe.chargeOf(session).amount_refunded).toBe(1500);
    const entries = await t.deps.db.select().from(ledgerEntries).where(eq(ledgerEntries.orderId, row!.id));
    expect(entries.filter((e) => e.kind === 'refund_made')).toHaveLength(2);
    expect(entries.filter((e) => e.kind === 'refund_void')).toHaveLength(0);
  }, 20_000);

  it('says plainly when Stripe fails a refund, and refuses one on a disputed order before asking Stripe', async () => {
    const { number, session } = await paidSession();
    running.stripe.state.mode = 'fail';
    try {
      const failed = await b.post(`/admin/orders/${number}/refund`, { form_token: formToken(), amount: '10', confirmed: '1' });
      expect(failed.res.status).toBe(503);
      expect(textOf(failed.body)).toContain('Not refunded: Stripe failed (error 500), so nothing was refunded. Send it again.');
      expect(failed.body).toContain('value="10"'); // what was typed is kept
    } finally {
      running.stripe.state.mode = 'ok';
    }
    const dispute = running.stripe.openDispute(session, 'fraudulent');
    expect((await webhook(running.stripe.signedObjectEvent('charge.dispute.created', dispute, SECRET))).status).toBe(200);
    const before = running.stripe.refundPosts.length;
    const refused = await b.post(`/admin/orders/${number}/refund`, { form_token: formToken(), amount: '10' });
    expect(refused.res.status).toBe(409);
    expect(textOf(refused.body)).toContain('the buyer’s bank is disputing the payment');
    expect(running.stripe.refundPosts.length).toBe(before);
  });

  it('keeps the owner’s notes on an order, newest first, in the back office only', async () => {
    const { number } = await paidSession();
    const note = 'Rang the shopper: leave it with the neighbour at no. 12 <b>not</b> the porch';
    expect((await b.post(`/admin/orders/${number}/note`, { form_token: formToken(), note })).res.status).toBe(303);
    expect((await b.post(`/admin/orders/${number}/note`, { form_token: formToken(), note: 'Second thought' })).res.status).toBe(303);
    const empty = await b.post(`/admin/orders/${number}/note`, { form_token: formToken(), note: '   ' });
    expect(empty.res.status).toBe(400);
    expect(textOf(empty.body)).toContain('Note not saved: Write the note first.');
    const long = await b.post(`/admin/orders/${number}/note`, { form_token: formToken(), note: 'x'.repeat(2001) });
    expect(long.res.status).toBe(400);
    expect(long.body).toContain('x'.repeat(2001)); // kept in the box to shorten
    const notes = section((await b.get(`/admin/orders/${number}`)).html, 'notes');
    expect(notes).toContain('data-notes="2"');
    expect(notes.indexOf('Second thought')).toBeLessThan(notes.indexOf('Rang the shopper'));
    expect(notes).toContain('&lt;b&gt;not&lt;/b&gt;');
    expect(textOf(notes)).toMatch(/owner@example\.com, \d{1,2} [A-Z][a-z]{2} \d{4}, \d\d:\d\d (GMT|BST)/);
    // Never the shopper's.
    const [row] = await t.deps.db.select().from(orders).where(eq(orders.number, number));
    const shopperPage = await shopper(t).get(`/orders/${number}?token=${row!.token}`);
    expect(shopperPage.res.status).toBe(200);
    expect(shopperPage.html).not.toContain('Rang the shopper');
    expect(shopperPage.html).not.toContain('Second thought');
  });

  it('prints a packing slip: the address, each line and its quantity, no prices, nothing of the back office’s header', async () => {
    const { number } = await paidSession();
    expect((await b.get(`/admin/orders/${number}`)).html).toContain(`href="/admin/orders/${number}/slip"`);
    const slip = await b.get(`/admin/orders/${number}/slip`);
    expect(slip.res.status).toBe(200);
    expect(slip.res.headers.get('cache-control')).toBe('no-store');
    const text = textOf(slip.html);
    expect(text).toContain(`Packing slip ${number}`);
    expect(text).toMatch(/Ship to .*Leeds/);
    expect(text).toMatch(/G-Series Laser Training Pistol 1 ☐/);
    expect(text).toContain('Units in all 1');
    expect(text).not.toContain('£');
    expect(slip.html).toContain('<header class="bg-stone-900 text-white print:hidden">');
    expect(slip.html).not.toContain('<script');
    expect((await b.get('/admin/orders/SP-ZZZZ-ZZZZ/slip')).res.status).toBe(404);
    expect((await browser().get(`/admin/orders/${number}/slip`)).res.status).toBe(303);
  });

  it('receives 12 of a product with a note, which npm run stock shows; bad quantities get a message', async () => {
    await setStock(t.deps.db, 6, 3, null);
    const received = await b.post('/admin/stock', {
      form_token: formToken(),
      product_id: '6',
      action: 'add',
      quantity: '12',
      note: 'Delivery 4411',
    });
    expect(received.res.status).toBe(303);
    const listed = await runStockCommand({ ...t.deps, log, tell: false }, parseStockCommand([]));
    expect(listed.split('\n').find((l) => l.startsWith('6 '))).toMatch(/^6\s+\S.*\s15\s+0\s+15\s/);
    const page = await b.get('/admin/stock');
    expect(textOf(page.html)).toContain('on hand 3 → 15 (restock)');
    expect(page.html).toMatch(/data-stock-move[^]*Delivery 4411[^]*owner@example\.com/);
    for (const [fields, said] of [
      [{ product_id: '6', action: 'add', quantity: '-4' }, 'more than 0'],
      [{ product_id: '6', action: 'set', quantity: '-1' }, 'cannot be set below 0'],
      [{ product_id: '6', action: 'add', quantity: 'lots' }, 'whole number'],
      [{ product_id: '999', action: 'add', quantity: '1' }, 'no product with id 999'],
    ] as const) {
      const refused = await b.post('/admin/stock', { form_token: formToken(), ...fields });
      expect(refused.res.status).toBe(400);
      expect(textOf(refused.body)).toContain(said);
    }
  });

  it('says in words how each page type does per market, and names the slow element, not its selector', async () => {
    // Four visits: the slowest quarter loads in 4.5 s (poor) and answers a tap in 260 ms (needs work).
    for (const [lcp, inp] of [
      [1200, 80],
      [1500, 90],
      [4500, 260],
      [4600, 300],
    ])
      expect((await sendVitals(productVisit(lcp!, inp!))).status).toBe(204);
    const home = { pageType: '/', market: 'eu', device: 'desktop', entries: [{ metric: 'LCP', value: 900, target: 'h1.font-bold' }] };
    expect((await sendVitals(home)).status).toBe(204);
    const page = await vi.waitFor(
      async () => {
        const p = await b.get('/admin/vitals?days=28');
        expect(p.html).toContain('data-vitals-verdict="good"');
        expect(p.html).toContain('data-vitals-verdict="poor"');
        return p;
      },
      { timeout: 3000 },
    );
    expect(page.html).toMatch(/<svg[^>]*role="img"[^>]*data-vitals-chart="INP"/);
    const verdicts = textOf(section(page.html, 'vitals-words'));
    // Worst first: the product pages in the UK, then the home page.
    expect(verdicts).toMatch(
      /Product pages, UK \(4 visits\) Poor Poor, 4\.5 s Needs work, 260 ms Good, 0\.02 [^]*Home page, Europe \(1 visit\) Good Good, 900 ms No data No data/,
    );
    const text = textOf(page.html);
    expect(text).toContain(
      'Product pages, UK: loading is poor (4.5 s; good is 2.5 s or less). The largest thing to appear, and the slowest: a photo.',
    );
    expect(text).toContain(
      'Product pages, UK: responding to taps needs work (260 ms; good is 200 ms or less). What visitors pressed when it answered slowest: the buy button.',
    );
    expect(text).not.toContain('/product/:id');
    expect(text).not.toContain('button#add-to-cart');
    expect(textOf(section(page.html, 'slowest'))).toContain('300 ms Product pages the buy button');
  });

  it('shows today at a glance: orders to ship, stock, sales today and this week per market in shop time', async () => {
    const { number } = await paidSession();
    // One sale from before this week began, one refunded in part: neither counts as sold this week in full.
    const { week, today } = shopPeriods();
    const before = (await paidSession()).number;
    await t.deps.db
      .update(orders)
      .set({ createdAt: new Date(Date.parse(week) - 60_000).toISOString() })
      .where(eq(orders.number, before));
    await t.deps.db.update(orders).set({ refunded: 1000, status: 'partially_refunded' }).where(eq(orders.number, number));
    // What the page must say, counted here from every order row.
    const sold = (await t.deps.db.select().from(orders)).filter(
      (o) => o.region === 'UK' && o.currency === 'GBP' && ['paid', 'partially_refunded', 'refunded'].includes(o.status),
    );
    const sum = (from: string) => {
      const rows = sold.filter((o) => o.createdAt >= from);
      const net = rows.reduce((total, o) => total + o.total - o.refunded, 0);
      return `£${(net / 100).toLocaleString('en-GB', { minimumFractionDigits: 2 })} (${rows.length} ${rows.length === 1 ? 'order' : 'orders'})`;
    };
    const page = await b.get('/admin');
    const text = textOf(page.html);
    expect(text).toMatch(/Orders to ship \(\d+\)/);
    // The buyer by name beside the address; a low-stock product's link opens the stock form on it.
    const [toShip] = await t.deps.db.select().from(orders).where(eq(orders.number, number));
    expect(toShip!.name).toBe('Sam Shopper');
    expect(section(page.html, 'to-ship')).toContain(`Sam Shopper &lt;${toShip!.email}&gt;`);
    const low = /href="\/admin\/stock\?product=(\d+)#move"/.exec(page.html);
    expect(low).not.toBeNull();
    const stock = await b.get(`/admin/stock?product=${low![1]}`);
    expect(stock.html).toMatch(new RegExp(`<option value="${low![1]}" selected=""`));
    expect(textOf(section(page.html, 'sales'))).toContain(`GB (GBP) ${sum(today)} ${sum(week)}`);
    expect(text).toContain(`Sales today: ${sum(today)}.`);
  });

  it('lists owed mail in words and tries it again; shipping while mail is down says the shopper is not told yet', async () => {
    const number = await paidOrder();
    running.postmark.state.mode = 'fail';
    try {
      await paidOrder();
      await new Promise((r) => setTimeout(r, 300));
      const page = await b.get('/admin/mail');
      expect(page.html).toContain('data-owed-mail');
      expect(textOf(page.html)).toMatch(/New order \S+ .* not sent yet|New order \S+ .* failing/);
      const shipped = await b.post(`/admin/orders/${number}/ship`, {
        form_token: formToken(),
        carrier: 'royal-mail',
        tracking: 'AB123456789GB',
      });
      expect(shipped.res.status).toBe(303);
      const after = textOf((await b.get(`/admin/orders/${number}`)).html);
      expect(after).toContain(
        'shipped with Royal Mail, tracking AB123456789GB; the mail telling the shopper could not go yet and is tried again shortly (see Mail).',
      );
      expect(after).not.toContain('the shopper is told');
      expect(textOf(section((await b.get('/admin')).html, 'mail'))).toMatch(
        /Order updates \(payment, shipping, refunds, disputes\): \d+ waiting to go/,
      );
    } finally {
      running.postmark.state.mode = 'accept';
    }
    const retried = await b.post('/admin/mail/retry', { form_token: formToken() });
    expect(retried.res.status).toBe(303);
    expect(textOf((await b.get('/admin/mail')).html)).toContain('All mail has gone.');
  });

  it('signing out ends the session on the server: the old cookie opens nothing', async () => {
    const other = browser();
    const { done } = await signIn(other);
    const cookie = done.res.headers
      .getSetCookie()
      .find((c) => c.startsWith('__Host-admin='))!
      .split(';')[0]!;
    const out = await other.post('/admin/sign-out', {});
    expect(out.res.status).toBe(303);
    expect(textOf((await other.get(out.res.headers.get('location')!)).html)).toContain('Signed out.');
    const replay = await fetch(`${t.url}/admin`, { headers: { Cookie: cookie }, redirect: 'manual' });
    expect(replay.status).toBe(303);
  });
});

describe('Cloudflare Access in front of /admin', () => {
  it('lets a listed address through on a valid Access token, and nobody on a forged or foreign one', async () => {
    const { publicKey, privateKey } = generateKeyPairSync('rsa', { modulusLength: 2048 });
    const jwk = { ...publicKey.export({ format: 'jwk' }), kid: 'k1', alg: 'RS256', use: 'sig' };
    const certs = createServer((_req, res) => replyJson(res, 200, { keys: [jwk] }));
    const team = await listenOnLoopback(certs);
    const app = await startTestApp({ env: { ADMIN_EMAILS: OWNER, CF_ACCESS_TEAM_URL: team, CF_ACCESS_AUD: 'aud-123' } });
    try {
      const jwt = (claims: object, key = privateKey) => {
        const head = `${b64({ alg: 'RS256', kid: 'k1', typ: 'JWT' })}.${b64(claims)}`;
        return `${head}.${createSign('RSA-SHA256').update(head).sign(key).toString('base64url')}`;
      };
      const exp = Math.floor(Date.now() / 1000) + 600;
      const get = (token: string) => fetch(`${app.url}/admin`, { headers: { 'Cf-Access-Jwt-Assertion': token }, redirect: 'manual' });
      expect((await get(jwt({ aud: ['aud-123'], iss: team, exp, email: 'Owner@example.com' }))).status).toBe(200);
      const other = generateKeyPairSync('rsa', { modulusLength: 2048 }).privateKey;
      for (const token of [
        jwt({ aud: ['aud-123'], iss: team, exp, email: 'stranger@example.com' }),
        jwt({ aud: ['another-app'], iss: team, exp, email: OWNER }),
        jwt({ aud: ['aud-123'], iss: 'https://evil.cloudflareaccess.com', exp, email: OWNER }),
        jwt({ aud: ['aud-123'], iss: team, exp: exp - 1200, email: OWNER }),
        jwt({ aud: ['aud-123'], iss: team, exp, email: OWNER }, other),
        'not.a.jwt',
      ]) {
        expect((await get(token)).status).toBe(303);
      }
    } finally {
      await app.close();
      await closeServer(certs);
    }
  });
});
