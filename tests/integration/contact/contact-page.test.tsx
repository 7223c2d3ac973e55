import { rm, writeFile } from 'node:fs/promises';
import { resolve } from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { sql } from 'drizzle-orm';
import { CONTACT_FILL_FIELD, CONTACT_MESSAGE_ROWS, CONTACT_SUBJECTS, contactNotices, contactRefusals } from '#shared/contact/form.ts';
import { absoluteUrl } from '#shared/seo/tags.ts';
import { shopInfo } from '#shared/policy/shop-info.ts';
import { BROWSER_UA, decodeEntities, jsonLdBlocks, mainOf, textOf } from '../../support/html';
import { formSubmissions } from '#worker/contact/contact-tables.ts';
import { MAX_CONTACT_BODY_BYTES } from '#worker/routes/contact/contact-post.ts';
import { startTestApp, type TestApp } from '../../support/test-app';
import { personsFormToken } from '../../support/contact-posts';

let t: TestApp;
const typed = { name: 'Ada <Shooter>', email: 'ada@example', phone: '', subject: 'Returns', message: 'Line one\nline "two"' };

beforeAll(async () => {
  t = await startTestApp({ env: { CONTACT_RATE_LIMIT: '3', CLIENT_IP_HEADER: 'x-forwarded-for' } });
});
afterAll(() => t.close());

/** The plain-HTML form's post, as a browser without JavaScript sends it. */
async function postForm(fields: Record<string, string>, sender = '203.0.113.50') {
  const res = await fetch(`${t.url}/contact`, {
    method: 'POST',
    redirect: 'manual',
    // A browser sends the page's origin with every form post (the cross-site check needs it).
    headers: { 'User-Agent': BROWSER_UA, 'X-Forwarded-For': sender, Origin: t.url },
    // A person's page: its form token rendered 10 s before (the fill check is on, as in a shop).
    body: new URLSearchParams({ [CONTACT_FILL_FIELD]: await personsFormToken(t), ...fields }),
  });
  return { res, html: await res.text() };
}

const savedMessages = async () => (await t.deps.db.select().from(formSubmissions)).map((r) => r.message);

/** The label text of the control with this id. */
function labelFor(html: string, id: string): string | undefined {
  const label = html.match(new RegExp(`<label for="${id}"[^>]*>([\\s\\S]*?)</label>`))?.[1];
  return label === undefined ? undefined : textOf(label.replace(/<span aria-hidden="true"[^>]*>\*<\/span>/, ''));
}

/** The opening tag of the form control named `name`. */
function control(html: string, name: string): string {
  const tag = html.match(new RegExp(`<(?:input|select|textarea)\\b[^>]*\\sname="${name}"[^>]*>`))?.[0];
  if (!tag) throw new Error(`no control named ${name}`);
  return tag;
}

const idOf = (tag: string) => tag.match(/\sid="([^"]+)"/)![1]!;

