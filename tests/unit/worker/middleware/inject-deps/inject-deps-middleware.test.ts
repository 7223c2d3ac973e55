import { Hono } from 'hono';
import { describe, expect, it } from 'vitest';
import { injectDeps } from '#worker/middleware/inject-deps/inject-deps-middleware.ts';

describe('injectDeps', () => {
  it('hands every request the same dependencies it was given', async () => {
    const deps = { greeting: 'hello', seen: [] as string[] };
    const app = new Hono().use(injectDeps(deps)).get('/:name', (c) => {
      const given = c.get('deps');
      given.seen.push(c.req.param('name'));
      return c.text(`${given.greeting} ${c.req.param('name')}`);
    });
    expect(await (await app.request('/ada')).text()).toBe('hello ada');
    expect(await (await app.request('/bob')).text()).toBe('hello bob');
    expect(deps.seen).toEqual(['ada', 'bob']);
  });
});
