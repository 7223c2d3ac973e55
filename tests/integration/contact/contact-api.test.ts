import { count, desc, sql } from 'drizzle-orm';
import { rm, writeFile } from 'node:fs/promises';
import { resolve } from 'node:path';
import { afterAll, beforeAll, beforeEach, describe, expect, it } from 'vitest';
import { CONTACT_FILL_FIELD, contactNotices, contactRefusals, type ContactResponse } from '#shared/contact/form.ts';
import { formSubmissions } from '#worker/contact/contact-tables.ts';
import { retryOwedMail } from '#worker/jobs/retry-owed-mail.ts';
import { contactMail } from '#worker/contact/contact-mail.ts';
import { MAX_CONTACT_BODY_BYTES } from '#worker/routes/contact/contact-post.ts';
import { useMailingApp } from '../../support/mailing-app';
import { runScheduledJobs } from '#worker/jobs/scheduled-jobs.ts';
import { logDuring, startTestApp, submissionRow, type TestApp } from '../../support/test-app';
import { personsFormToken } from '../../support/contact-posts';

const ctx = useMailingApp({ CONTACT_RATE_LIMIT: '0' });
beforeEach(() => {
  ctx.postmark.state.mode = 'accept';
  ctx.postmark.state.inactive = [];
  ctx.postmark.received.length = 0;
});

const valid = {
  name: '  Ada Shooter ',
  email: 'ada@example.com',
  phone: '',
  subject: 'Order Status',
  message: '  Where is my order #1042?  ',
};

/** The island's post, with a person's form token (the fill check is on, as in a shop); `raw` is sent as it is. */
async function post(body: unknown, init: { url?: string; headers?: Record<string, string>; raw?: string } = {}) {
  return fetch(`${init.url ?? ctx.app.url}/api/contact`, {
    method: 'POST',
    headers: { 'Content-Type': 'application/json', ...init.headers },
    body: init.raw ?? JSON.stringify({ [CONTACT_FILL_FIELD]: await personsFormToken(ctx.app), ...(body as object) }),
  });
}

async function json(res: Response) {
  return (await res.json()) as ContactResponse;
}

/** The retry job acting two hours from now, when every back-off is over. */
const later = () => new Date(Date.now() + 2 * 60 * 60 * 1000);

const savedCount = async () => (await ctx.app.deps.db.select({ n: count() }).from(formSubmissions))[0]!.n;

