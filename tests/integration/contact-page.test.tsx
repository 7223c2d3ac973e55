import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { CONTACT_MESSAGE_ROWS, CONTACT_SUBJECTS, contactNotices, contactRefusals, validateContact } from '../../src/shared/contact';
import { absoluteUrl } from '../../src/shared/seo';
import { shopInfo } from '../../src/shared/shop-info';
import { BROWSER_UA, decodeEntities, jsonLdBlocks, mainOf, textOf } from '../support/html';
import { renderContactPage } from '../../src/worker/pages/contact/render-contact';
import { startTestApp, type TestApp } from '../support/test-app';

let t: TestApp;
const typed = { name: 'Ada <Shooter>', email: 'ada@example', phone: '', subject: 'Partnerships', message: 'Line one\nline "two"' };

beforeAll(async () => {
  // How the form post handler answers a refused plain-HTML submission.
  t = await startTestApp({
    extend: (app) =>
      app
        .get('/__contact-invalid', (c) => {
          const check = validateContact(typed);
          if (check.ok) throw new Error('expected a problem');
          c.status(400);
          return renderContactPage(c, { values: typed, problem: check.problem });
        })
        .get('/__contact-refused', (c) => {
          c.status(429);
          return renderContactPage(c, { values: typed, notice: contactRefusals.rate_limited });
        }),
  });
});
afterAll(() => t.close());

async function get(path: string) {
  const res = await fetch(`${t.url}${path}`, { headers: { 'User-Agent': BROWSER_UA } });
  return { res, html: await res.text() };
}

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
    const { res, html } = await get('/contact');
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
    for (const { days, hours } of shopInfo.businessHours) expect(text).toContain(`${days} ${hours}`);
    expect(text).toContain(shopInfo.phone);
    expect(text).toContain(shopInfo.email);
    for (const a of shopInfo.addresses) expect(text).toContain(a.lines.join(' '));
    expect(main).toContain(`href="${shopInfo.whatsappUrl}"`);
    expect(text).toContain('Find Us Interactive Map Would Be Displayed Here');
    // Nothing to announce on a fresh page.
    expect(main).not.toMatch(/role="(status|alert)"/);
  });

  it('declares its canonical URL and ContactPage structured data, and marks the header Contact link current', async () => {
    const { html } = await get('/contact');
    const url = absoluteUrl(t.deps.settings.SITE_URL, '/contact');
    expect(html).toContain(`<link rel="canonical" href="${url}"/>`);
    expect(html).toMatch(/<title>Contact Us \|/);
    expect(jsonLdBlocks(html).find((b) => b['@type'] === 'ContactPage')).toMatchObject({ name: 'Contact Us', url });
    const nav = html.match(/<nav aria-label="Main"[\s\S]*?<\/nav>/)![0];
    expect(nav).toMatch(/<a href="\/contact"[^>]*aria-current="page"/);
  });

  it.each(['success', 'partial', 'failed'] as const)('?sent=%s shows that outcome as a status message', async (outcome) => {
    const main = mainOf((await get(`/contact?sent=${outcome}`)).html);
    const status = main.match(/<div\b[^>]*role="status"[^>]*>([\s\S]*?)<\/div>/)?.[1];
    expect(textOf(status ?? '')).toBe(`${contactNotices[outcome].title} ${contactNotices[outcome].description}`);
  });

  it('ignores any other ?sent= value', async () => {
    for (const value of ['bogus', 'not_saved', '']) {
      const { res, html } = await get(`/contact?sent=${value}`);
      expect(res.status).toBe(200);
      expect(mainOf(html)).not.toMatch(/role="(status|alert)"/);
    }
  });
});

describe('the contact page answering a refused submission', () => {
  it('keeps what was typed, names the problem in an alert and marks that field invalid', async () => {
    const { res, html } = await get('/__contact-invalid');
    expect(res.status).toBe(400);
    const main = mainOf(html);
    const alert = main.match(/<div\b[^>]*role="alert"[^>]*>([\s\S]*?)<\/div>/);
    expect(textOf(alert?.[1] ?? '')).toBe('Invalid email Please enter a valid email address.');
    const alertId = alert![0].match(/\sid="([^"]+)"/)![1];
    expect(control(main, 'email')).toContain('aria-invalid="true"');
    expect(control(main, 'email')).toContain(`aria-describedby="${alertId}"`);
    expect(control(main, 'name')).not.toContain('aria-invalid');
    expect(decodeEntities(control(main, 'name'))).toContain('value="Ada <Shooter>"');
    expect(decodeEntities(control(main, 'email'))).toContain('value="ada@example"');
    expect(main).toMatch(/<option value="Partnerships" selected="">/);
    expect(decodeEntities(main.match(/<textarea\b[^>]*>([\s\S]*?)<\/textarea>/)![1]!)).toBe(typed.message);
  });

  it('shows a refusal that is about no single field as an alert', async () => {
    const { res, html } = await get('/__contact-refused');
    expect(res.status).toBe(429);
    const main = mainOf(html);
    expect(textOf(main.match(/<div\b[^>]*role="alert"[^>]*>([\s\S]*?)<\/div>/)?.[1] ?? '')).toBe(
      `${contactRefusals.rate_limited.title} ${contactRefusals.rate_limited.description}`,
    );
    expect(main).not.toContain('aria-invalid');
    expect(decodeEntities(control(main, 'name'))).toContain('value="Ada <Shooter>"');
  });
});

describe('GET /cart', () => {
  it('explains there is no cart, is kept out of search and links to products and contact', async () => {
    const { res, html } = await get('/cart');
    expect(res.status).toBe(200);
    expect(html).toContain('<meta name="robots" content="noindex"/>');
    expect(html).not.toContain('rel="canonical"');
    const main = mainOf(html);
    expect(main.match(/<h1\b[^>]*>([\s\S]*?)<\/h1>/g)?.map(textOf)).toEqual(['Your Cart']);
    expect(textOf(main)).toContain('Your cart is empty.');
    expect(textOf(main)).toContain('Buy Now');
    expect(main).toContain('href="/products"');
    expect(main).toContain('href="/contact"');
  });
});

describe('sitemap', () => {
  it('lists /contact and not /cart', async () => {
    const xml = (await get('/sitemap.xml')).html;
    expect(xml).toContain(`<loc>${absoluteUrl(t.deps.settings.SITE_URL, '/contact')}</loc>`);
    expect(xml).not.toContain('/cart<');
  });
});
