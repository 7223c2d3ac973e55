import { beforeEach, describe, expect, it } from 'vitest';
import { CONTACT_FILL_FIELD } from '#shared/contact/form.ts';
import { checkFillTime, fillTokenFor } from '#worker/contact/fill-time.ts';
import { postContactForm, postContactJson, savedCount, validContact } from '../../support/contact-posts';
import { useMailingApp } from '../../support/mailing-app';
import { logDuring, submissionRow, type LogLine } from '../../support/test-app';

const ctx = useMailingApp({
  CONTACT_MIN_FILL_MS: '3000',
  RATE_LIMIT_SECRET: 'fill-time-test-secret-0123456789',
  CONTACT_RATE_LIMIT: '0',
  CONTACT_RECIPIENT_LIMIT: '0',
});
beforeEach(() => {
  ctx.postmark.received.length = 0;
});

const valid = validContact;
const saved = () => savedCount(ctx.app);
/** A token as the page rendered `ago` ms before now (signed by the app's own code and key). */
const tokenFrom = (ago: number) => fillTokenFor(ctx.app.deps.settings, Date.now() - ago);

const postJson = (body: Record<string, string>) => postContactJson(ctx.app, body);
const postForm = (fields: Record<string, string>) => postContactForm(ctx.app, fields);

/** The fill-time token the contact page carries in its form. */
async function pageToken(path = '/contact'): Promise<string> {
  const { html } = await ctx.app.get(path);
  const input = html.match(new RegExp(`<input[^>]*name="${CONTACT_FILL_FIELD}"[^>]*>`))?.[0];
  if (!input) throw new Error('no fill-time field on the page');
  expect(input).toContain('type="hidden"');
  return input.match(/value="([^"]*)"/)![1]!;
}

const linesAbout = (lines: LogLine[], msg: string) => lines.filter((l) => l.msg === msg);
/** Mail runs with the answer (2 s budget); give a dropped message time to show any mail it wrongly sent. */
const settle = () => new Promise((r) => setTimeout(r, 300));

describe('the contact form is too fast for a person', () => {
  it('renders a hidden, signed render time in the page, which is only ever cached privately', async () => {
    const { res } = await ctx.app.get('/contact');
    expect(res.headers.get('cache-control')).toBe('private, no-cache');
    const token = await pageToken();
    // A person taking 5 s passes; the same token posted at once would not.
    expect(await checkFillTime(ctx.app.deps.settings, token, Date.now() + 5000)).toMatchObject({ kind: 'human' });
    expect(await checkFillTime(ctx.app.deps.settings, token)).toMatchObject({ kind: 'too_fast' });
  });

  it('answers the island post sent the moment the page came as sent, saves and mails nothing, and logs why', async () => {
    const before = await saved();
    const token = await pageToken();
    const { result, lines } = await logDuring(ctx.app, () => postJson({ ...valid, [CONTACT_FILL_FIELD]: token }));
    expect(result).toEqual({ status: 200, body: { ok: true, id: 0, outcome: 'success', formToken: expect.any(String) } });
    await settle();
    expect(await saved()).toBe(before);
    expect(ctx.postmark.received).toEqual([]);
    const [dropped, ...more] = linesAbout(lines, 'contact spam dropped');
    expect(more).toEqual([]);
    expect(dropped).toMatchObject({ level: 'warn', fields: { reason: 'too fast', minFillMs: 3000 } });
    expect(dropped!.fields!.elapsedMs).toEqual(expect.any(Number));
    expect(dropped!.fields!.elapsedMs).toBeLessThan(3000);
  });

  it('redirects the plain-HTML form sent at once as sent, and saves and mails nothing', async () => {
    const before = await saved();
    const token = await pageToken();
    const { result, lines } = await logDuring(ctx.app, () => postForm({ ...valid, [CONTACT_FILL_FIELD]: token }));
    expect(result.res.status).toBe(303);
    expect(result.res.headers.get('location')).toBe('/contact?sent=success');
    await settle();
    expect(await saved()).toBe(before);
    expect(ctx.postmark.received).toEqual([]);
    expect(linesAbout(lines, 'contact spam dropped')).toEqual([
      expect.objectContaining({ fields: expect.objectContaining({ reason: 'too fast' }) }),
    ]);
  });
});

