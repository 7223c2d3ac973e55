import { beforeEach, describe, expect, it } from 'vitest';
import { CONTACT_FILL_FIELD, CONTACT_HONEYPOT_FIELD, type ContactResponse } from '#shared/contact/form.ts';
import { useMailingApp } from '../../support/mailing-app';
import { logDuring, submissionRow } from '../../support/test-app';
import { count } from 'drizzle-orm';
import { formSubmissions } from '#worker/contact/contact-tables.ts';
import { personsFormToken } from '../../support/contact-posts';

const ctx = useMailingApp({ CONTACT_RATE_LIMIT: '1', CONTACT_RECIPIENT_LIMIT: '3', CLIENT_IP_HEADER: 'x-forwarded-for' });
beforeEach(() => {
  ctx.postmark.received.length = 0;
});

const valid = { name: 'Ada Shooter', email: 'ada@example.com', phone: '', subject: 'Order Status', message: 'Where is my order?' };
let nextSender = 1;

/** Each post from a new address, as an attacker rotating addresses would. */
async function post(body: Record<string, string>) {
  const res = await fetch(`${ctx.app.url}/api/contact`, {
    method: 'POST',
    headers: { 'Content-Type': 'application/json', 'X-Forwarded-For': `198.51.100.${nextSender++}` },
    body: JSON.stringify({ [CONTACT_FILL_FIELD]: await personsFormToken(ctx.app), ...body }),
  });
  return { status: res.status, body: (await res.json()) as ContactResponse };
}
const saved = async () => (await ctx.app.deps.db.select({ n: count() }).from(formSubmissions))[0]!.n;
const mailsTo = (address: string) => ctx.postmark.received.filter((m) => m.body.To === address);

describe('the contact form is not a mail relay', () => {
  it('sends one recipient at most CONTACT_RECIPIENT_LIMIT confirmations a day, however the address is written, while the shop still gets every message', async () => {
    const spellings = ['victim@gmail.com', 'Victim+1@gmail.com', 'v.i.c.t.i.m@googlemail.com', 'VICTIM+x@GMAIL.COM', 'vic.tim+2@gmail.com'];
    const answers = [];
    for (let i = 0; i < 30; i++) answers.push(await post({ ...valid, email: spellings[i % spellings.length]! }));
    // Every post from a new address passes the per-sender limit, and is saved and answered as sent.
    expect(answers.every((a) => a.status === 200 && a.body.ok && a.body.outcome === 'success')).toBe(true);
    const confirmations = ctx.postmark.received.filter((m) => String(m.body.Subject).startsWith('We received your message'));
    expect(confirmations).toHaveLength(3);
    expect(mailsTo(ctx.app.deps.settings.CONTACT_TO_EMAIL)).toHaveLength(30);
    const last = answers.at(-1)!.body as { id: number };
    expect(await submissionRow(ctx.app, last.id)).toMatchObject({ confirmationWanted: false, confirmedAt: null, emailStatus: 'success' });
  });

  it('greets by name only when the name cannot carry a link', async () => {
    await post({ ...valid, email: 'one@example.com', name: 'Cheap pills at https://spam.example' });
    await post({ ...valid, email: 'two@example.com', name: 'Zoë' });
    expect(String(mailsTo('one@example.com')[0]!.body.TextBody)).toMatch(/^Hello,\n/);
    expect(String(mailsTo('one@example.com')[0]!.body.TextBody)).not.toContain('spam.example');
    expect(String(mailsTo('two@example.com')[0]!.body.TextBody)).toMatch(/^Hello Zoë,\n/);
  });

  it('answers a bot that filled the honeypot as sent, saves and mails nothing, and logs it', async () => {
    const before = await saved();
    const { result, lines } = await logDuring(ctx.app, () => post({ ...valid, [CONTACT_HONEYPOT_FIELD]: 'https://spam.example' }));
    expect(result).toMatchObject({ status: 200, body: { ok: true, outcome: 'success' } });
    expect(await saved()).toBe(before);
    expect(ctx.postmark.received).toEqual([]);
    expect(lines.filter((l) => l.msg === 'contact spam dropped')).toEqual([
      expect.objectContaining({ level: 'warn', fields: expect.objectContaining({ reason: 'honeypot' }) }),
    ]);
  });

  it('honeypot on the plain-HTML form too: redirected as sent, nothing saved', async () => {
    const before = await saved();
    const res = await fetch(`${ctx.app.url}/contact`, {
      method: 'POST',
      redirect: 'manual',
      headers: { Origin: ctx.app.url, 'X-Forwarded-For': '198.51.100.250' },
      body: new URLSearchParams({ ...valid, [CONTACT_HONEYPOT_FIELD]: 'x', [CONTACT_FILL_FIELD]: await personsFormToken(ctx.app) }),
    });
    expect(res.status).toBe(303);
    expect(res.headers.get('location')).toBe('/contact?sent=success');
    expect(await saved()).toBe(before);
  });

  it('stores no control characters or bidi overrides', async () => {
    const { body } = await post({ ...valid, email: 'ctl@example.com', name: 'A\u0000d\u202Ea', message: 'line\u0000one\r\nline\u2066two' });
    const row = await submissionRow(ctx.app, (body as { id: number }).id);
    expect(row.name).toBe('Ada');
    expect(row.message).toBe('lineone\nlinetwo');
  });
});
