import { and, eq } from 'drizzle-orm';
import { afterAll, beforeAll, beforeEach, describe, expect, it, vi } from 'vitest';
import { openSession } from '#worker/admin/admin-sessions.ts';
import { orderEvents, orderMails } from '#worker/orders/order-tables.ts';
import { rateHits } from '#worker/limits/limit-tables.ts';
import { reviews } from '#worker/reviews/review-tables.ts';
import { retryAllOwedMail, retryOwedMail } from '#worker/jobs/retry-owed-mail.ts';
import { orderStepMail } from '#worker/orders/order-mail.ts';
import { inviteReviews } from '#worker/reviews/review-invites.ts';
import { runScheduledJobs } from '#worker/jobs/scheduled-jobs.ts';
import { formToken, textOf } from '../../support/html';
import { deliver, placePaidOrder, shipOrder } from '../../support/paid-orders';
import { startPaymentsApp, type PaymentsApp } from '../../support/payments-app';
import { shopper } from '../../support/shopper';
import { keptLog, type TestApp } from '../../support/test-app';
import { GOOD_TURNSTILE_TOKEN, startTurnstileEmulator, type TurnstileEmulator } from '../../support/turnstile-emulator';

/**
 * Reviews by verified buyers over HTTP (issue 49): the invitation a set time after shipping (once,
 * never for a refunded or disputed order), the signed link per product, the owner's approval, and the
 * product page with its structured data from approved reviews only.
 */
const SECRET = 'whsec_test_reviews';
const OWNER = 'owner@example.com';
let running: PaymentsApp;
let t: TestApp;
let turnstile: TurnstileEmulator;
const { log, lines } = keptLog();

beforeAll(async () => {
  turnstile = await startTurnstileEmulator();
  running = await startPaymentsApp(SECRET, log, {
    ADMIN_EMAILS: OWNER,
    REVIEW_INVITE_DAYS: '10',
    CONTACT_MIN_FILL_MS: '300',
    ...turnstile.env,
    // Votes name their network (the test's X-Forwarded-For); a post without one is the socket's.
    CLIENT_IP_HEADER: 'X-Forwarded-For',
  });
  t = running.app;
});
afterAll(async () => {
  await running.close();
  await turnstile.close();
});

type Mail = { To: string; Subject: string; TextBody: string };
const invitations = (number: string) =>
  running.postmark.accepted.map((m) => m.body as Mail).filter((m) => m.Subject === `How are you getting on with your order ${number}?`);
const webhook = (event: { body: string; headers: Record<string, string> }) => deliver(running, event);
const jobDeps = () => ({ ...t.deps, log });

/** A paid GBP order of a G-Series pistol and a Marking Edge knife, shipped `daysAgo` days ago. */
async function shippedOrder(daysAgo: number, email = 'shopper@example.com') {
  const { order, session } = await placePaidOrder(running, {
    lines: [
      { productId: 1, name: 'G-Series Laser Training Pistol', quantity: 1, unitAmount: 14999 },
      { productId: 10, name: 'Marking Edge Training Knife', quantity: 1, unitAmount: 10299 },
    ],
    shipping: 0,
    email,
  });
  const office = shopper(t, { Cookie: `__Host-admin=${await openSession(t.deps.db, OWNER)}` });
  await shipOrder(running, office, order, daysAgo);
  return { order, session, office };
}

/** The one invitation `number` was sent, waited for (a second would fail). */
const invitationOf = (number: string) =>
  vi.waitFor(() => {
    const sent = invitations(number);
    expect(sent).toHaveLength(1);
    return sent[0]!;
  });

/** The review link for `product` in an invitation mail. */
const linkFor = (mail: Mail, name: string) => new URL(new RegExp(`${name}: (https?://\\S+)`).exec(mail.TextBody)![1]!);

/** The product's structured data on its page (the Product node). */
const productNode = (html: string) =>
  [...html.matchAll(/<script type="application\/ld\+json"[^>]*>([^<]+)<\/script>/g)]
    .map((m) => JSON.parse(m[1]!) as Record<string, unknown>)
    .flatMap((node) => (Array.isArray(node['@graph']) ? (node['@graph'] as Array<Record<string, unknown>>) : [node]))
    .find((node) => node['@type'] === 'Product')!;

