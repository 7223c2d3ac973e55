import { describe, expect, it } from 'vitest';
import { MAX_EMAIL_ATTEMPTS } from '#worker/mail/retry-schedule.ts';
import { claimOwedMail, recordMailDelivery } from '#worker/mail/owed-mail.ts';
import { insertSubmission } from '#worker/contact/submissions.ts';
import { formSubmissions } from '#worker/contact/contact-tables.ts';
import { retryOwedMail } from '#worker/jobs/retry-owed-mail.ts';
import { contactMail } from '#worker/contact/contact-mail.ts';
import { useMailingApp } from '../../support/mailing-app';
import { logDuring, submissionRow } from '../../support/test-app';

const ctx = useMailingApp();

/** The job acting `hours` from now, past every back-off shorter than that. */
const inHours = (hours: number) => () => new Date(Date.now() + hours * 60 * 60 * 1000);

describe('scheduled retry of contact e-mails', () => {
  it('keeps a message whose e-mail fails and sends it once Postmark answers again, after its back-off', async () => {
    expect(ctx.app.deps.mailer.kind).toBe('postmark');
    const saved = await insertSubmission(ctx.app.deps.db, {
      name: 'Ada Shooter',
      email: 'ada@example.com',
      phone: null,
      subject: 'Order Status',
      message: 'Where is my order?',
    });
    expect(saved.emailStatus).toBe('pending');

    ctx.postmark.state.mode = 'fail';
    expect(await retryOwedMail(contactMail, ctx.app.deps)).toEqual({ sent: 0, failed: 1 });
    let r = await submissionRow(ctx.app, saved.id);
    expect(r.emailStatus).toBe('failed');
    expect(r.emailAttempts).toBe(1);
    expect(r.emailLastError).toBeTruthy();
    expect(r.emailLeaseUntil).toBeNull();
    expect(r.message).toBe('Where is my order?');

    ctx.postmark.state.mode = 'accept';
    // Backing off: a run right away leaves it alone.
    expect(await retryOwedMail(contactMail, ctx.app.deps)).toEqual({ sent: 0, failed: 0 });
    expect(await retryOwedMail(contactMail, ctx.app.deps, { now: inHours(1) })).toEqual({ sent: 1, failed: 0 });
    r = await submissionRow(ctx.app, saved.id);
    expect(r.emailStatus).toBe('success');
    expect(r.notifiedAt).toBeTruthy();
    expect(r.emailAttempts).toBe(2);
    expect(r.emailLastError).toBeNull();

    // The shop's notification, and the visitor's confirmation that could not go the first time.
    const sent = ctx.postmark.received.slice(-2).map((m) => m.body);
    expect(sent.map((m) => m.To).toSorted()).toEqual(['ada@example.com', ctx.app.deps.settings.CONTACT_TO_EMAIL].toSorted());
    const last = sent.find((m) => m.To === ctx.app.deps.settings.CONTACT_TO_EMAIL)!;
    expect(last).toMatchObject({ ReplyTo: 'ada@example.com' });
    expect(String(last.Subject)).toContain('Order Status');
    expect(String(last.TextBody)).toContain('Where is my order?');

    // Sent messages are not sent again.
    expect(await retryOwedMail(contactMail, ctx.app.deps, { now: inHours(3) })).toEqual({ sent: 0, failed: 0 });
  });

  it(`never gives up: past ${MAX_EMAIL_ATTEMPTS} attempts the message stays owed, an alert is logged, and it goes once Postmark recovers`, async () => {
    const saved = await insertSubmission(ctx.app.deps.db, {
      name: 'Bo',
      email: 'bo@example.com',
      phone: '+44 20 7946 0000',
      subject: 'Returns',
      message: 'Return please',
    });
    ctx.postmark.state.mode = 'reject';
    const { lines } = await logDuring(ctx.app, async () => {
      for (let i = 1; i <= MAX_EMAIL_ATTEMPTS + 2; i++) await retryOwedMail(contactMail, ctx.app.deps, { now: inHours(i) });
    });
    let r = await submissionRow(ctx.app, saved.id);
    expect(r.emailAttempts).toBe(MAX_EMAIL_ATTEMPTS + 2);
    expect(r).toMatchObject({ emailStatus: 'failed', notifiedAt: null, message: 'Return please' });
    const alert = lines.find((l) => l.msg === 'contact e-mail owed');
    expect(alert).toMatchObject({ level: 'error', fields: { owed: 1, overdue: 1 } });

    const health = await (await fetch(`${ctx.app.url}/healthz`)).json();
    expect(health).toMatchObject({ status: 'ok', contactMail: { owed: 1, overdue: 1 } });
    expect(health.contactMail.oldestOwedSeconds).toBeGreaterThanOrEqual(0);

    ctx.postmark.state.mode = 'accept';
    expect(await retryOwedMail(contactMail, ctx.app.deps, { now: inHours(10) })).toEqual({ sent: 1, failed: 0 });
    r = await submissionRow(ctx.app, saved.id);
    expect(r.notifiedAt).toBeTruthy();
    expect(await (await fetch(`${ctx.app.url}/healthz`)).json()).toMatchObject({
      contactMail: { owed: 0, overdue: 0, oldestOwedSeconds: null },
    });
  });

  it('never undoes a recorded delivery: a slower sender that failed leaves notified_at and the status alone', async () => {
    const row = await insertSubmission(ctx.app.deps.db, { name: 'C', email: 'c@example.com', phone: null, subject: 'Other', message: 'm' });
    await recordMailDelivery(ctx.app.deps.db, formSubmissions, row.id, {
      notified: true,
      confirmed: true,
      status: 'success',
      error: null,
      nextAttemptAt: null,
    });
    const delivered = await submissionRow(ctx.app, row.id);
    await recordMailDelivery(ctx.app.deps.db, formSubmissions, row.id, {
      notified: false,
      confirmed: false,
      status: 'failed',
      error: 'timeout',
      nextAttemptAt: new Date(Date.now() + 60_000),
    });
    const after = await submissionRow(ctx.app, row.id);
    expect(after).toMatchObject({ notifiedAt: delivered.notifiedAt, confirmedAt: delivered.confirmedAt, emailStatus: 'success' });
    // Nothing is owed, so nobody claims it again.
    const now = new Date(Date.now() + 24 * 60 * 60 * 1000);
    const claimed = await claimOwedMail(ctx.app.deps.db, formSubmissions, { now, leaseNow: new Date(), leaseUntil: now, limit: 1000 });
    expect(claimed.map((r) => r.id)).not.toContain(row.id);
  });

  it('drains a backlog larger than one batch in a single run, and leaves rows a sender holds alone', async () => {
    const held = await insertSubmission(ctx.app.deps.db, {
      name: 'In flight',
      email: 'held@example.com',
      phone: null,
      subject: 'Other',
      message: 'Being sent by its request',
      leaseUntil: new Date(Date.now() + 60_000),
    });
    for (let i = 0; i < 35; i++) {
      await insertSubmission(ctx.app.deps.db, {
        name: `N${i}`,
        email: `n${i}@example.com`,
        phone: null,
        subject: 'Other',
        message: 'backlog',
      });
    }
    ctx.postmark.received.length = 0;
    expect(await retryOwedMail(contactMail, ctx.app.deps)).toEqual({ sent: 35, failed: 0 });
    expect((await submissionRow(ctx.app, held.id)).notifiedAt).toBeNull();
    expect(ctx.postmark.received.filter((m) => m.body.To === 'held@example.com')).toEqual([]);
  });
});

