import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { regionOf } from '../support/html';
import { startPreparedTurso, type TursoEmulator } from '../support/turso-emulator';
import { startWorker, type TestWorker } from '../support/worker';

/** The first HTML's region on the Worker, where the country is request.cf.country. */
let worker: TestWorker;
let turso: TursoEmulator;
beforeAll(async () => {
  turso = await startPreparedTurso();
  worker = await startWorker({ IP_LOOKUP_URL: 'https://ip.example/json/', TURSO_DATABASE_URL: turso.url, TURSO_AUTH_TOKEN: turso.token });
});
afterAll(() => Promise.all([worker.dispose(), turso.close()]));

/** Miniflare's placeholder cf object says US; this removes the country. */
const NO_COUNTRY = { country: undefined };

/** The product page: its region, and the currency symbols of its prices. */
async function firstHtml(init: Parameters<TestWorker['get']>[1] = {}) {
  const res = await worker.get('/product/1', init);
  const html = await res.text();
  const main = html.slice(html.indexOf('<main'), html.indexOf('</main>'));
  const symbols = [...new Set(main.match(/[£€$](?=\d)/g))].join('');
  return { res, ...regionOf(html), symbols };
}

describe('first HTML region on the Worker', () => {
  it('follows a saved UK cookie over cf.country', async () => {
    expect(await firstHtml({ cf: { country: 'US' }, headers: { Cookie: 'preferredCountry=UK' } })).toMatchObject({
      region: 'UK',
      source: 'cookie',
      symbols: '£',
    });
  });

  it.each([
    ['DE', 'EU', '€'],
    ['GB', 'UK', '£'],
    ['US', 'US', '$'],
    ['JP', 'EU', '€'],
  ] as const)('reads cf.country %s as %s, prices in %s', async (country, region, symbols) => {
    expect(await firstHtml({ cf: { country }, headers: { 'Accept-Language': 'en-US' } })).toMatchObject({
      region,
      source: 'country',
      symbols,
    });
  });

  it('takes the country from cf, not from a CF-IPCountry header the client sent', async () => {
    expect(await firstHtml({ cf: { country: 'GB' }, headers: { 'CF-IPCountry': 'US' } })).toMatchObject({ region: 'UK' });
  });

  it('falls to Accept-Language, then EU', async () => {
    expect(await firstHtml({ cf: NO_COUNTRY, headers: { 'Accept-Language': 'en-GB,en;q=0.8' } })).toMatchObject({
      region: 'UK',
      source: 'accept-language',
      symbols: '£',
    });
    expect(await firstHtml({ cf: NO_COUNTRY })).toMatchObject({ region: 'EU', source: 'default', symbols: '€' });
  });

  it('varies the HTML on what decides the region, private once it holds something of the visitor, and allows the configured services', async () => {
    // A stranger's page is everyone's of that region (kept under it); a visitor with a cookie gets their own.
    const { res } = await firstHtml({ cf: { country: 'DE' } });
    expect(res.headers.get('cache-control')).toBe('public, no-cache');
    const own = await worker.get('/', { cf: { country: 'DE' }, headers: { Cookie: 'consent=denied' } });
    expect(own.headers.get('cache-control')).toBe('private, no-cache');
    await own.text();
    expect(res.headers.get('vary')).toContain('Cookie, CF-IPCountry, Accept-Language');
    expect(res.headers.get('content-security-policy')).toContain("connect-src 'self' https://api.bigdatacloud.net https://ip.example;");
    expect(res.headers.get('permissions-policy')).toContain('geolocation=(self)');
  });
});