describe('review invitations', () => {
  it('invite an order shipped 10 days ago once, with a link per product; a newer, a refunded or a disputed one gets none', async () => {
    const due = await shippedOrder(11);
    const recent = await shippedOrder(3);
    const refunded = await shippedOrder(12);
    running.stripe.refund(refunded.session, 25298);
    expect(
      (await webhook(running.stripe.signedObjectEvent('charge.refunded', running.stripe.chargeOf(refunded.session), SECRET))).status,
    ).toBe(200);
    const disputed = await shippedOrder(12);
    expect(
      (await webhook(running.stripe.signedObjectEvent('charge.dispute.created', running.stripe.openDispute(disputed.session), SECRET)))
        .status,
    ).toBe(200);

    // Two runs at once, then the owed-mail job as the scheduled run has it: one invitation.
    await Promise.all([inviteReviews(jobDeps(), 10), inviteReviews(jobDeps(), 10)]);
    await retryAllOwedMail(jobDeps());
    await inviteReviews(jobDeps(), 10);
    const mail = await invitationOf(due.order.number);
    expect(mail.To).toBe('shopper@example.com');
    expect(linkFor(mail, 'G-Series Laser Training Pistol').pathname).toBe('/gb/reviews/write');
    expect(linkFor(mail, 'Marking Edge Training Knife').searchParams.get('product')).toBe('10');
    for (const other of [recent, refunded, disputed]) expect(invitations(other.order.number)).toEqual([]);
    // Eleven days after shipping the parcel is no longer "on its way" (issue 55): the due day is said.
    expect(mail.TextBody).toMatch(/Where your order stands: Shipped: it should have arrived by \d{1,2} [A-Z][a-z]+ \d{4}\./);
    expect(mail.TextBody).not.toContain('on its way');
    // The invitation is the shop's step: the shopper's timeline does not show it.
    const page = await shopper(t).get(`/gb/orders/${due.order.number}?token=${due.order.token}`);
    expect(page.html).not.toContain('review_invited');

    // One click from the mail client unsubscribes the address: its next order is not invited.
    const unsubscribe = (mail as Mail & { Headers: Array<{ Name: string; Value: string }> }).Headers.find(
      (h) => h.Name === 'List-Unsubscribe',
    )!.Value;
    expect(unsubscribe).toMatch(new RegExp(`^<https://shop\\.example/gb/mail/unsubscribe/${due.order.number}-[0-9a-f]{32}>$`));
    expect(mail.TextBody).toContain(`No more mail like this (order and delivery mails still come): ${unsubscribe.slice(1, -1)}`);
    const path = new URL(unsubscribe.slice(1, -1)).pathname;
    const forged = await fetch(`${t.url}${path.slice(0, -1)}${path.endsWith('0') ? '1' : '0'}`, {
      method: 'POST',
      body: 'List-Unsubscribe=One-Click',
      headers: { 'Content-Type': 'application/x-www-form-urlencoded' },
    });
    expect(forged.status).toBe(404);
    const click = await fetch(`${t.url}${path}`, {
      method: 'POST',
      body: 'List-Unsubscribe=One-Click',
      headers: { 'Content-Type': 'application/x-www-form-urlencoded' },
    });
    expect(click.status).toBe(200);
    const next = await shippedOrder(11);
    await inviteReviews(jobDeps(), 10);
    await new Promise((r) => setTimeout(r, 300));
    expect(invitations(next.order.number)).toEqual([]);
    // Marked done without a mail, so it never again takes a run's place.
    const [skipped] = await t.deps.db
      .select()
      .from(orderEvents)
      .where(and(eq(orderEvents.orderId, next.order.id), eq(orderEvents.step, 'review_invite')));
    expect(skipped?.status).toBe('review_skipped');
  });

  it('with REVIEW_INVITE_DAYS 0, invites an order shipped just now once it is marked delivered, never while it is on its way', async () => {
    const { order, office } = await shippedOrder(0, 'at-once@example.com');
    t.deps.settings.REVIEW_INVITE_DAYS = 0;
    try {
      await runScheduledJobs({ ...t.deps, log });
      // On its way (its expected day not come): no invitation yet.
      expect(
        await t.deps.db
          .select()
          .from(orderEvents)
          .where(and(eq(orderEvents.orderId, order.id), eq(orderEvents.step, 'review_invite'))),
      ).toEqual([]);
      expect((await office.post(`/admin/orders/${order.number}/delivered`, { form_token: formToken() })).res.status).toBe(303);
      await runScheduledJobs({ ...t.deps, log });
    } finally {
      t.deps.settings.REVIEW_INVITE_DAYS = 10;
    }
    await vi.waitFor(() => expect(invitations(order.number)).toHaveLength(1));
  });

  it('is sent once when the sender died after Postmark took it: the retry asks Postmark, finds it and records it', async () => {
    const { order } = await shippedOrder(11, 'crash@example.com');
    await inviteReviews(jobDeps(), 10);
    await vi.waitFor(() => expect(invitations(order.number)).toHaveLength(1));
    // What a crash between the send and its record leaves: the mail owed, its lease run out.
    const [row] = await t.deps.db
      .update(orderMails)
      .set({ emailLeaseUntil: '2000-01-01T00:00:00.000Z', notifiedAt: null })
      .where(and(eq(orderMails.orderId, order.id), eq(orderMails.step, 'review_invite')))
      .returning({ id: orderMails.id });
    const searches = running.postmark.searches.length;
    await retryOwedMail(orderStepMail(t.deps.orderMail), jobDeps(), { now: () => new Date(Date.now() + 3_600_000) });
    await inviteReviews(jobDeps(), 10);
    expect(running.postmark.searches.length).toBeGreaterThan(searches);
    expect(invitations(order.number)).toHaveLength(1);
    expect((await t.deps.db.select().from(orderMails).where(eq(orderMails.id, row!.id)))[0]!.notifiedAt).not.toBeNull();
  });
});

