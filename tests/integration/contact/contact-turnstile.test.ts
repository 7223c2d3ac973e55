import { afterAll, beforeAll, beforeEach, describe, expect, it } from 'vitest';
import { CONTACT_FILL_FIELD, TURNSTILE_RESPONSE_FIELD, contactRefusals } from '#shared/contact/form.ts';
import { fillTokenFor } from '#worker/contact/fill-time.ts';
import { TURNSTILE_SCRIPT_URL } from '#shared/contact/turnstile.ts';
import { decodeEntities } from '../../support/html';
import { postContactForm, postContactJson, savedCount, validContact } from '../../support/contact-posts';
import { startPostmarkEmulator, type PostmarkEmulator } from '../../support/postmark-emulator';
import { logDuring, startTestApp, submissionRow, type TestApp } from '../../support/test-app';
import { GOOD_TURNSTILE_TOKEN, startTurnstileEmulator, type TurnstileEmulator } from '../../support/turnstile-emulator';
import { closedPort } from '../../support/loopback';

let t: TestApp;
let plain: TestApp;
let postmark: PostmarkEmulator;
let turnstile: TurnstileEmulator;

beforeAll(async () => {
  [postmark, turnstile] = await Promise.all([startPostmarkEmulator(), startTurnstileEmulator()]);
  const mail = { POSTMARK_SERVER_TOKEN: postmark.token, POSTMARK_API_URL: postmark.url, CONTACT_RATE_LIMIT: '0' };
  [t, plain] = await Promise.all([startTestApp({ env: { ...mail, ...turnstile.env } }), startTestApp({ env: mail })]);
});
afterAll(async () => {
  await Promise.all([t.close(), plain.close()]);
  await Promise.all([postmark.close(), turnstile.close()]);
});
beforeEach(() => {
  postmark.received.length = 0;
  turnstile.received.length = 0;
  turnstile.state.mode = 'up';
});

const valid = validContact;
const saved = () => savedCount(t);
const postJson = postContactJson;
const postForm = (fields: Record<string, string>) => postContactForm(t, fields);
const directive = (csp: string | null, name: string) => csp?.split('; ').find((d) => d.startsWith(`${name} `));

describe('Turnstile on the contact page', () => {
  it('loads the script with the page nonce, renders the widget area and allows the origin in the CSP, only when configured', async () => {
    const { res, html } = await t.get('/contact');
    const csp = res.headers.get('content-security-policy');
    expect(directive(csp, 'script-src')).toContain(' https://challenges.cloudflare.com');
    expect(directive(csp, 'frame-src')).toBe("frame-src 'self' https://challenges.cloudflare.com");
    const nonce = directive(csp, 'script-src')!.match(/'nonce-([^']+)'/)![1]!;
    const script = html.match(/<script[^>]*id="turnstile-api"[^>]*>/)?.[0];
    expect(script).toBeDefined();
    expect(decodeEntities(script!)).toContain(`src="${TURNSTILE_SCRIPT_URL}"`);
    expect(script).toContain(`nonce="${nonce}"`);
    expect(html).toContain('data-turnstile=""');
    expect(html).toContain(turnstile.env.TURNSTILE_SITE_KEY);

    // Other pages neither load it nor show it.
    expect((await t.get('/products')).html).not.toContain('challenges.cloudflare.com');

    const off = await plain.get('/contact');
    expect(off.res.headers.get('content-security-policy')).not.toContain('challenges.cloudflare.com');
    expect(directive(off.res.headers.get('content-security-policy'), 'frame-src')).toBeUndefined();
    expect(off.html).not.toContain('challenges.cloudflare.com');
    expect(off.html).not.toContain('data-turnstile');
  });
});