describe('contact:retry by hand', () => {
  it('skips back-off waits but tries each owed message once per run, even while Postmark still fails', async () => {
    const row = await insertSubmission(ctx.app.deps.db, {
      name: 'D',
      email: 'd@example.com',
      phone: null,
      subject: 'Other',
      message: 'by hand',
    });
    ctx.postmark.state.mode = 'fail';
    await retryOwedMail(contactMail, ctx.app.deps);
    const attempts = (await submissionRow(ctx.app, row.id)).emailAttempts;
    // Backing off: the scheduled run leaves it; the operator's run tries it once more, not in a loop.
    expect(await retryOwedMail(contactMail, ctx.app.deps)).toEqual({ sent: 0, failed: 0 });
    expect(await retryOwedMail(contactMail, ctx.app.deps, { ignoreBackoff: true })).toEqual({ sent: 0, failed: 1 });
    expect((await submissionRow(ctx.app, row.id)).emailAttempts).toBe(attempts + 1);
    ctx.postmark.state.mode = 'accept';
    expect(await retryOwedMail(contactMail, ctx.app.deps, { ignoreBackoff: true })).toEqual({ sent: 1, failed: 0 });
    expect((await submissionRow(ctx.app, row.id)).notifiedAt).toBeTruthy();
  });
});
