import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { openSession } from '#worker/admin/admin-sessions.ts';
import { startPaymentsApp, type PaymentsApp } from '../../support/payments-app';
import { keptLog } from '../../support/test-app';

/**
 * Every route the app serves, asked with malformed input (issue 54): ids out of range, encodings that
 * do not decode, path tricks, bodies that do not parse or carry the wrong types. Each answer is the
 * client's problem (4xx) or an ordinary page, never a 5xx; as the shopper and as the signed-in owner.
 */
const OWNER = 'owner@example.com';
let running: PaymentsApp;
const { log, lines } = keptLog();

beforeAll(async () => {
  running = await startPaymentsApp('whsec_sweep', log, { ADMIN_EMAILS: OWNER, CHECKOUT_RATE_LIMIT: '0' });
});
afterAll(() => running.close());

/** What a path parameter is replaced by. */
const PARAMS = ['-1', '9'.repeat(400), '%00', '%E0%A4%A', '..%2F..%2Fetc', 'x'.repeat(3000), '1e309'];

/** Bodies a POST is sent with: [content type, body]. */
const BODIES: Array<[string | null, string]> = [
  [null, ''],
  ['application/x-www-form-urlencoded', 'a=%ZZ&line_1=1e9&line_01=1&amount=-1&quantity=99999999999999999999&id=9'.concat('9'.repeat(400))],
  ['application/x-www-form-urlencoded', 'form_token=x&product_id=NaN&stars=6&email=%00&choice=granted&wants=refund&reason=x'],
  ['application/json', '{"broken'],
  ['application/json', '[1,2,3]'],
  ['application/json', '{"product_id":{"$gt":1},"quantity":1e309,"email":["a"]}'],
  ['multipart/form-data', '--x\r\nbroken'],
  ['text/plain', 'hello'],
];

/** The app's routes as concrete paths: each parameter replaced by each malformed value (optional ones also left out). */
function pathsOf(pattern: string): string[] {
  if (!pattern.includes(':')) return [pattern.replace(/\/\*$/, '/anything')];
  return PARAMS.map((value) => pattern.replace(/:[\w]+(\{[^}]*\})?\??/g, value).replace(/\/\*$/, `/${value}`));
}

describe('a malformed-input sweep over every route', () => {
  it('answers no request with a 5xx', async () => {
    const { app, url, deps } = running.app;
    // The markets' copies of a route are the same handler: the unprefixed one and /gb stand for them.
    const routes = app.routes.filter((r) => r.method !== 'ALL' && r.path !== '/*' && !/^\/(eu|us)(\/|$)/.test(r.path));
    expect(routes.length).toBeGreaterThan(50);
    const owner = `__Host-admin=${await openSession(deps.db, OWNER)}`;
    const seen = new Set<string>();
    const failures: string[] = [];
    let asked = 0;
    for (const route of routes) {
      for (const path of pathsOf(route.path)) {
        for (const cookie of path.startsWith('/admin') ? ['', owner] : ['']) {
          const bodies: Array<[string | null, string] | null> = route.method === 'GET' ? [null] : BODIES;
          for (const body of bodies) {
            const key = `${route.method} ${path} ${cookie ? 'owner' : ''} ${body?.[0] ?? ''} ${body?.[1].length ?? 0}`;
            if (seen.has(key)) continue;
            seen.add(key);
            const headers: Record<string, string> = { Origin: url, 'X-Forwarded-For': `198.51.100.${asked % 250}` };
            if (cookie) headers.Cookie = cookie;
            if (body?.[0]) headers['Content-Type'] = body[0].startsWith('multipart') ? `${body[0]}; boundary=x` : body[0];
            const res = await fetch(`${url}${path}`, {
              method: route.method,
              headers,
              body: route.method === 'GET' || route.method === 'HEAD' ? undefined : (body?.[1] ?? ''),
              redirect: 'manual',
            });
            await res.arrayBuffer();
            asked++;
            if (res.status >= 500) failures.push(`${res.status} ${route.method} ${path.slice(0, 80)} ${body?.[0] ?? ''}`);
          }
        }
      }
    }
    expect(asked).toBeGreaterThan(1000);
    expect(failures).toEqual([]);
    expect(lines.filter((l) => l.level === 'error' && l.msg === 'unhandled error')).toEqual([]);
  }, 120_000);
});