describe('Turnstile checked on the server', () => {
  it('saves and mails a message whose token siteverify accepts, sending the secret, the token and the address', async () => {
    const { status, body } = await postJson(t, { ...valid, [TURNSTILE_RESPONSE_FIELD]: GOOD_TURNSTILE_TOKEN });
    expect(status).toBe(200);
    expect(body).toMatchObject({ ok: true, outcome: 'success' });
    expect(await submissionRow(t, (body as { id: number }).id)).toMatchObject({ email: valid.email });
    expect(turnstile.received).toEqual([
      {
        contentType: expect.stringContaining('application/x-www-form-urlencoded'),
        params: { secret: turnstile.env.TURNSTILE_SECRET_KEY, response: GOOD_TURNSTILE_TOKEN, remoteip: '127.0.0.1' },
      },
    ]);
    expect(postmark.received).toHaveLength(2);
  });

  it('answers 400 "confirm you are not a robot" to a token siteverify turns down, or none, and saves nothing', async () => {
    const before = await saved();
    const { result, lines } = await logDuring(t, () => postJson(t, { ...valid, [TURNSTILE_RESPONSE_FIELD]: 'forged' }));
    expect(result).toEqual({ status: 400, body: { ok: false, error: 'challenge_failed', notice: contactRefusals.challenge_failed } });
    expect(contactRefusals.challenge_failed.description).toBe('Please confirm you are not a robot and send again.');
    expect(lines.filter((l) => l.msg === 'contact turnstile failed')).toEqual([
      expect.objectContaining({ level: 'warn', fields: expect.objectContaining({ errorCodes: ['invalid-input-response'] }) }),
    ]);

    expect(await postJson(t, valid)).toMatchObject({ status: 400, body: { error: 'challenge_failed' } });
    expect(turnstile.received).toHaveLength(1); // no token: not even asked
    expect(await saved()).toBe(before);
    expect(postmark.received).toEqual([]);
  });

  it('shows the plain-HTML form again with a 400, the typed values and the request to confirm', async () => {
    const before = await saved();
    const { res, html } = await postForm({ ...valid, [TURNSTILE_RESPONSE_FIELD]: 'forged' });
    expect(res.status).toBe(400);
    expect(decodeEntities(html)).toContain(contactRefusals.challenge_failed.description);
    expect(html).toContain(`value="${valid.name}"`);
    expect(html).toContain(valid.message);
    expect(await saved()).toBe(before);

    const passed = await postForm({ ...valid, [TURNSTILE_RESPONSE_FIELD]: GOOD_TURNSTILE_TOKEN });
    expect(passed.res.headers.get('location')).toBe('/contact?sent=success');
    expect(await saved()).toBe(before + 1);
  });

  it("keeps the form's fill-time token unspent when Turnstile turns a post down: the person's next try with the same form is saved", async () => {
    t.deps.settings.CONTACT_MIN_FILL_MS = 3000;
    try {
      const form = { ...valid, [CONTACT_FILL_FIELD]: await fillTokenFor(t.deps.settings, Date.now() - 5000) };
      const before = await saved();
      expect((await postForm({ ...form, [TURNSTILE_RESPONSE_FIELD]: 'forged' })).res.status).toBe(400);
      const passed = await postForm({ ...form, [TURNSTILE_RESPONSE_FIELD]: GOOD_TURNSTILE_TOKEN });
      expect(passed.res.headers.get('location')).toBe('/contact?sent=success');
      expect(await saved()).toBe(before + 1);
      // Spent now: the same form again is a replay, answered as sent and not saved.
      expect((await postForm({ ...form, [TURNSTILE_RESPONSE_FIELD]: GOOD_TURNSTILE_TOKEN })).res.status).toBe(303);
      expect(await saved()).toBe(before + 1);
    } finally {
      t.deps.settings.CONTACT_MIN_FILL_MS = 0;
    }
  });

  it('drops a honeypot bot as before, without asking siteverify', async () => {
    const { body } = await postJson(t, { ...valid, website: 'https://spam.example' });
    expect(body).toEqual({ ok: true, id: 0, outcome: 'success', formToken: expect.any(String) });
    expect(turnstile.received).toEqual([]);
  });

  it('saves the message when siteverify is down or unreachable, and logs it as an error', async () => {
    turnstile.state.mode = 'down';
    const before = await saved();
    const down = await logDuring(t, () => postJson(t, { ...valid, [TURNSTILE_RESPONSE_FIELD]: 'anything' }));
    expect(down.result.body).toMatchObject({ ok: true, outcome: 'success' });
    expect(down.lines.filter((l) => l.msg === 'contact turnstile unavailable')).toEqual([
      expect.objectContaining({ level: 'error', fields: expect.objectContaining({ reason: 'status 503' }) }),
    ]);

    const url = t.deps.settings.TURNSTILE_VERIFY_URL;
    t.deps.settings.TURNSTILE_VERIFY_URL = `http://127.0.0.1:${await closedPort()}/turnstile/v0/siteverify`;
    try {
      const unreachable = await logDuring(t, () => postJson(t, { ...valid, [TURNSTILE_RESPONSE_FIELD]: 'anything' }));
      expect(unreachable.result.body).toMatchObject({ ok: true });
      expect(unreachable.lines.some((l) => l.msg === 'contact turnstile unavailable' && l.level === 'error')).toBe(true);
    } finally {
      t.deps.settings.TURNSTILE_VERIFY_URL = url;
    }
    expect(await saved()).toBe(before + 2);
  });

  it("takes a wrong secret for the operator's problem, not the visitor's: saved and logged", async () => {
    const secret = t.deps.settings.TURNSTILE_SECRET_KEY;
    t.deps.settings.TURNSTILE_SECRET_KEY = 'not-the-secret';
    try {
      const { result, lines } = await logDuring(t, () => postJson(t, { ...valid, [TURNSTILE_RESPONSE_FIELD]: GOOD_TURNSTILE_TOKEN }));
      expect(result.body).toMatchObject({ ok: true });
      expect(lines.filter((l) => l.msg === 'contact turnstile unavailable')).toEqual([
        expect.objectContaining({ fields: expect.objectContaining({ reason: 'invalid-input-secret' }) }),
      ]);
    } finally {
      t.deps.settings.TURNSTILE_SECRET_KEY = secret;
    }
  });

  it('does not check anything when not configured', async () => {
    const { body } = await postJson(plain, valid);
    expect(body).toMatchObject({ ok: true, outcome: 'success' });
    expect(turnstile.received).toEqual([]);
  });
});