describe('a review through the link', () => {
  it('is refused once the order is refunded in full (issue 54)', async () => {
    const { order, session } = await shippedOrder(11, 'refunded.reviewer@example.com');
    await inviteReviews(jobDeps(), 10);
    const link = linkFor(await invitationOf(order.number), 'Marking Edge Training Knife');
    const buyer = shopper(t);
    expect((await buyer.get(`${link.pathname}${link.search}`)).res.status).toBe(200);
    running.stripe.refund(session, 25298);
    expect((await webhook(running.stripe.signedObjectEvent('charge.refunded', running.stripe.chargeOf(session), SECRET))).status).toBe(200);
    const closed = await buyer.get(`${link.pathname}${link.search}`);
    expect(closed.res.status).toBe(409);
    expect(textOf(closed.html)).toContain('This order was refunded or sent back, so it can no longer be reviewed.');
    const posted = await buyer.post('/gb/reviews/write', {
      ...Object.fromEntries(link.searchParams),
      stars: '5',
      title: 'Great',
      body: 'Good knife.',
    });
    expect(posted.res.status).toBe(409);
    expect(await t.deps.db.select().from(reviews).where(eq(reviews.orderId, order.id))).toEqual([]);
  });

  it('waits for the owner, then shows on the product page with aggregateRating matching the shown average and count', async () => {
    const { order, office } = await shippedOrder(11, 'reviewer@example.com');
    await inviteReviews(jobDeps(), 10);
    const mail = await invitationOf(order.number);
    const link = linkFor(mail, 'Marking Edge Training Knife');
    const buyer = shopper(t);
    const form = await buyer.get(`${link.pathname}${link.search}`);
    expect(form.res.status).toBe(200);
    expect(textOf(form.html)).toContain('Review: Marking Edge Training Knife');
    // The contact form's layers: Turnstile's widget (implicit rendering) and the honeypot are in the form.
    expect(form.html).toContain(`class="cf-turnstile min-h-[65px]" data-sitekey="${turnstile.env.TURNSTILE_SITE_KEY}"`);
    expect(form.html).toMatch(/<script src="https:\/\/challenges\.cloudflare\.com\/turnstile\/v0\/api\.js" async="" defer="" nonce="/);
    expect(form.html).toContain('name="website"');
    const fields: Record<string, string> = {
      ...Object.fromEntries(link.searchParams),
      stars: '4',
      title: 'Sharp drills',
      body: 'Marks clearly on a training suit, washes out.',
      name: 'J.',
      'cf-turnstile-response': GOOD_TURNSTILE_TOKEN,
    };
    // The contact form's fill-time check: at once (or without the form's token) it comes back to send again.
    const fillToken = /name="fill_token" value="([^"]+)"/.exec(form.html)![1]!;
    const quick = await buyer.post('/gb/reviews/write', { ...fields, fill_token: fillToken });
    expect(quick.res.status).toBe(400);
    expect(textOf(quick.body)).toContain('That was quick: check your review, then send it again.');
    expect((await buyer.post('/gb/reviews/write', fields)).res.status).toBe(400);
    await new Promise((r) => setTimeout(r, 350));
    fields.fill_token = fillToken;
    const short = await buyer.post('/gb/reviews/write', { ...fields, body: 'Good' });
    expect(short.res.status).toBe(400);
    expect(textOf(short.body)).toContain('Tell other shooters a little more');
    // Turnstile turned down: asked again, with what was typed, and nothing kept.
    const robot = await buyer.post('/gb/reviews/write', { ...fields, 'cf-turnstile-response': 'forged' });
    expect(robot.res.status).toBe(400);
    expect(textOf(robot.body)).toContain('Please confirm you are not a robot');
    expect(robot.body).toContain('Marks clearly on a training suit');
    // The honeypot filled: answered as if kept, and nothing is (the log counts it).
    const bot = await buyer.post('/gb/reviews/write', { ...fields, website: 'https://spam.example' });
    expect(bot.res.status).toBe(200);
    expect(textOf(bot.body)).toContain('Thank you for your review');
    expect(await t.deps.db.select().from(reviews).where(eq(reviews.orderId, order.id))).toEqual([]);
    expect(lines.some((l) => l.msg === 'review spam dropped' && l.fields?.reason === 'honeypot')).toBe(true);
    expect((await buyer.post('/gb/reviews/write', fields)).res.status).toBe(200);
    expect(turnstile.received.at(-1)?.params.response).toBe(GOOD_TURNSTILE_TOKEN);
    // Used twice: refused; another product's key, or one changed: not a link.
    expect((await buyer.post('/gb/reviews/write', fields)).res.status).toBe(409);
    expect((await buyer.post('/gb/reviews/write', { ...fields, product: '2' })).res.status).toBe(404);
    expect(
      (await buyer.post('/gb/reviews/write', { ...fields, key: `${fields.key!.slice(0, -1)}${fields.key!.endsWith('0') ? '1' : '0'}` })).res
        .status,
    ).toBe(404);

    const productPage = async () => (await shopper(t).get('/gb/product/10/marking-edge-training-knife')).html;
    // Nothing shown until the shop approves it: the page says there are none yet, and who may write one.
    expect(await productPage()).toContain('data-buyer-reviews="0"');
    expect(textOf(await productPage())).toContain('No reviews yet. Only people who bought it can review it');
    expect(productNode(await productPage()).aggregateRating).toBeUndefined();

    const [review] = await t.deps.db.select().from(reviews).where(eq(reviews.orderId, order.id));
    expect(review).toMatchObject({ productId: 10, stars: 4, state: 'pending', name: 'J.' });
    const waiting = await office.get('/admin/reviews');
    expect(waiting.html).toContain(`data-admin-review="${review!.id}"`);
    expect(textOf(waiting.html)).toContain('J., Marking Edge Training Knife, ');
    // Today counts the reviews waiting, and links to them.
    const waitingToday = async () => Number(/data-reviews-waiting="(\d+)"/.exec((await office.get('/admin')).html)![1]);
    const before = await waitingToday();
    expect(before).toBeGreaterThanOrEqual(1);
    expect(textOf((await office.get('/admin')).html)).toContain(`${before} waiting to be approved or hidden. The reviews`);
    expect((await office.post(`/admin/reviews/${review!.id}/approve`, { form_token: formToken() })).res.status).toBe(303);
    expect(await waitingToday()).toBe(before - 1);
    expect((await office.post(`/admin/reviews/${review!.id}/reply`, { form_token: formToken(), reply: 'Thank you!' })).res.status).toBe(
      303,
    );

    const html = await productPage();
    const shown = textOf(/data-buyer-reviews[^]*?<\/section>/.exec(html)![0]);
    const count = Number(/data-buyer-reviews="(\d+)"/.exec(html)![1]);
    const average = /(\d\.\d) out of 5 from (\d+) reviews? by verified buyers/.exec(shown)!;
    expect(shown).toContain('Sharp drills');
    expect(shown).toContain('Our reply: Thank you!');
    expect(productNode(html).aggregateRating).toEqual({
      '@type': 'AggregateRating',
      ratingValue: average[1],
      reviewCount: count,
      bestRating: 5,
      worstRating: 1,
    });
    expect(Number(average[2])).toBe(count);
    expect(productNode(html).review).toContainEqual(
      expect.objectContaining({
        name: 'Sharp drills',
        reviewRating: expect.objectContaining({ ratingValue: 4 }),
        author: { '@type': 'Person', name: 'J.' },
      }),
    );

    // Hidden: gone from the page and its data.
    expect((await office.post(`/admin/reviews/${review!.id}/hide`, { form_token: formToken() })).res.status).toBe(303);
    expect(await productPage()).not.toContain('Sharp drills');
  });
});

