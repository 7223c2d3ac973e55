import { gunzipSync } from 'node:zlib';
import { request } from 'node:http';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { startTestApp, type TestApp } from '../../support/test-app';
import { BROWSER_UA, entryScriptOf } from '../../support/html';

let t: TestApp;
beforeAll(async () => {
  t = await startTestApp();
});
afterAll(() => t.close());

/** A raw GET (fetch would decode the body itself), returning headers and the bytes as sent. */
function rawGet(path: string, acceptEncoding?: string) {
  return new Promise<{ status: number; headers: Record<string, string | string[] | undefined>; body: Buffer }>((resolve, reject) => {
    const headers: Record<string, string> = { 'User-Agent': BROWSER_UA };
    if (acceptEncoding) headers['Accept-Encoding'] = acceptEncoding;
    request(`${t.url}${path}`, { headers }, (res) => {
      const chunks: Buffer[] = [];
      res.on('data', (c: Buffer) => chunks.push(c));
      res.on('end', () => resolve({ status: res.statusCode!, headers: res.headers, body: Buffer.concat(chunks) }));
    })
      .on('error', reject)
      .end();
  });
}

async function entryScript() {
  const html = (await rawGet('/anything')).body.toString();
  return entryScriptOf(html);
}

describe('compression on the Node runtime', () => {
  it('gzips pages for clients that accept it, and varies the cache on it', async () => {
    const res = await rawGet('/products', 'gzip, deflate');
    expect(res.headers['content-encoding']).toBe('gzip');
    expect(res.headers['content-length']).toBeUndefined();
    expect(String(res.headers.vary)).toMatch(/Cookie.*Accept-Encoding/);
    const html = gunzipSync(res.body).toString();
    expect(html).toMatch(/^<!DOCTYPE html>/i);
    expect(html).toContain('</html>');
    expect(res.body.length).toBeLessThan(html.length / 3);
  });

  it('sends pages as they are to clients that do not accept gzip', async () => {
    for (const accept of [undefined, 'identity', 'gzip;q=0, br']) {
      const res = await rawGet('/products', accept);
      expect(res.headers['content-encoding']).toBeUndefined();
      expect(res.body.toString()).toMatch(/^<!DOCTYPE html>/i);
    }
  });

  it('serves the built files precompressed: Brotli first, then gzip, with their length and long cache', async () => {
    const script = await entryScript();
    const plain = await rawGet(script);
    const br = await rawGet(script, 'gzip, deflate, br');
    expect(br.headers['content-encoding']).toBe('br');
    expect(Number(br.headers['content-length'])).toBe(br.body.length);
    expect(br.headers['cache-control']).toBe('public, max-age=31536000, immutable');
    const gz = await rawGet(script, 'gzip');
    expect(gz.headers['content-encoding']).toBe('gzip');
    expect(gunzipSync(gz.body).equals(plain.body)).toBe(true);
    expect(plain.headers['content-encoding']).toBeUndefined();
  });

  it("sends built files with the headers public/_headers gives them on Workers, not the pages' policies", async () => {
    const { headers } = await rawGet(await entryScript(), 'br');
    expect(headers['x-content-type-options']).toBe('nosniff');
    expect(headers['referrer-policy']).toBe('strict-origin-when-cross-origin');
    expect(headers['content-security-policy']).toBeUndefined();
    expect(headers['x-frame-options']).toBeUndefined();
    expect(headers['permissions-policy']).toBeUndefined();
    // A page still has them all.
    const page = await rawGet('/faq');
    expect(page.headers['content-security-policy']).toContain("default-src 'self'");
    expect(page.headers['x-frame-options']).toBe('DENY');
  });

  it('gzips small text files on the fly, but never a byte range of one', async () => {
    // Under 1 KB, so the build keeps no precompressed copy.
    const whole = await rawGet('/icon.svg', 'gzip');
    expect(whole.headers['content-encoding']).toBe('gzip');
    expect(gunzipSync(whole.body).toString()).toContain('<svg');
    const range = await new Promise<{ status: number; encoding: string | undefined; body: string }>((resolve, reject) => {
      request(`${t.url}/icon.svg`, { headers: { 'Accept-Encoding': 'gzip', Range: 'bytes=0-3' } }, (r) => {
        let body = '';
        r.on('data', (c: Buffer) => (body += c.toString()));
        r.on('end', () => resolve({ status: r.statusCode!, encoding: r.headers['content-encoding'], body }));
      })
        .on('error', reject)
        .end();
    });
    expect(range).toEqual({ status: 206, encoding: undefined, body: '<svg' });
  });

  it('leaves images that are compressed already alone', async () => {
    const res = await rawGet('/icon-192.png', 'gzip, br');
    expect(res.status).toBe(200);
    expect(res.headers['content-encoding']).toBeUndefined();
  });
});
