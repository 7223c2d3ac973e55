import { Hono } from 'hono';
import { describe, expect, it } from 'vitest';
import type { LogFields, LogLevel, Logger } from '#worker/base/log.ts';
import { injectDeps } from '#worker/middleware/inject-deps/inject-deps-middleware.ts';
import { requestLog } from '#worker/middleware/request-log/request-log-middleware.ts';

function loggedApp() {
  const lines: { level: LogLevel; msg: string; fields: LogFields | undefined }[] = [];
  const log: Logger = (level, msg, fields) => lines.push({ level, msg, fields });
  const app = new Hono()
    .use(injectDeps({ log }), requestLog())
    .get('/hello', (c) => {
      c.get('log')('info', 'inside', { step: 1 });
      return c.text(c.get('requestId'));
    })
    .get('/missing', (c) => c.text('no', 404))
    .get('/kept', (c) => {
      c.header('Cache-Control', 'public, no-cache');
      c.header('Cloudflare-CDN-Cache-Control', 'max-age=300, stale-while-revalidate=86400');
      return c.text('a page for everyone');
    });
  return { app, lines };
}

describe('requestLog', () => {
  it('gives every request its own id, in X-Request-Id and to the handler', async () => {
    const { app } = loggedApp();
    const first = await app.request('/hello');
    const second = await app.request('/hello');
    const id = first.headers.get('X-Request-Id');
    expect(id).toMatch(/^[0-9a-f-]{36}$/);
    expect(await first.text()).toBe(id);
    expect(second.headers.get('X-Request-Id')).not.toBe(id);
  });

  it('leaves the id off a page shared caches keep (each visitor served from it would get the first id), and logs it', async () => {
    const { app, lines } = loggedApp();
    const kept = await app.request('/kept');
    expect(kept.headers.get('X-Request-Id')).toBeNull();
    expect(lines[0]!.fields!.requestId).toMatch(/^[0-9a-f-]{36}$/);
  });

  it('logs one line when the request is answered, and the handler’s lines carry the request id', async () => {
    const { app, lines } = loggedApp();
    const res = await app.request('/missing?x=1', { method: 'GET' });
    const id = res.headers.get('X-Request-Id');
    expect(lines).toHaveLength(1);
    expect(lines[0]).toMatchObject({
      level: 'info',
      msg: 'request',
      fields: { requestId: id, method: 'GET', path: '/missing', status: 404 },
    });
    expect(lines[0]!.fields!.durationMs).toBeTypeOf('number');

    lines.length = 0;
    const hello = await app.request('/hello');
    expect(lines.map((l) => l.msg)).toEqual(['inside', 'request']);
    expect(lines[0]!.fields).toEqual({ requestId: hello.headers.get('X-Request-Id'), step: 1 });
  });
});
