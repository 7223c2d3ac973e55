import { Hono } from 'hono';
import { describe, expect, it } from 'vitest';
import { MAX_REQUEST_BODY_BYTES, requestGuard } from '#worker/middleware/request-guard/request-guard-middleware.ts';

const SITE = 'https://shop.example';
const app = new Hono().use(requestGuard(SITE)).all('/form', (c) => c.text(`${c.req.method} ok`));

const form = { 'Content-Type': 'application/x-www-form-urlencoded' };
const post = (headers: Record<string, string>, body = 'a=1') => app.request(`${SITE}/form`, { method: 'POST', headers, body });

describe('requestGuard', () => {
  it('refuses a form posted from another site with 403', async () => {
    expect((await post({ ...form, Origin: 'https://evil.example' })).status).toBe(403);
    expect((await post({ ...form, 'Sec-Fetch-Site': 'cross-site' })).status).toBe(403);
  });

  it('takes a form from the site itself', async () => {
    expect(await (await post({ ...form, Origin: SITE })).text()).toBe('POST ok');
    expect((await post({ ...form, 'Sec-Fetch-Site': 'same-origin' })).status).toBe(200);
  });

  it('refuses a body over the limit with 413, and takes one at the limit', async () => {
    expect((await post({ ...form, Origin: SITE }, 'a='.padEnd(MAX_REQUEST_BODY_BYTES + 1, 'x'))).status).toBe(413);
    expect((await post({ ...form, Origin: SITE }, 'a='.padEnd(MAX_REQUEST_BODY_BYTES, 'x'))).status).toBe(200);
  });

  it('lets safe methods through from anywhere', async () => {
    for (const method of ['GET', 'HEAD', 'OPTIONS']) {
      const res = await app.request(`${SITE}/form`, { method, headers: { Origin: 'https://evil.example' } });
      expect(res.status, method).toBe(200);
    }
  });
});