describe('GET /contact', () => {
  it('shows the heading, the form with labelled fields, the details, hours, WhatsApp and the map placeholder', async () => {
    const { res, html } = await t.get('/contact');
    expect(res.status).toBe(200);
    const main = mainOf(html);
    expect(main.match(/<h1\b[^>]*>([\s\S]*?)<\/h1>/g)?.map(textOf)).toEqual(['Contact Us']);

    const form = main.match(/<form\b[^>]*>/)![0];
    expect(form).toContain('action="/contact"');
    expect(form).toContain('method="post"');

    const labels = { name: 'Name', email: 'Email', phone: 'Phone (optional)', subject: 'Subject', message: 'Message' };
    for (const [name, label] of Object.entries(labels)) {
      const tag = control(main, name);
      expect(labelFor(main, idOf(tag)), name).toBe(label);
      expect(/\srequired=""/.test(tag), `${name} required`).toBe(name !== 'phone');
    }
    expect(control(main, 'name')).toContain('autoComplete="name"');
    expect(control(main, 'email')).toContain('type="email"');
    expect(control(main, 'phone')).toContain('autoComplete="tel"');
    expect(control(main, 'message')).toContain(`rows="${CONTACT_MESSAGE_ROWS}"`);
    expect(CONTACT_MESSAGE_ROWS).toBe(5);

    const select = main.match(/<select\b[\s\S]*?<\/select>/)![0];
    const options = [...select.matchAll(/<option value="([^"]*)"[^>]*>([^<]*)<\/option>/g)].map((m) => decodeEntities(m[1]!));
    expect(options).toEqual(['', ...CONTACT_SUBJECTS]);

    const text = textOf(main);
    // The team's hours in each office's own time (issue 66: no "EST" for a shop in Leeds and Vilnius).
    expect(text).toContain('Leeds (UK time) Monday – Friday 9:00 – 18:00 Saturday 10:00 – 16:00 Sunday Closed');
    expect(text).toContain('Vilnius (Lithuanian time) Monday – Friday 11:00 – 20:00 Saturday 12:00 – 18:00 Sunday Closed');
    expect(text).not.toContain('EST');
    expect(text).toContain(shopInfo.phone);
    expect(text).toContain(shopInfo.email);
    for (const a of shopInfo.addresses) expect(text).toContain(a.lines.join(' '));
    expect(main).toContain(`href="${shopInfo.whatsappUrl}"`);
    // Find Us: each office with a link that opens it in a map, no placeholder.
    expect(text).not.toContain('Interactive Map Would Be Displayed Here');
    for (const a of shopInfo.addresses)
      expect(main).toContain(`href="https://www.google.com/maps/search/?api=1&amp;query=${encodeURIComponent(a.lines.join(', '))}"`);
    // Nothing to announce on a fresh page.
    expect(main).not.toMatch(/role="(status|alert)"/);
  });

  it('declares its canonical URL and ContactPage structured data, and marks the header Contact link current', async () => {
    const { html } = await t.get('/contact');
    const url = absoluteUrl(t.deps.settings.SITE_URL, '/contact');
    expect(html).toContain(`<link rel="canonical" href="${url}"/>`);
    expect(html).toMatch(/<title>Contact Us \|/);
    expect(jsonLdBlocks(html).find((b) => b['@type'] === 'ContactPage')).toMatchObject({ name: 'Contact Us', url });
    const nav = html.match(/<nav aria-label="Main"[\s\S]*?<\/nav>/)![0];
    expect(nav).toMatch(/<a href="\/contact"[^>]*aria-current="page"/);
  });

  it.each(['success', 'partial', 'failed'] as const)('?sent=%s shows that outcome as a status message', async (outcome) => {
    const main = mainOf((await t.get(`/contact?sent=${outcome}`)).html);
    const status = main.match(/<div\b[^>]*role="status"[^>]*>([\s\S]*?)<\/div>/)?.[1];
    expect(textOf(status ?? '')).toBe(`${contactNotices[outcome].title} ${contactNotices[outcome].description}`);
  });

  it('ignores any other ?sent= value', async () => {
    for (const value of ['bogus', 'not_saved', '']) {
      const { res, html } = await t.get(`/contact?sent=${value}`);
      expect(res.status).toBe(200);
      expect(mainOf(html)).not.toMatch(/role="(status|alert)"/);
    }
  });
});

