import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { startShopServer, type ShopServer } from '../support/shop-server';
import { startPreparedTurso, type TursoEmulator } from '../support/turso-emulator';
import { firstBytesThenRest } from '../support/first-bytes';

/**
 * The Node server (what `npm start` runs) over a database 400 ms away (the local libSQL server, its
 * answers delayed): a kept page nobody asked for yet sends its first bytes before the database has
 * answered anything of it, and the copy the cache keeps is the bytes that visitor got.
 */
let turso: TursoEmulator;
let server: ShopServer;
beforeAll(async () => {
  turso = await startPreparedTurso();
  server = await startShopServer({ env: { TURSO_DATABASE_URL: turso.url, TURSO_AUTH_TOKEN: turso.token } });
  turso.setDelay(400);
});
afterAll(async () => {
  await server?.stop();
  await turso?.close();
});

describe('a kept page on a miss, the database 400 ms away', () => {
  // In this order: each reads something the ones before did not (the read cache keeps what they read).
  it.each(['/products', '/', '/gb/product/1'])(
    '%s: first bytes before the database answers, the rest after, and later visitors get the same bytes',
    async (path) => {
      const page = await firstBytesThenRest(
        `Node ${path}`,
        () => fetch(`${server.url}${path}`, { headers: { 'Accept-Encoding': 'identity' } }),
        turso,
      );
      expect(page.status).toBe(200);
      // Nothing of the page's data had come back when its first bytes left: they are the document's start.
      expect(page.answeredBeforeFirstBytes).toBe(0);
      expect(page.first).toMatch(/^<!DOCTYPE html><html [^>]*><head><meta charSet="utf-8"\/>/);
      expect(page.first).toContain('rel="stylesheet"');
      expect(page.first).not.toContain('<title>');
      expect(page.whole).toMatch(/<title>[^<]+<\/title>[\s\S]*<\/body><\/html>$/);
      expect(page.cacheStatus).toBe('MISS');
      const again = await fetch(`${server.url}${path}`, { headers: { 'Accept-Encoding': 'identity' } });
      expect(again.headers.get('cf-cache-status')).toBe('HIT');
      expect(await again.text()).toBe(page.whole);
      expect(again.headers.get('content-security-policy')).toBe(page.csp);
    },
  );

  it('a page whose address needs the database to know (an article) still waits for it: its status may be 404', async () => {
    const missing = await fetch(`${server.url}/training-gun-digest/no-such-article`, { headers: { 'Accept-Encoding': 'identity' } });
    expect(missing.status).toBe(404);
    await missing.text();
  });
});