/** Invites `order`, then posts a review of the knife through its link, as a person would (the form, then a pause). */
async function reviewKnife(order: { number: string }, title: string) {
  await inviteReviews(jobDeps(), 10);
  const mail = await invitationOf(order.number);
  const link = linkFor(mail, 'Marking Edge Training Knife');
  const form = await shopper(t).get(`${link.pathname}${link.search}`);
  await new Promise((r) => setTimeout(r, 350));
  const posted = await shopper(t).post('/gb/reviews/write', {
    ...Object.fromEntries(link.searchParams),
    stars: '5',
    title,
    body: 'Holds an edge for drills, no marks on the mat.',
    name: 'R.',
    fill_token: /name="fill_token" value="([^"]+)"/.exec(form.html)![1]!,
    'cf-turnstile-response': GOOD_TURNSTILE_TOKEN,
  });
  expect(posted.res.status).toBe(200);
  const [row] = await t.deps.db
    .select()
    .from(reviews)
    .where(and(eq(reviews.title, title)));
  return row!;
}

/** The reviews on a product page, as ids in the order shown. */
const order = (html: string) => [...html.matchAll(/data-review="(\d+)"/g)].map((m) => Number(m[1]));

describe('"helpful" votes', () => {
  // The tests above used most of this network's reviews for the window.
  beforeEach(() => t.deps.db.delete(rateHits));

  it('count once per network, put the most helpful first, and keep "Newest" a link away; only shown reviews take votes', async () => {
    const older = await shippedOrder(11, 'first-reviewer@example.com');
    const first = await reviewKnife(older.order, 'Helpful old review');
    const newer = await shippedOrder(11, 'second-reviewer@example.com');
    const second = await reviewKnife(newer.order, 'Newer review');
    // Not approved yet: no votes.
    expect((await shopper(t).post(`/gb/reviews/${first.id}/helpful`, {})).res.status).toBe(404);
    for (const r of [first, second])
      expect((await older.office.post(`/admin/reviews/${r.id}/approve`, { form_token: formToken() })).res.status).toBe(303);

    const page = (query = '') => shopper(t).get(`/gb/product/10/marking-edge-training-knife${query}`);
    const before = order((await page()).html);
    expect(before.indexOf(second.id)).toBeLessThan(before.indexOf(first.id));

    const vote = await shopper(t).post(`/gb/reviews/${first.id}/helpful`, { order: 'helpful' });
    expect(vote.res.status).toBe(303);
    expect(vote.res.headers.get('location')).toBe(`/gb/product/10/marking-edge-training-knife?voted=${first.id}#review-${first.id}`);
    // Back on the review, its button says the vote was counted (pressed, and a status beside it); the others do not.
    const back = await shopper(t).get(vote.res.headers.get('location')!.split('#')[0]!);
    const voted = back.html.slice(back.html.indexOf(`id="review-${first.id}"`));
    expect(voted.slice(0, voted.indexOf('</li>'))).toMatch(/aria-pressed="true"[^>]*data-voted=""[\s\S]*Thanks: your vote is counted\./);
    expect(back.html.match(/data-voted=""/g)).toHaveLength(1);
    // The same network again: still one vote.
    expect((await shopper(t).post(`/gb/reviews/${first.id}/helpful`, { order: 'newest' })).res.headers.get('location')).toBe(
      `/gb/product/10/marking-edge-training-knife?reviews=newest&voted=${first.id}#review-${first.id}`,
    );
    expect((await t.deps.db.select().from(reviews).where(eq(reviews.id, first.id)))[0]!.helpful).toBe(1);

    const helpfulFirst = await page();
    expect(order(helpfulFirst.html).indexOf(first.id)).toBeLessThan(order(helpfulFirst.html).indexOf(second.id));
    expect(textOf(helpfulFirst.html)).toContain('1 person found this helpful');
    expect(helpfulFirst.html).toMatch(/aria-current="true"[^>]*>Most helpful</);
    const newest = await page('?reviews=newest');
    expect(order(newest.html).indexOf(second.id)).toBeLessThan(order(newest.html).indexOf(first.id));
    expect(newest.html).toMatch(/aria-current="true"[^>]*>Newest</);
    expect(newest.html).toContain('<link rel="canonical" href="https://shop.example/gb/product/10/marking-edge-training-knife"');

    expect((await shopper(t).post('/gb/reviews/999999/helpful', {})).res.status).toBe(404);
    expect((await shopper(t).post(`/gb/reviews/${'9'.repeat(400)}/helpful`, {})).res.status).toBe(404);

    // 25 addresses of one IPv4 /24 (or one IPv6 /48) are one network: one vote; another network is another.
    const from = (address: string) => shopper(t, { 'X-Forwarded-For': address }).post(`/gb/reviews/${second.id}/helpful`, {});
    for (let n = 1; n <= 25; n++) expect((await from(`203.0.113.${n}`)).res.status).toBe(303);
    for (const address of ['2001:db8:1:1::1', '2001:db8:1:2::1']) expect((await from(address)).res.status).toBe(303);
    expect((await from('198.51.100.4')).res.status).toBe(303);
    expect((await t.deps.db.select().from(reviews).where(eq(reviews.id, second.id)))[0]!.helpful).toBe(3);

    // The count moves with moderation, once: approved again, still two; one hidden, one.
    const count = async () => Number(/data-buyer-reviews="(\d+)"/.exec((await page()).html)?.[1] ?? 0);
    expect(await count()).toBe(2);
    await older.office.post(`/admin/reviews/${first.id}/approve`, { form_token: formToken() });
    expect(await count()).toBe(2);
    for (let i = 0; i < 2; i++) await older.office.post(`/admin/reviews/${second.id}/hide`, { form_token: formToken() });
    expect(await count()).toBe(1);
    expect(textOf((await page()).html)).toContain('5.0 out of 5 from 1 review by verified buyers');
    // The shop's own line on the home page and every product page counts the approved reviews, no more.
    const approved = (await t.deps.db.select().from(reviews).where(eq(reviews.state, 'approved'))).length;
    expect(approved).toBeGreaterThan(0);
    for (const path of ['/gb', '/gb/product/2'])
      expect(/data-review-summary="(\d+)"/.exec((await shopper(t).get(path)).html)?.[1], path).toBe(String(approved));
  });
});