describe('a person who took their time, or whose fill time is unknown, gets through', () => {
  it('saves and mails a message whose form was rendered 10 s before (both paths)', async () => {
    const { result: api, lines } = await logDuring(ctx.app, async () =>
      postJson({ ...valid, [CONTACT_FILL_FIELD]: await tokenFrom(10_000) }),
    );
    expect(api).toMatchObject({ status: 200, body: { ok: true, outcome: 'success' } });
    const id = (api.body as { id: number }).id;
    expect(id).toBeGreaterThan(0);
    expect(await submissionRow(ctx.app, id)).toMatchObject({ email: valid.email, emailStatus: 'success' });
    expect(ctx.postmark.received.map((m) => String(m.body.To)).toSorted()).toEqual(
      [ctx.app.deps.settings.CONTACT_TO_EMAIL, valid.email].toSorted(),
    );
    expect(linesAbout(lines, 'contact spam dropped')).toEqual([]);
    expect(linesAbout(lines, 'contact fill time unknown')).toEqual([]);

    const before = await saved();
    const form = await postForm({ ...valid, [CONTACT_FILL_FIELD]: await tokenFrom(10_000) });
    expect(form.res.headers.get('location')).toBe('/contact?sent=success');
    expect(await saved()).toBe(before + 1);
  });

  it('saves a page left open for days', async () => {
    const { body } = await postJson({ ...valid, [CONTACT_FILL_FIELD]: await tokenFrom(3 * 24 * 3600_000) });
    expect(body).toMatchObject({ ok: true, outcome: 'success', id: expect.any(Number) });
    expect((body as { id: number }).id).toBeGreaterThan(0);
  });

  it('answers a post without a token as sent, and saves and mails nothing: every form the shop renders has one', async () => {
    const before = await saved();
    const { result, lines } = await logDuring(ctx.app, () => postJson({ ...valid, [CONTACT_FILL_FIELD]: '' }));
    expect(result).toMatchObject({ status: 200, body: { ok: true, outcome: 'success' } });
    await settle();
    expect(await saved()).toBe(before);
    expect(ctx.postmark.received).toEqual([]);
    expect(linesAbout(lines, 'contact spam dropped')).toEqual([
      expect.objectContaining({ level: 'warn', fields: expect.objectContaining({ reason: 'no form token' }) }),
    ]);
  });

  it('takes one message per token: the same token again is answered as sent and dropped; the answer brings a fresh one', async () => {
    const token = await tokenFrom(10_000);
    const first = await postJson({ ...valid, [CONTACT_FILL_FIELD]: token });
    expect(first).toMatchObject({ status: 200, body: { ok: true, outcome: 'success', formToken: expect.any(String) } });
    expect((first.body as { id: number }).id).toBeGreaterThan(0);
    const before = await saved();
    const { result, lines } = await logDuring(ctx.app, () => postJson({ ...valid, [CONTACT_FILL_FIELD]: token }));
    expect(result).toMatchObject({ status: 200, body: { ok: true, id: 0, outcome: 'success' } });
    expect(await saved()).toBe(before);
    expect(linesAbout(lines, 'contact spam dropped')).toEqual([
      expect.objectContaining({ fields: expect.objectContaining({ reason: 'form token used again' }) }),
    ]);
    // The fresh token the first answer brought serves the next message (once its 3 s have passed).
    const next = (first.body as { formToken: string }).formToken;
    expect(await checkFillTime(ctx.app.deps.settings, next, Date.now() + 5000)).toMatchObject({ kind: 'human' });
  });

  it('saves a message whose token does not verify (signed with another key, or forged) or does not parse', async () => {
    const other = { ...ctx.app.deps.settings, RATE_LIMIT_SECRET: 'another-secret-after-a-restart' };
    const cases = [
      [await fillTokenFor(other), 'bad_signature'],
      [(await tokenFrom(0)).replace(/\.(\d+)\./, (_, at: string) => `.${Number(at) - 60_000}.`), 'bad_signature'],
      ['yesterday', 'malformed'],
    ] as const;
    for (const [token, reason] of cases) {
      const before = await saved();
      const { result, lines } = await logDuring(ctx.app, () => postJson({ ...valid, [CONTACT_FILL_FIELD]: token }));
      expect(result.body).toMatchObject({ ok: true });
      expect(await saved()).toBe(before + 1);
      expect(linesAbout(lines, 'contact fill time unknown')).toEqual([
        expect.objectContaining({ fields: expect.objectContaining({ reason }) }),
      ]);
    }
  });

  it('saves a message whose token comes from the future (clock skew)', async () => {
    const before = await saved();
    const { body } = await postJson({ ...valid, [CONTACT_FILL_FIELD]: await tokenFrom(-60_000) });
    expect(body).toMatchObject({ ok: true });
    expect(await saved()).toBe(before + 1);
  });

  it('shows a refused plain-HTML form again with its first token, so a quick fix is not taken for a bot', async () => {
    const first = await tokenFrom(10_000);
    const refused = await postForm({ ...valid, email: 'not-an-address', [CONTACT_FILL_FIELD]: first });
    expect(refused.res.status).toBe(400);
    expect(refused.html).toContain(`name="${CONTACT_FILL_FIELD}" value="${first}"`);
    const before = await saved();
    const fixed = await postForm({ ...valid, [CONTACT_FILL_FIELD]: first });
    expect(fixed.res.headers.get('location')).toBe('/contact?sent=success');
    expect(await saved()).toBe(before + 1);
  });
});