describe('POST /contact (the form without JavaScript)', () => {
  it('saves a valid message and redirects to the outcome, post/redirect/get', async () => {
    const { res } = await postForm({ ...typed, email: 'ada@example.com', message: 'Plain HTML works' });
    expect(res.status).toBe(303);
    expect(res.headers.get('location')).toBe('/contact?sent=success');
    expect(await savedMessages()).toContain('Plain HTML works');
  });

  it('keeps what was typed, names the problem in an alert and marks that field invalid', async () => {
    const before = await savedMessages();
    const { res, html } = await postForm(typed);
    expect(res.status).toBe(400);
    expect(await savedMessages()).toEqual(before);
    const main = mainOf(html);
    const alert = main.match(/<div\b[^>]*role="alert"[^>]*>([\s\S]*?)<\/div>/);
    expect(textOf(alert?.[1] ?? '')).toBe('Invalid email Please enter a valid email address.');
    const alertId = alert![0].match(/\sid="([^"]+)"/)![1];
    expect(control(main, 'email')).toContain('aria-invalid="true"');
    expect(control(main, 'email')).toContain(`aria-describedby="${alertId}"`);
    expect(control(main, 'name')).not.toContain('aria-invalid');
    expect(decodeEntities(control(main, 'name'))).toContain('value="Ada <Shooter>"');
    expect(decodeEntities(control(main, 'email'))).toContain('value="ada@example"');
    expect(main).toMatch(/<option value="Returns" selected="">/);
    expect(decodeEntities(main.match(/<textarea\b[^>]*>([\s\S]*?)<\/textarea>/)![1]!)).toBe(typed.message);
  });

  it('answers 413 with the page and a notice when the body is too large', async () => {
    const { res, html } = await postForm({ ...typed, email: 'ada@example.com', message: 'x'.repeat(MAX_CONTACT_BODY_BYTES) });
    expect(res.status).toBe(413);
    expect(textOf(mainOf(html))).toContain(contactRefusals.too_large.title);
  });

  it('keeps a message the database cannot save and says it is saved (the mail to follow)', async () => {
    await t.deps.db.run(sql`alter table form_submissions rename to form_submissions_away`);
    try {
      const { res } = await postForm({ ...typed, email: 'ada@example.com', message: 'Keep me' });
      expect(res.status).toBe(303);
      expect(res.headers.get('location')).toBe('/contact?sent=failed');
    } finally {
      await t.deps.db.run(sql`alter table form_submissions_away rename to form_submissions`);
    }
  });

  it('answers 503 keeping the typed message when it can be neither saved nor kept', async () => {
    const spool = resolve(t.deps.settings.CONTACT_SPOOL_DIR);
    await rm(spool, { recursive: true, force: true });
    await writeFile(spool, 'not a folder');
    await t.deps.db.run(sql`alter table form_submissions rename to form_submissions_away`);
    try {
      const { res, html } = await postForm({ ...typed, email: 'ada@example.com', message: 'Keep me' });
      expect(res.status).toBe(503);
      const main = mainOf(html);
      expect(textOf(main)).toContain(contactNotices.not_saved.description);
      expect(decodeEntities(main.match(/<textarea\b[^>]*>([\s\S]*?)<\/textarea>/)![1]!)).toBe('Keep me');
    } finally {
      await t.deps.db.run(sql`alter table form_submissions_away rename to form_submissions`);
      await rm(spool, { force: true });
    }
  });

  it('shows a refusal that is about no single field as an alert: 429 past the rate limit', async () => {
    const valid = { ...typed, email: 'ada@example.com' };
    for (let i = 0; i < 3; i++) expect((await postForm(valid, '198.51.100.77')).res.status).toBe(303);
    const { res, html } = await postForm(valid, '198.51.100.77');
    expect(res.status).toBe(429);
    expect(res.headers.get('retry-after')).toBe('600');
    const main = mainOf(html);
    expect(textOf(main.match(/<div\b[^>]*role="alert"[^>]*>([\s\S]*?)<\/div>/)?.[1] ?? '')).toBe(
      `${contactRefusals.rate_limited.title} ${contactRefusals.rate_limited.description}`,
    );
    expect(main).not.toContain('aria-invalid');
    expect(decodeEntities(control(main, 'name'))).toContain('value="Ada <Shooter>"');
  });
});

describe('GET /cart', () => {
  it('shows the empty cart, is kept out of search and links to products', async () => {
    const { res, html } = await t.get('/cart');
    expect(res.status).toBe(200);
    expect(html).toContain('<meta name="robots" content="noindex"/>');
    expect(html).not.toContain('rel="canonical"');
    const main = mainOf(html);
    expect(main.match(/<h1\b[^>]*>([\s\S]*?)<\/h1>/g)?.map(textOf)).toEqual(['Your Cart']);
    expect(textOf(main)).toContain('Your cart is empty.');
    expect(main).toContain('href="/products"');
  });
});

describe('sitemap', () => {
  it('lists /contact and not /cart', async () => {
    const xml = (await t.get('/sitemaps/default.xml')).html;
    expect(xml).toContain(`<loc>${absoluteUrl(t.deps.settings.SITE_URL, '/contact')}</loc>`);
    expect(xml).not.toContain('/cart<');
  });
});
