import { CONTACT_FILL_FIELD } from '#shared/contact/form.ts';
import { count } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { httpRefusals } from '#shared/site/http-errors.ts';
import { formSubmissions } from '#worker/contact/contact-tables.ts';
import { MAX_REQUEST_BODY_BYTES } from '#worker/middleware/request-guard/request-guard-middleware.ts';
import { BROWSER_UA } from '../../support/html';
import { keptLog, startTestApp, type TestApp } from '../../support/test-app';
import { personsFormToken } from '../../support/contact-posts';

let t: TestApp;
let laterPosts = 0;

beforeAll(async () => {
  t = await startTestApp({
    env: { SITE_URL: 'https://shop.example', CONTACT_RATE_LIMIT: '0' },
    // A state-changing route added after the guard, as the cart and consent posts will be.
    extend: (app) =>
      app
        .post('/cart/items', (c) => {
          laterPosts++;
          return c.text('added');
        })
        // A later route that reads its form the plain way.
        .post('/consent', async (c) => c.json(await c.req.parseBody())),
  });
});
afterAll(() => t.close());

const contactForm = new URLSearchParams({ name: 'Ada', email: 'ada@example.com', subject: 'Returns', message: 'Hello' });
const saved = async () => (await t.deps.db.select({ n: count() }).from(formSubmissions))[0]!.n;

/** A post as a browser sends it; the contact form's with a person's form token (the fill check is on, as in a shop). */
async function post(path: string, headers: Record<string, string>, body?: BodyInit) {
  const form = body ?? new URLSearchParams({ ...Object.fromEntries(contactForm), [CONTACT_FILL_FIELD]: await personsFormToken(t) });
  return fetch(`${t.url}${path}`, { method: 'POST', redirect: 'manual', headers: { 'User-Agent': BROWSER_UA, ...headers }, body: form });
}

const crossSite = { Origin: 'https://evil.example', 'Sec-Fetch-Site': 'cross-site' };

describe('cross-site form posts', () => {
  it.each(['/contact', '/checkout/1', '/cart/items'])('refuses POST %s from another site with 403 and a page saying why', async (path) => {
    const before = await saved();
    const res = await post(path, crossSite);
    expect(res.status).toBe(403);
    expect(res.headers.get('content-type')).toMatch(/^text\/html/);
    const html = await res.text();
    expect(html).toContain(httpRefusals[403].title);
    expect(res.headers.get('content-security-policy')).toBeTruthy();
    expect(await saved()).toBe(before);
    expect(laterPosts).toBe(0);
  });

  it('refuses a form post that names no origin at all (no Origin, no Sec-Fetch-Site)', async () => {
    expect((await post('/contact', {})).status).toBe(403);
  });

  it('answers 403 JSON on /api/*, for the simple content types a cross-site page can send', async () => {
    const res = await post('/api/contact', { ...crossSite, 'Content-Type': 'text/plain' }, JSON.stringify({ name: 'Ada' }));
    expect(res.status).toBe(403);
    expect(await res.json()).toEqual({
      ok: false,
      error: 'forbidden',
      notice: { title: httpRefusals[403].title, description: httpRefusals[403].description },
    });
  });

  it("accepts the site's own posts: Origin from SITE_URL, the request's own origin, or Sec-Fetch-Site same-origin", async () => {
    const before = await saved();
    expect((await post('/contact', { Origin: 'https://shop.example' })).status).toBe(303);
    expect((await post('/contact', { Origin: t.url })).status).toBe(303);
    expect((await post('/contact', { 'Sec-Fetch-Site': 'same-origin' })).status).toBe(303);
    expect(await saved()).toBe(before + 3);
    expect((await post('/cart/items', { Origin: 'https://shop.example' })).status).toBe(200);
  });
});

describe('bodies that cannot be read', () => {
  it.each(['/contact', '/checkout/1', '/consent'])(
    'answers 400, not 500, for multipart without or with a broken boundary on %s',
    async (path) => {
      for (const type of ['multipart/form-data', 'multipart/form-data; boundary=zzz']) {
        const res = await post(path, { Origin: t.url, 'Content-Type': type }, '--abc\r\nbroken');
        expect(res.status).toBe(400);
        expect(await res.text()).toContain(httpRefusals[400].description);
      }
    },
  );

  it('answers 413 for a body over the global limit, on any state-changing route', async () => {
    const big = 'x'.repeat(MAX_REQUEST_BODY_BYTES + 1);
    for (const path of ['/checkout/1', '/cart/items', '/contact']) {
      const res = await post(path, { Origin: t.url, 'Content-Type': 'application/x-www-form-urlencoded' }, `a=${big}`);
      expect(res.status).toBe(413);
      await res.text();
    }
  });
});

describe('methods a route does not offer', () => {
  it('answers 405 with Allow where the path exists, 404 where it does not', async () => {
    const put = await fetch(`${t.url}/contact`, { method: 'PUT', headers: { Origin: t.url }, body: 'x' });
    expect(put.status).toBe(405);
    expect(put.headers.get('allow')?.split(', ').toSorted()).toEqual(['GET', 'HEAD', 'POST']);
    await put.text();
    const get = await fetch(`${t.url}/api/contact`);
    expect(get.status).toBe(405);
    expect(get.headers.get('allow')).toBe('POST');
    expect(await get.json()).toMatchObject({ ok: false, error: 'method_not_allowed' });
    const missing = await fetch(`${t.url}/no/such/page`, { method: 'DELETE', headers: { Origin: t.url } });
    expect(missing.status).toBe(404);
    await missing.text();
  });
});

describe('a visitor who leaves while posting', () => {
  it('is one info line, not an error with a stack', async () => {
    const { connect } = await import('node:net');
    const kept = keptLog();
    const original = t.deps.log;
    t.deps.log = kept.log;
    try {
      const { port } = new URL(t.url);
      await new Promise<void>((resolve) => {
        const socket = connect(Number(port), '127.0.0.1', () => {
          socket.write(
            'POST /contact HTTP/1.1\r\nHost: 127.0.0.1\r\nOrigin: https://shop.example\r\nContent-Type: application/x-www-form-urlencoded\r\nContent-Length: 5000\r\n\r\nname=Ada&email=',
          );
          setTimeout(() => {
            socket.destroy();
            resolve();
          }, 200);
        });
      });
      await new Promise((r) => setTimeout(r, 300));
      expect(kept.lines.filter((l) => l.level === 'error')).toEqual([]);
      expect(kept.lines.map((l) => l.msg)).toContain('request aborted by the client');
    } finally {
      t.deps.log = original;
    }
  });
});
