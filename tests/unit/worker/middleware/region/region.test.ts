import { Hono } from 'hono';
import { describe, expect, it } from 'vitest';
import { PREFERENCE_KEY } from '#shared/region/preference.ts';
import { injectDeps } from '#worker/middleware/inject-deps/index.ts';
import { region } from '#worker/middleware/region/index.ts';

/** The runtime's country as Node knows it (CF-IPCountry). */
const countryOf = (request: Request) => request.headers.get('cf-ipcountry');

const app = new Hono()
  .use(injectDeps({ countryOf }), region())
  .get('/page', (c) => c.html(`<p>${c.get('region').region}</p>`))
  .get('/cached-page', (c) => {
    c.header('Cache-Control', 'public, max-age=60, s-maxage=600');
    return c.html(`<p>${c.get('region').region}</p>`);
  })
  .get('/json', (c) => {
    c.header('Cache-Control', 'public, max-age=60');
    return c.json(c.get('region'));
  });

const resolved = async (headers: Record<string, string>) => (await app.request('/json', { headers })).json();

describe('region', () => {
  it('takes the saved choice first, then the country, then Accept-Language, else EU', async () => {
    const all = { Cookie: `${PREFERENCE_KEY}=US`, 'CF-IPCountry': 'GB', 'Accept-Language': 'de-AT,de;q=0.9' };
    expect(await resolved(all)).toEqual({ region: 'US', source: 'cookie', country: 'GB' });
    expect(await resolved({ ...all, Cookie: `${PREFERENCE_KEY}=Mars` })).toEqual({ region: 'UK', source: 'country', country: 'GB' });
    expect(await resolved({ 'CF-IPCountry': 'XX', 'Accept-Language': 'en-US' })).toMatchObject({ region: 'US', source: 'accept-language' });
    expect(await resolved({})).toMatchObject({ region: 'EU', source: 'default' });
  });

  it('marks HTML as varying by the region headers and private, keeping a route’s own max-age', async () => {
    const page = await app.request('/page', { headers: { 'CF-IPCountry': 'GB' } });
    expect(await page.text()).toBe('<p>UK</p>');
    expect(page.headers.get('Vary')).toBe('Cookie, CF-IPCountry, Accept-Language');
    expect(page.headers.get('Cache-Control')).toBe('private, no-cache');
    expect((await app.request('/cached-page')).headers.get('Cache-Control')).toBe('private, max-age=60');
  });

  it('leaves answers that are not HTML alone', async () => {
    const res = await app.request('/json');
    expect(res.headers.get('Vary')).toBeNull();
    expect(res.headers.get('Cache-Control')).toBe('public, max-age=60');
  });
});
