import { Hono } from 'hono';
import { describe, expect, it } from 'vitest';
import { readFields } from '#worker/http/read-fields.ts';

const app = new Hono()
  .post('/any', async (c) => c.json(await readFields(c)))
  .post('/form', async (c) => c.json(await readFields(c, ['form'])))
  .post('/json', async (c) => c.json(await readFields(c, ['json'])));

const post = (path: string, body: BodyInit | undefined, type?: string) =>
  app.request(path, { method: 'POST', body, headers: type ? { 'Content-Type': type } : {} });

describe('readFields', () => {
  it('reads the text fields of a urlencoded form, a multipart form and a JSON object alike', async () => {
    const expected = { name: 'Ada', quantity: '2' };
    expect(await (await post('/any', new URLSearchParams(expected))).json()).toEqual(expected);
    const multipart = new FormData();
    multipart.set('name', 'Ada');
    multipart.set('quantity', '2');
    multipart.set('upload', new File(['x'], 'x.txt'));
    expect(await (await post('/any', multipart)).json()).toEqual(expected);
    const json = JSON.stringify({ ...expected, count: 3, nested: { a: 1 } });
    expect(await (await post('/any', json, 'application/json; charset=utf-8')).json()).toEqual(expected);
  });

  it('gives no fields for a post without a body type', async () => {
    expect(await (await post('/any', undefined)).json()).toEqual({});
  });

  it('answers 400 for a body that does not parse or is not an object', async () => {
    expect((await post('/any', '{"name":', 'application/json')).status).toBe(400);
    expect((await post('/any', '[1,2]', 'application/json')).status).toBe(400);
    expect((await post('/any', 'null', 'application/json')).status).toBe(400);
    expect((await post('/any', '--x\r\nbroken', 'multipart/form-data')).status).toBe(400);
  });

  it('answers 415 for a body type the route does not take', async () => {
    expect((await post('/any', 'name=Ada', 'text/plain')).status).toBe(415);
    expect((await post('/json', 'name=Ada', 'application/x-www-form-urlencoded')).status).toBe(415);
    expect((await post('/form', '{"name":"Ada"}', 'application/json')).status).toBe(415);
  });
});