describe('POST /api/contact', () => {
  it('saves the message, notifies the shop, confirms to the visitor and answers success', async () => {
    const res = await post(valid);
    expect(res.status).toBe(200);
    expect(res.headers.get('cache-control')).toBe('no-store');
    const body = await json(res);
    expect(body).toMatchObject({ ok: true, outcome: 'success' });
    const saved = await submissionRow(ctx.app, (body as { id: number }).id);
    expect(saved).toMatchObject({
      name: 'Ada Shooter',
      email: 'ada@example.com',
      phone: null,
      subject: 'Order Status',
      message: 'Where is my order #1042?',
      emailStatus: 'success',
      emailAttempts: 1,
      emailLastError: null,
    });
    expect(saved.notifiedAt).toBeTruthy();
    expect(saved.confirmedAt).toBeTruthy();
    // The sender is kept only as a hash, never as the address itself.
    expect(saved.senderKey).toMatch(/^[0-9a-f]{32}$/);
    expect(saved.senderKey).not.toContain('127.0.0.1');

    const byRecipient = Object.fromEntries(ctx.postmark.received.map((m) => [String(m.body.To), m.body]));
    expect(Object.keys(byRecipient).toSorted()).toEqual([ctx.app.deps.settings.CONTACT_TO_EMAIL, 'ada@example.com'].toSorted());
    const notification = byRecipient[ctx.app.deps.settings.CONTACT_TO_EMAIL]!;
    expect(notification).toMatchObject({ ReplyTo: 'ada@example.com', From: ctx.app.deps.settings.CONTACT_FROM_EMAIL });
    expect(String(notification.TextBody)).toContain('Where is my order #1042?');
    const confirmation = byRecipient['ada@example.com']!;
    expect(String(confirmation.Subject)).toContain(`#${saved.id}`);
    expect(String(confirmation.TextBody)).toContain('Hello Ada Shooter');
    // The confirmation does not echo the message: the form cannot relay arbitrary text.
    expect(String(confirmation.TextBody)).not.toContain('Where is my order');
  });

  it("answers partial when the visitor's confirmation bounces, and the shop is not notified twice", async () => {
    ctx.postmark.state.inactive = ['bounced@example.com'];
    const body = await json(await post({ ...valid, email: 'bounced@example.com' }));
    expect(body).toMatchObject({ ok: true, outcome: 'partial' });
    const saved = await submissionRow(ctx.app, (body as { id: number }).id);
    expect(saved.emailStatus).toBe('partial');
    expect(saved.notifiedAt).toBeTruthy();
    expect(saved.confirmedAt).toBeNull();
    expect(saved.emailLastError).toContain('inactive');
    expect(await retryOwedMail(contactMail, ctx.app.deps)).toEqual({ sent: 0, failed: 0 });
  });

  it("answers partial when only the shop's inbox refuses, and the retry job delivers it later", async () => {
    ctx.postmark.state.inactive = [ctx.app.deps.settings.CONTACT_TO_EMAIL];
    const body = await json(await post(valid));
    expect(body).toMatchObject({ ok: true, outcome: 'partial' });
    const id = (body as { id: number }).id;
    expect(await submissionRow(ctx.app, id)).toMatchObject({ emailStatus: 'partial', notifiedAt: null });
    expect((await submissionRow(ctx.app, id)).confirmedAt).toBeTruthy();

    ctx.postmark.state.inactive = [];
    ctx.postmark.received.length = 0;
    // Not before its back-off is over.
    expect(await retryOwedMail(contactMail, ctx.app.deps)).toEqual({ sent: 0, failed: 0 });
    // This one, and the confirmation that bounced in the test before (the address accepts mail again).
    expect(await retryOwedMail(contactMail, ctx.app.deps, { now: later })).toEqual({ sent: 2, failed: 0 });
    expect(ctx.postmark.received.map((m) => m.body.To).toSorted()).toEqual(['bounced@example.com', ctx.app.deps.settings.CONTACT_TO_EMAIL]);
    expect(await submissionRow(ctx.app, id)).toMatchObject({ emailStatus: 'success', emailAttempts: 2, emailLastError: null });
  });

  it('keeps the message and answers failed when Postmark is down (the "Message Saved" toast)', async () => {
    ctx.postmark.state.mode = 'fail';
    const body = await json(await post(valid));
    expect(body).toMatchObject({ ok: true, outcome: 'failed' });
    const saved = await submissionRow(ctx.app, (body as { id: number }).id);
    expect(saved).toMatchObject({ emailStatus: 'failed', notifiedAt: null, confirmedAt: null, message: 'Where is my order #1042?' });
    expect(saved.emailLastError).toBeTruthy();
    expect(contactNotices.failed.title).toBe('Message Saved');
  });

  it.each([
    [{ ...valid, name: '   ' }, 'name', 'Name is required'],
    [{ ...valid, email: '' }, 'email', 'Email is required'],
    [{ ...valid, email: 'ada@example' }, 'email', 'Invalid email'],
    [{ ...valid, subject: '' }, 'subject', 'Subject is required'],
    [{ ...valid, subject: 'Free stuff' }, 'subject', 'Subject is required'],
    [{ ...valid, message: ' \n ' }, 'message', 'Message is required'],
    [{ ...valid, phone: 'call me' }, 'phone', 'Invalid phone number'],
    [{ ...valid, name: 'x'.repeat(101) }, 'name', 'Name is too long'],
    [{}, 'name', 'Name is required'],
  ])('refuses %j with 400 naming %s, and saves nothing', async (input, field, title) => {
    const before = await savedCount();
    const res = await post(input);
    expect(res.status).toBe(400);
    expect(await json(res)).toMatchObject({ ok: false, error: 'invalid', problem: { field, title } });
    expect(await savedCount()).toBe(before);
    expect(ctx.postmark.received).toEqual([]);
  });

  it('refuses a body over the limit with 413, and saves nothing', async () => {
    const before = await savedCount();
    const res = await post({ ...valid, message: 'x'.repeat(MAX_CONTACT_BODY_BYTES) });
    expect(res.status).toBe(413);
    expect(await json(res)).toEqual({ ok: false, error: 'too_large', notice: contactRefusals.too_large });
    expect(await savedCount()).toBe(before);
  });

  it('refuses what is not a JSON object: 415 for another type, 400 for broken JSON or an array', async () => {
    const form = await post(null, {
      headers: { 'Content-Type': 'application/x-www-form-urlencoded', Origin: ctx.app.url },
      raw: 'name=Ada',
    });
    expect(form.status).toBe(415);
    expect(await json(form)).toMatchObject({ ok: false, error: 'bad_request' });
    const broken = await post(null, { raw: '{"name": "Ada",' });
    expect(broken.status).toBe(400);
    expect(await json(broken)).toMatchObject({ ok: false, error: 'bad_request' });
    expect((await post([valid])).status).toBe(400);
  });

  it('accepts a message the database refuses, keeps it, and saves and mails it once the database is back (issue 69)', async () => {
    const before = await savedCount();
    const { lines } = await logDuring(ctx.app, async () => {
      // A real failure: the table is briefly missing.
      await ctx.app.deps.db.run(sql`alter table form_submissions rename to form_submissions_away`);
      try {
        const res = await post(valid);
        expect(res.status).toBe(200);
        const text = await res.text();
        // Saved (kept), its mail to follow: the spec's "Message Saved".
        expect(JSON.parse(text)).toMatchObject({ ok: true, outcome: 'failed' });
        expect(text).not.toMatch(/at |SQLITE|no such table/);
        expect(ctx.postmark.received).toEqual([]);
        // While the database is away, the scheduled job keeps it and tries again later.
        await runScheduledJobs(ctx.app.deps);
      } finally {
        await ctx.app.deps.db.run(sql`alter table form_submissions_away rename to form_submissions`);
      }
    });
    const logs = lines.map((l) => `${l.level} ${l.msg} ${JSON.stringify(l.fields)}`);
    expect(logs.some((l) => l.startsWith('error contact message not saved') && l.includes('no such table'))).toBe(true);
    expect(logs.some((l) => l.startsWith('warn contact message kept until the database answers'))).toBe(true);
    // The visitor's details stay out of the log.
    expect(logs.join('\n')).not.toContain('ada@example.com');
    expect(await savedCount()).toBe(before);
    // The database answers: the next scheduled run saves it once (a second run finds nothing) and mails it.
    await runScheduledJobs(ctx.app.deps);
    await runScheduledJobs(ctx.app.deps);
    expect(await savedCount()).toBe(before + 1);
    const [row] = await ctx.app.deps.db.select().from(formSubmissions).orderBy(desc(formSubmissions.id)).limit(1);
    expect(row).toMatchObject({ email: valid.email, message: valid.message.trim(), notifiedAt: expect.any(String) });
    // The shop's mail, once (the confirmation to the visitor too).
    expect(ctx.postmark.received.filter((m) => String(m.body.TextBody).includes(valid.message.trim()))).toHaveLength(1);
  });

  it('answers 503 "not saved" when the message can be neither saved nor kept', async () => {
    // A real failure of both: the table is missing, and a file stands where the spool's folder should be.
    const spool = resolve(ctx.app.deps.settings.CONTACT_SPOOL_DIR);
    await rm(spool, { recursive: true, force: true });
    await writeFile(spool, 'not a folder');
    await ctx.app.deps.db.run(sql`alter table form_submissions rename to form_submissions_away`);
    try {
      const res = await post(valid);
      expect(res.status).toBe(503);
      expect(await res.json()).toEqual({ ok: false, error: 'not_saved', notice: contactNotices.not_saved });
    } finally {
      await ctx.app.deps.db.run(sql`alter table form_submissions_away rename to form_submissions`);
      await rm(spool, { force: true });
    }
  });
});

