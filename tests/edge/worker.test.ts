import { afterAll, beforeAll, describe, expect, it } from 'vitest';

import { CONTACT_FILL_FIELD, contactNotices } from '#shared/contact/form.ts';
import { entryScriptOf, pageEvents } from '../support/html';
import { fillTokenOfAPerson, startWorker, type TestWorker } from '../support/worker';

let worker: TestWorker;
beforeAll(async () => {
  worker = await startWorker();
});
afterAll(() => worker.dispose());

const get: TestWorker['get'] = (path, init) => worker.get(path, init);

/** The island's post, with a person's form token (the Worker runs the shop's fill check, 3 s). */
const sendContact = async (body: object) =>
  get('/api/contact', {
    method: 'POST',
    headers: { 'Content-Type': 'application/json', 'CF-Connecting-IP': '203.0.113.9' },
    body: JSON.stringify({ [CONTACT_FILL_FIELD]: await fillTokenOfAPerson(), ...body }),
  });

describe('the built Worker in workerd', () => {
  it('renders the not-found page with status 404 and security headers', async () => {
    const res = await get('/definitely/missing');
    expect(res.status).toBe(404);
    const html = await res.text();
    expect(html).toContain('Page Not Found');
    expect(pageEvents(html)).toEqual([{ event: '404_error', page_path: '/definitely/missing' }]);
    expect(res.headers.get('content-security-policy')).toMatch(/script-src 'self' 'nonce-/);
    expect(res.headers.get('strict-transport-security')).toMatch(/max-age/);
    expect(res.headers.get('x-request-id')).toBeTruthy();
  });

  it('with the database unreachable and nothing kept, shows the catalogue it was built with (503, Retry-After: a cache may serve its stale copy instead), and says a product it lacks could not be loaded', async () => {
    const product = await get('/product/1');
    expect(product.status).toBe(503);
    expect(product.headers.get('retry-after')).toBe('30');
    expect(await product.text()).toContain('Stock unknown');
    const unknown = await get('/product/99');
    expect(unknown.status).toBe(500);
    expect(await unknown.text()).toContain('Failed to load product data');
    const list = await get('/products');
    expect(list.status).toBe(503);
    expect(await list.text()).toContain('G-Series Laser Training Pistol');
    // The home page still shows, without its products.
    const home = await get('/');
    expect(home.status).toBe(503);
    await home.text();
    // A category's address is not called unknown because its categories could not be read: the landing stands in.
    const category = await get('/training-gun-digest/fundamentals');
    expect(category.status).toBe(503);
    expect(await category.text()).toContain('Training Gun Digest');
  });

  it('serves static assets through Workers Static Assets with the _headers rules', async () => {
    const icon = await get('/favicon.ico');
    expect(icon.status).toBe(200);
    expect(icon.headers.get('content-type')).toContain('icon');
    await icon.arrayBuffer();
    const html = await (await get('/x')).text();
    const script = entryScriptOf(html);
    const js = await get(script);
    expect(js.status).toBe(200);
    expect(js.headers.get('cache-control')).toBe('public, max-age=31536000, immutable');
    await js.text();
    const manifest = await get('/.vite/manifest.json');
    expect(manifest.headers.get('content-type') ?? '').not.toContain('json');
    await manifest.text();
  });

  it('degrades a database read to the empty list when Turso is unreachable, and logs it', async () => {
    const res = await get('/api/blog/posts');
    expect(res.status).toBe(200);
    expect(await res.json()).toEqual({ posts: [], total: 0, page: 1, pageCount: 1 });
    await expect.poll(() => worker.logs(), { timeout: 5000 }).toContain('database read failed: search');
  });

  it('redirects an article to the digest when its read fails, and logs it', async () => {
    const res = await get('/blog/dry-fire-fundamentals', { redirect: 'manual' });
    expect(res.status).toBe(302);
    expect(res.headers.get('location')).toBe('/training-gun-digest');
    await res.text();
    await expect.poll(() => worker.logs(), { timeout: 5000 }).toContain('database read failed: post');
  });

  it('reports the unreachable database on /healthz with 503, with every other problem at once', async () => {
    const res = await get('/healthz');
    expect(res.status).toBe(503);
    const body = (await res.json()) as { status: string; database: string; problems: string[] };
    expect(body).toMatchObject({ status: 'degraded', database: 'unreachable' });
    expect(body.problems).toContainEqual(expect.stringMatching(/^the database is unreachable at /));
  });

  it('answers a contact message it cannot save with 503 "not saved", and checks input before the database', async () => {
    const invalid = await sendContact({ name: 'Ada' });
    expect(invalid.status).toBe(400);
    expect(await invalid.json()).toMatchObject({ ok: false, error: 'invalid', problem: { field: 'email' } });
    const res = await sendContact({ name: 'Ada', email: 'ada@example.com', subject: 'Other', message: 'Hello' });
    expect(res.status).toBe(503);
    expect(await res.json()).toEqual({ ok: false, error: 'not_saved', notice: contactNotices.not_saved });
    // Its form token could not be checked (the database is unreachable) and this Worker has no queue to keep it in.
    expect(worker.logs()).toContain('contact form token not checked: the database cannot say');
  });
});

describe('the Worker without RATE_LIMIT_SECRET', () => {
  it('says on /healthz that no limit holds across isolates (503 with the reason), and logs it', async () => {
    const bare = await startWorker({ RATE_LIMIT_SECRET: '' });
    try {
      const res = await bare.get('/healthz');
      expect(res.status).toBe(503);
      expect(await res.json()).toMatchObject({
        status: 'degraded',
        problems: expect.arrayContaining([expect.stringContaining('RATE_LIMIT_SECRET is not set')]),
      });
      expect(bare.logs()).toContain('RATE_LIMIT_SECRET is not set');
    } finally {
      await bare.dispose();
    }
  });
});
