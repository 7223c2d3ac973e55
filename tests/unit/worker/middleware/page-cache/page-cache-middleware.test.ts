import { Hono, type Context } from 'hono';
import { describe, expect, it } from 'vitest';
import { PAGE_CDN_CACHE_CONTROL } from '#shared/caching/page-cache-rules.ts';
import { injectDeps } from '#worker/middleware/inject-deps/inject-deps-middleware.ts';
import { pageCache } from '#worker/middleware/page-cache/page-cache-middleware.ts';
import { KEPT_PAGE_HEADER } from '#shared/caching/kept-routes.ts';
import { region } from '#worker/middleware/region/region-middleware.ts';

/** A page that declares its tags, as the renderer does for a shareable request. */
const tagged = (c: Context) => {
  if (c.get('shareable' as never)) c.set('pageTags' as never, ['product:1'] as never);
  return c.html(`<p>${(c.get('region' as never) as { region: string }).region}</p>`);
};

function appWith(countryOf: (request: Request) => string | null) {
  let degraded = false;
  const app = new Hono()
    .use(injectDeps({ countryOf }), region(), pageCache(), async (c, next) => {
      c.set('reads' as never, { degraded: () => degraded } as never);
      await next();
    })
    .get('/page', tagged)
    .get('/:market{gb|eu|us}/page', tagged)
    .get('/untagged', (c) => c.html('<p>cart</p>'))
    .get('/cookie-setting', (c) => {
      c.set('pageTags' as never, ['product:1'] as never);
      c.header('Set-Cookie', 'flash=; Max-Age=0');
      return c.html('<p>x</p>');
    })
    .get('/json', (c) => {
      c.header('Cache-Control', 'public, max-age=60');
      return c.json({});
    });
  return { app, degrade: () => (degraded = true) };
}

/** What a response says of its caching: for the browser, for the shared cache. */
const caching = (res: Response) => [res.headers.get('Cache-Control'), res.headers.get('Cloudflare-CDN-Cache-Control')];

const node = (request: Request) => request.headers.get('cf-ipcountry');

describe('pageCache: which answers a shared cache may keep', () => {
  it('keeps a tagged page asked for by the step in front (the key header), in the region the key names, varying on the key, with its tags', async () => {
    const { app } = appWith(node);
    const page = await app.request('/page', { headers: { [KEPT_PAGE_HEADER]: 'UK.country', 'CF-IPCountry': 'US' } });
    expect(await page.text()).toBe('<p>UK</p>');
    expect(page.headers.get('Cloudflare-CDN-Cache-Control')).toBe(PAGE_CDN_CACHE_CONTROL);
    expect(page.headers.get('Cache-Control')).toBe('public, no-cache');
    expect(page.headers.get('Cache-Tag')).toBe('product:1');
    expect(page.headers.get('Vary')).toBe(KEPT_PAGE_HEADER);
    // A market's address fixes the region whatever the key.
    expect(await (await app.request('/us/page', { headers: { [KEPT_PAGE_HEADER]: 'market' } })).text()).toBe('<p>US</p>');
  });

  it('keeps nothing asked for by a visitor directly (with or without a cookie), an answer setting a cookie, an untagged page, a page read while the database failed', async () => {
    const { app, degrade } = appWith(node);
    const kept = { [KEPT_PAGE_HEADER]: 'market' };
    expect(caching(await app.request('/gb/page'))).toEqual(['private, no-cache', null]);
    expect(caching(await app.request('/page', { headers: { Cookie: 'cart=1:1' } }))).toEqual(['private, no-cache', null]);
    expect((await app.request('/gb/page')).headers.get('Vary')).toBe('Cookie');
    expect((await app.request('/page')).headers.get('Vary')).toBe('Cookie, CF-IPCountry, Accept-Language');
    expect(caching(await app.request('/cookie-setting', { headers: kept }))).toEqual(['private, no-cache', null]);
    expect(caching(await app.request('/untagged', { headers: kept }))).toEqual(['private, no-cache', null]);
    expect(caching(await app.request('/gb/page', { headers: kept }))[1]).toBe(PAGE_CDN_CACHE_CONTROL);
    degrade();
    const outage = await app.request('/gb/page', { headers: kept });
    expect(caching(outage)).toEqual(['private, no-cache', null]);
    // Asked for as a kept page: 503 with Retry-After, so the cache in front serves its stale copy
    // (stale-if-error) and a crawler comes back; the visitor's own request keeps its 200 fallback.
    expect(outage.status).toBe(503);
    expect(outage.headers.get('Retry-After')).toBe('30');
    expect(await outage.text()).toBe('<p>UK</p>');
    expect((await app.request('/gb/page')).status).toBe(200);
  });

  it('leaves answers that are not HTML alone', async () => {
    const { app } = appWith(node);
    const res = await app.request('/json');
    expect(res.headers.get('Vary')).toBeNull();
    expect(res.headers.get('Cache-Control')).toBe('public, max-age=60');
  });
});