describe('POST /api/contact rate limit', () => {
  let limited: TestApp;
  beforeAll(async () => {
    limited = await startTestApp({ env: { CONTACT_RATE_LIMIT: '2', CLIENT_IP_HEADER: 'x-forwarded-for', TRUSTED_PROXY_HOPS: '2' } });
  });
  afterAll(() => limited.close());
  /** As two proxies forward it: the first appends the visitor, the second the first proxy. */
  const from = (address: string) => ({ url: limited.url, headers: { 'X-Forwarded-For': `${address}, 10.0.0.1` } });

  it('answers 429 with Retry-After once a sender saved the limit, and still serves other senders', async () => {
    expect((await post(valid, from('203.0.113.7'))).status).toBe(200);
    expect((await post(valid, from('203.0.113.7'))).status).toBe(200);
    // Refused input does not count, and is still answered 400 first.
    expect((await post({ ...valid, name: '' }, from('203.0.113.7'))).status).toBe(400);
    const refused = await post(valid, from('203.0.113.7'));
    expect(refused.status).toBe(429);
    expect(refused.headers.get('retry-after')).toBe('600');
    expect(await json(refused)).toEqual({ ok: false, error: 'rate_limited', notice: contactRefusals.rate_limited });
    expect((await post(valid, from('198.51.100.4'))).status).toBe(200);
  });

  it('cannot be dodged by writing addresses into X-Forwarded-For: only the entries the proxies added count', async () => {
    const statuses = [];
    for (let n = 1; n <= 6; n++) {
      // The visitor writes a new address each time; the proxies append the real one and their own.
      const headers = { 'X-Forwarded-For': `198.51.100.${n}, 192.0.2.77, 10.0.0.1` };
      statuses.push((await post(valid, { url: limited.url, headers })).status);
    }
    expect(statuses).toEqual([200, 200, 429, 429, 429, 429]);
  });

  it('counts a whole IPv6 /64 as one sender', async () => {
    const statuses = [];
    for (const host of [':1', 'a:b:c:d', 'ffff:1:2:3']) {
      statuses.push((await post(valid, { url: limited.url, headers: { 'X-Forwarded-For': `2001:db8:7:7:${host}, 10.0.0.1` } })).status);
    }
    expect(statuses).toEqual([200, 200, 429]);
  });
});
