import { describe, expect, it } from 'vitest';
import { KEPT_PAGE_HEADER, keptPageKey, regionOfKey } from '#shared/caching/kept-routes.ts';
import { resolveRegion } from '#shared/region/region.ts';
import { answeredByTheApp, keptPageRequest, visitorHeaders, visitorOf } from '#worker/page-cache/visitor-request.ts';

/** The step in front of the kept pages (issue 63): what a page is kept under, and what each visitor's answer carries. */
const edgeCountry = (request: Request) => request.headers.get('cf-ipcountry');
const visitor = (headers: Record<string, string>, path = '/product/1') =>
  visitorOf(new Request(`https://shop.example${path}`, { headers }), path, edgeCountry);

describe('a kept page’s key', () => {
  it('is what the page varies on, never a raw header value: 200 countries give 3 keys', () => {
    const codes = Array.from({ length: 200 }, (_, i) => String.fromCharCode(65 + Math.floor(i / 26), 65 + (i % 26)));
    const keys = new Set([...codes, 'GB', 'US'].map((country) => visitor({ 'CF-IPCountry': country }).key));
    expect([...keys].toSorted()).toEqual(['EU.country', 'UK.country', 'US.country']);
  });

  it('names a region and what chose it, read back without a country', () => {
    const region = resolveRegion({ country: 'DE' });
    expect(keptPageKey(region)).toBe('EU.country');
    expect(regionOfKey('EU.country')).toEqual({ region: 'EU', source: 'country', country: null });
    expect(regionOfKey('EU.country.DE')).toBeNull();
    expect(visitor({ 'CF-IPCountry': 'DE' }, '/gb/product/1').key).toBe('market');
  });

  it('is asked for with nothing of the visitor: no cookie, no language, no scheme the client claims', () => {
    const asked = keptPageRequest(
      new Request('https://shop.example/product/1', {
        headers: { Cookie: 'cart=1:1', 'Accept-Language': 'de', 'X-Forwarded-Proto': 'https', 'User-Agent': 'ua' },
      }),
      'EU.country',
    );
    expect([...asked.headers.keys()].toSorted()).toEqual(['user-agent', KEPT_PAGE_HEADER].toSorted());
  });
});

const hsts = (headers: Array<[string, string]>) => headers.filter(([name]) => name === 'strict-transport-security').map(([, v]) => v);

describe('each visitor’s answer from a kept page', () => {
  const kept: Array<[string, string]> = [
    ['content-type', 'text/html; charset=utf-8'],
    ['strict-transport-security', 'max-age=63072000; includeSubDomains'],
    ['cache-tag', 'product:1'],
  ];

  it('carries HSTS for a visitor over https only, whatever the first visitor had', () => {
    const stranger = visitor({});
    expect(hsts(visitorHeaders(kept, stranger, false))).toEqual([]);
    expect(hsts(visitorHeaders(kept, stranger, true))).toEqual(['max-age=63072000; includeSubDomains']);
    expect(hsts(visitorHeaders([['content-type', 'text/html']], stranger, true))).toEqual(['max-age=63072000; includeSubDomains']);
  });

  it('drops the cache’s own headers', () => {
    expect(visitorHeaders(kept, visitor({}), false).map(([name]) => name)).not.toContain('cache-tag');
  });
});

const get = (path: string, cookie?: string) => new Request(`https://shop.example${path}`, { headers: cookie ? { Cookie: cookie } : {} });

describe('who the kept pages answer', () => {
  it('answers a kept page from them, for a shopper with a cart too', () => {
    expect(answeredByTheApp(get('/training-gun-digest/a-post'), '/training-gun-digest/a-post')).toBe(false);
    expect(answeredByTheApp(get('/product/1', 'cart=1:1'), '/product/1')).toBe(false);
  });
  it('sends someone with a back-office session to the app (the shop as it is now; a draft’s preview), and what is never kept', () => {
    expect(answeredByTheApp(get('/training-gun-digest/a-draft', '__Host-admin=abc'), '/training-gun-digest/a-draft')).toBe(true);
    expect(answeredByTheApp(get('/product/1', 'cart=1:1; admin=abc'), '/product/1')).toBe(true);
    expect(answeredByTheApp(get('/cart'), '/cart')).toBe(true);
  });
});
