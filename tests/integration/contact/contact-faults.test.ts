import { describe, expect, it } from 'vitest';
import { CONTACT_FILL_FIELD, type ContactResponse } from '#shared/contact/form.ts';
import { formSubmissions } from '#worker/contact/contact-tables.ts';
import { retryOwedMail } from '#worker/jobs/retry-owed-mail.ts';
import { contactMail } from '#worker/contact/contact-mail.ts';
import { SEND_BUDGET_MS } from '#worker/contact/submit-contact.ts';
import { openNodeDatabase } from '#worker/runtimes/node-deps.ts';
import { useMailingApp } from '../../support/mailing-app';
import { personsFormToken } from '../../support/contact-posts';

/**
 * Fault test: 200 messages while Postmark fails, then hangs, then recovers; then two retry runs
 * race, on two database connections. Every message must be saved once and mailed exactly once.
 */
const MAIL_TIMEOUT_MS = SEND_BUDGET_MS + 1500;

const ctx = useMailingApp({ MAIL_TIMEOUT_MS: String(MAIL_TIMEOUT_MS), CONTACT_RATE_LIMIT: '0', CONTACT_RECIPIENT_LIMIT: '0' });

interface Sent {
  marker: string;
  status: number;
  body: ContactResponse;
  waitedMs: number;
}

async function send(marker: string): Promise<Sent> {
  const started = performance.now();
  const res = await fetch(`${ctx.app.url}/api/contact`, {
    method: 'POST',
    headers: { 'Content-Type': 'application/json' },
    body: JSON.stringify({
      name: 'Fault Test',
      email: `${marker}@example.com`,
      subject: 'Other',
      message: `message ${marker}`,
      [CONTACT_FILL_FIELD]: await personsFormToken(ctx.app),
    }),
  });
  const body = (await res.json()) as ContactResponse;
  return { marker, status: res.status, body, waitedMs: performance.now() - started };
}

/** `count` messages, `concurrency` at a time. */
async function burst(prefix: string, count: number, concurrency: number): Promise<Sent[]> {
  const results: Sent[] = [];
  let next = 0;
  await Promise.all(
    Array.from({ length: concurrency }, async () => {
      while (next < count) results.push(await send(`${prefix}-${next++}`));
    }),
  );
  return results;
}

/** The job acting two hours from now, past every back-off. */
const later = () => new Date(Date.now() + 2 * 60 * 60 * 1000);

/** Polls `check` (every 50 ms, at most 20 s). */
const waitUntil = async (check: () => Promise<boolean>) => {
  for (let i = 0; i < 400; i++) {
    if (await check()) return;
    await new Promise((r) => setTimeout(r, 50));
  }
  throw new Error('gave up waiting');
};

describe('contact messages through a Postmark outage', () => {
  it('saves all 200 once and, after recovery, mails each exactly once even with two retry runs racing', async () => {
    const phases: number[] = [performance.now()];
    ctx.postmark.state.mode = 'fail';
    const failing = await burst('fail', 90, 6);
    phases.push(performance.now());
    ctx.postmark.state.mode = 'hang';
    // Enough at once that the hung phase stays short: each visitor waits for the send budget only.
    const hanging = await burst('hang', 30, 15);
    // The hung sends end at the mail time-out and record themselves (deterministic: none is released
    // by the recovery at the very moment its client gives up).
    await waitUntil(async () => (await ctx.app.deps.db.select().from(formSubmissions)).every((r) => r.emailLeaseUntil === null));
    phases.push(performance.now());
    ctx.postmark.state.mode = 'accept';
    const recovering = await burst('ok', 80, 6);
    phases.push(performance.now());
    const all = [...failing, ...hanging, ...recovering];

    expect(all.filter((s) => s.status !== 200)).toEqual([]);
    expect(failing.every((s) => s.body.ok && s.body.outcome === 'failed')).toBe(true);
    // Postmark hung: the visitor was answered at the budget ("partially sent"), not after the mail time-out.
    expect(hanging.every((s) => s.body.ok && s.body.outcome === 'partial')).toBe(true);
    expect(recovering.every((s) => s.body.ok && s.body.outcome === 'success')).toBe(true);

    await waitUntil(async () => (await ctx.app.deps.db.select().from(formSubmissions)).every((r) => r.emailLeaseUntil === null));

    // Two runs of the job at once, on two connections to the file, as if two processes; acting later
    // than every back-off.
    phases.push(performance.now());
    const second = await openNodeDatabase(ctx.app.deps.settings);
    const [a, b] = await Promise.all([
      retryOwedMail(contactMail, ctx.app.deps, { now: later }),
      retryOwedMail(contactMail, { ...ctx.app.deps, db: second }, { now: later }),
    ]);
    second.$client.close();

    const rows = await ctx.app.deps.db.select().from(formSubmissions);
    const ids = all.map((s) => (s.body as { id: number }).id);
    expect(new Set(ids).size).toBe(200);
    expect(rows).toHaveLength(200);
    expect(new Set(rows.map((r) => r.message)).size).toBe(200);
    expect(rows.filter((r) => r.notifiedAt === null || r.confirmedAt === null)).toEqual([]);

    const accepted = ctx.postmark.accepted.map((m) => String(m.body.Subject));
    const notifications = accepted.filter((s) => s.startsWith('[Contact #'));
    const confirmations = accepted.filter((s) => s.startsWith('We received your message'));
    const duplicates = accepted.length - new Set(accepted).size;
    expect(new Set(notifications).size).toBe(200);
    expect(new Set(confirmations).size).toBe(200);
    expect(duplicates).toBe(0);

    const figures = {
      messages: all.length,
      saved: rows.length,
      notificationsDelivered: notifications.length,
      confirmationsDelivered: confirmations.length,
      duplicated: duplicates,
      retryRuns: [a, b],
      phaseSeconds: phases.slice(1).map((p, i) => Math.round(p - phases[i]!) / 1000),
      longestWaitMsWhileHung: Math.round(Math.max(...hanging.map((s) => s.waitedMs))),
    };
    console.log(`contact fault test: ${JSON.stringify(figures)}`);
  }, 60_000);
});
