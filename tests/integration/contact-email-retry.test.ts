import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { insertSubmission, MAX_EMAIL_ATTEMPTS } from '#worker/db/queries/submissions.ts';
import { retryContactEmails } from '#worker/jobs/retry-contact-emails.ts';
import { startPostmarkEmulator, type PostmarkEmulator } from '../support/postmark-emulator';
import { startTestApp, submissionRow, type TestApp } from '../support/test-app';

let t: TestApp;
let postmark: PostmarkEmulator;

beforeAll(async () => {
  postmark = await startPostmarkEmulator();
  t = await startTestApp({ env: { POSTMARK_SERVER_TOKEN: postmark.token, POSTMARK_API_URL: postmark.url } });
});
afterAll(async () => {
  await t.close();
  await postmark.close();
});

describe('scheduled retry of contact e-mails', () => {
  it('keeps a message whose e-mail fails and sends it once Postmark answers again', async () => {
    expect(t.deps.mailer.kind).toBe('postmark');
    const saved = await insertSubmission(t.deps.db, {
      name: 'Ada Shooter',
      email: 'ada@example.com',
      phone: null,
      subject: 'Order Status',
      message: 'Where is my order?',
    });
    expect(saved.emailStatus).toBe('pending');

    postmark.state.mode = 'fail';
    expect(await retryContactEmails(t.deps)).toEqual({ sent: 0, failed: 1 });
    let r = await submissionRow(t, saved.id);
    expect(r.emailStatus).toBe('failed');
    expect(r.emailAttempts).toBe(1);
    expect(r.emailLastError).toBeTruthy();
    expect(r.message).toBe('Where is my order?');

    postmark.state.mode = 'accept';
    expect(await retryContactEmails(t.deps)).toEqual({ sent: 1, failed: 0 });
    r = await submissionRow(t, saved.id);
    expect(r.emailStatus).toBe('success');
    expect(r.notifiedAt).toBeTruthy();
    expect(r.emailAttempts).toBe(2);
    expect(r.emailLastError).toBeNull();

    // The shop's notification, and the visitor's confirmation that could not go the first time.
    const sent = postmark.received.slice(-2).map((m) => m.body);
    expect(sent.map((m) => m.To).toSorted()).toEqual(['ada@example.com', t.deps.settings.CONTACT_TO_EMAIL].toSorted());
    const last = sent.find((m) => m.To === t.deps.settings.CONTACT_TO_EMAIL)!;
    expect(last).toMatchObject({ ReplyTo: 'ada@example.com' });
    expect(String(last.Subject)).toContain('Order Status');
    expect(String(last.TextBody)).toContain('Where is my order?');

    // Sent messages are not sent again.
    expect(await retryContactEmails(t.deps)).toEqual({ sent: 0, failed: 0 });
  });

  it(`gives up after ${MAX_EMAIL_ATTEMPTS} attempts but keeps the message`, async () => {
    const saved = await insertSubmission(t.deps.db, {
      name: 'Bo',
      email: 'bo@example.com',
      phone: '+44 20 7946 0000',
      subject: 'Returns',
      message: 'Return please',
    });
    postmark.state.mode = 'reject';
    for (let i = 0; i < MAX_EMAIL_ATTEMPTS + 2; i++) await retryContactEmails(t.deps);
    const r = await submissionRow(t, saved.id);
    expect(r.emailAttempts).toBe(MAX_EMAIL_ATTEMPTS);
    expect(r.emailStatus).toBe('failed');
    expect(r.message).toBe('Return please');
  });
});
