import { Hono } from 'hono';
import { describe, expect, it } from 'vitest';
import { PREFERENCE_KEY } from '#shared/region/preference.ts';
import { injectDeps } from '#worker/middleware/inject-deps/inject-deps-middleware.ts';
import { region } from '#worker/middleware/region/region-middleware.ts';

/** The runtime's country as Node knows it (CF-IPCountry). */
const countryOf = (request: Request) => request.headers.get('cf-ipcountry');

const app = new Hono().use(injectDeps({ countryOf }), region()).get('/json', (c) => c.json(c.get('region')));

const resolved = async (headers: Record<string, string>) => (await app.request('/json', { headers })).json();

describe('region', () => {
  it('takes the saved choice first, then the country, then Accept-Language, else EU', async () => {
    const all = { Cookie: `${PREFERENCE_KEY}=US`, 'CF-IPCountry': 'GB', 'Accept-Language': 'de-AT,de;q=0.9' };
    expect(await resolved(all)).toEqual({ region: 'US', source: 'cookie', country: 'GB' });
    expect(await resolved({ ...all, Cookie: `${PREFERENCE_KEY}=Mars` })).toEqual({ region: 'UK', source: 'country', country: 'GB' });
    expect(await resolved({ 'CF-IPCountry': 'XX', 'Accept-Language': 'en-US' })).toMatchObject({ region: 'US', source: 'accept-language' });
    expect(await resolved({})).toMatchObject({ region: 'EU', source: 'default' });
  });
});
