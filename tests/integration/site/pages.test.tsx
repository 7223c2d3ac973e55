import { Suspense, use } from 'react';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { attr, BROWSER_UA, entryScriptOf, pageEvents, readChunks, scriptTags } from '../../support/html';
import { logDuring, startTestApp, type TestApp } from '../../support/test-app';

const SLOW_MS = 700;

function Slow({ data }: { data: Promise<string> }) {
  return <p>{use(data)}</p>;
}

let t: TestApp;
beforeAll(async () => {
  t = await startTestApp({
    // A deliberately slow Suspense boundary, rendered by the real renderer.
    extend: (app) =>
      app.get('/__slow', (c) => {
        const data = new Promise<string>((resolve) => setTimeout(() => resolve('Slow data arrived'), SLOW_MS));
        return c.render(
          <Suspense fallback={<p>Loading slow data</p>}>
            <Slow data={data} />
          </Suspense>,
          { title: 'Slow', description: 'A deliberately slow page.' },
        );
      }),
  });
});
afterAll(() => t.close());

describe('not-found page', () => {
  it('answers a missing built file with a short 404, not a page (issue 69)', async () => {
    const res = await fetch(`${t.url}/assets/entry-gone1234.js`);
    expect(res.status).toBe(404);
    expect(res.headers.get('content-type')).toContain('text/plain');
    expect(res.headers.get('cache-control')).toBe('no-store');
    expect(await res.text()).toBe('Not Found');
  });

  it('answers an unknown path with 404, the spec text and the 404_error event for that path', async () => {
    const res = await fetch(`${t.url}/no/such/page?x=1`);
    expect(res.status).toBe(404);
    expect(res.headers.get('content-type')).toContain('text/html');
    const html = await res.text();
    expect(html.startsWith('<!DOCTYPE html>')).toBe(true);
    expect(html).toContain('<h1 class="mt-4 text-3xl font-bold">Page Not Found</h1>');
    expect(html).toContain('The page you&#x27;re looking for doesn&#x27;t exist or has been moved.');
    expect(html).toMatch(/<a href="\/"[^>]*>Back to Home<\/a>/);
    expect(html).toMatch(/<a href="\/products"[^>]*>Browse Products<\/a>/);
    expect(html).toContain('<meta name="robots" content="noindex"/>');
    expect(pageEvents(html)).toEqual([{ event: '404_error', page_path: '/no/such/page' }]);
    expect(html.match(/<h1\b/g)).toHaveLength(1);
  });

  it('renders at /404 too', async () => {
    const res = await fetch(`${t.url}/404`);
    expect(res.status).toBe(404);
    expect(await res.text()).toContain('Page Not Found');
  });

  it('logs the missed path', async () => {
    const { lines } = await logDuring(t, async () => {
      await (await fetch(`${t.url}/missing-thing`)).text();
    });
    expect(lines).toContainEqual(
      expect.objectContaining({ msg: 'page not found', fields: expect.objectContaining({ path: '/missing-thing' }) }),
    );
    const request = lines.find((l) => l.msg === 'request');
    expect(request?.fields).toMatchObject({ method: 'GET', path: '/missing-thing', status: 404 });
    expect(request?.fields?.requestId).toEqual(expect.any(String));
    expect(typeof request?.fields?.durationMs).toBe('number');
  });
});

describe('security headers', () => {
  it('sets a per-request CSP nonce that every script tag carries', async () => {
    const a = await fetch(`${t.url}/anything`);
    const b = await fetch(`${t.url}/anything`);
    const nonceA = a.headers.get('content-security-policy')?.match(/'nonce-([^']+)'/)?.[1];
    const nonceB = b.headers.get('content-security-policy')?.match(/'nonce-([^']+)'/)?.[1];
    expect(nonceA).toBeTruthy();
    expect(nonceA).not.toBe(nonceB);
    const scripts = scriptTags(await a.text()).filter((tag) => !/type="application\/(ld\+)?json"/.test(tag));
    expect(scripts.length).toBeGreaterThan(0);
    for (const tag of scripts) expect(attr(tag, 'nonce')).toBe(nonceA);
    await b.text();
  });

  // Built files (e.g. /favicon.ico) carry public/_headers' set instead, as on Workers: compression.test.ts.
  it('sends the hardening headers on pages and JSON', async () => {
    for (const path of ['/anything', '/healthz']) {
      const res = await fetch(`${t.url}${path}`);
      await res.arrayBuffer();
      const csp = res.headers.get('content-security-policy') ?? '';
      expect(csp).toContain("frame-ancestors 'none'");
      expect(csp).toMatch(/script-src 'self' 'nonce-[^']+' 'strict-dynamic'/);
      expect(csp).not.toContain("script-src 'self' 'unsafe-inline'");
      expect(res.headers.get('x-content-type-options')).toBe('nosniff');
      expect(res.headers.get('referrer-policy')).toBe('strict-origin-when-cross-origin');
      expect(res.headers.get('permissions-policy')).toContain('geolocation=(self)');
      expect(res.headers.get('x-request-id')).toMatch(/^[0-9a-f-]{36}$/);
    }
  });

  it('adds HSTS only over https: X-Forwarded-Proto is believed only behind a configured proxy', async () => {
    const plain = await fetch(`${t.url}/anything`);
    expect(plain.headers.get('strict-transport-security')).toBeNull();
    // No proxy configured here (no CLIENT_IP_HEADER): anyone could send the header, so it changes nothing.
    const spoofed = await fetch(`${t.url}/anything`, { headers: { 'X-Forwarded-Proto': 'https' } });
    expect(spoofed.headers.get('strict-transport-security')).toBeNull();
    await Promise.all([plain.text(), spoofed.text()]);

    const proxied = await startTestApp({ env: { CLIENT_IP_HEADER: 'x-forwarded-for' } });
    const https = await fetch(`${proxied.url}/anything`, { headers: { 'X-Forwarded-Proto': 'https' } });
    expect(https.headers.get('strict-transport-security')).toMatch(/max-age=\d+/);
    await https.text();
    await proxied.close();
  });

  it('takes https from an https SITE_URL when the proxy forwards no scheme: HSTS, and the cart cookie is Secure', async () => {
    const site = await startTestApp({ env: { SITE_URL: 'https://shop.example' } });
    try {
      const page = await fetch(`${site.url}/`);
      expect(page.headers.get('strict-transport-security')).toMatch(/max-age=\d+/);
      await page.text();
      const add = await fetch(`${site.url}/cart/add`, {
        method: 'POST',
        headers: { Origin: 'https://shop.example', 'Content-Type': 'application/x-www-form-urlencoded' },
        body: 'product_id=1',
        redirect: 'manual',
      });
      const cart = add.headers.getSetCookie().find((c) => c.startsWith('cart='));
      expect(cart).toMatch(/; Secure/);
    } finally {
      await site.close();
    }
  });
});

describe('streaming', () => {
  it('flushes the shell before a slow Suspense boundary resolves, gzipped too', async () => {
    const start = performance.now();
    const res = await fetch(`${t.url}/__slow`, { headers: { 'User-Agent': BROWSER_UA, 'Accept-Encoding': 'gzip' } });
    // Compressed chunk by chunk: a compressor that buffered would deliver shell and data together.
    expect(res.headers.get('content-encoding')).toBe('gzip');
    const chunks = await readChunks(res, start);
    const shellIndex = chunks.findIndex((c) => c.text.includes('Loading slow data'));
    const dataIndex = chunks.findIndex((c) => c.text.includes('Slow data arrived'));
    expect(shellIndex).toBeGreaterThanOrEqual(0);
    expect(dataIndex).toBeGreaterThan(shellIndex);
    expect(chunks[shellIndex]!.at).toBeLessThan(chunks[dataIndex]!.at);
    expect(
      chunks
        .slice(0, shellIndex + 1)
        .map((c) => c.text)
        .join(''),
    ).toContain('<main id="main"');
    // React's inline script that swaps the fallback for the data carries the nonce.
    const nonce = res.headers.get('content-security-policy')?.match(/'nonce-([^']+)'/)?.[1];
    const late = chunks
      .slice(dataIndex)
      .map((c) => c.text)
      .join('');
    for (const tag of scriptTags(late)) expect(attr(tag, 'nonce')).toBe(nonce);
  });

  it('gives crawlers the fully rendered page without fallbacks', async () => {
    const { html } = await t.crawl('/__slow');
    expect(html).toContain('<p>Slow data arrived</p>');
    expect(html).not.toContain('Loading slow data');
  });
});

describe('operations', () => {
  it('answers /healthz with the database reachable, never cached', async () => {
    const res = await fetch(`${t.url}/healthz`);
    expect(res.status).toBe(200);
    expect(res.headers.get('cache-control')).toBe('no-store');
    expect(await res.json()).toEqual({
      status: 'ok',
      database: 'reachable',
      contactMail: { owed: 0, overdue: 0, oldestOwedSeconds: null },
      orderMail: { owed: 0, overdue: 0, oldestOwedSeconds: null },
      orderStepMail: { owed: 0, overdue: 0, oldestOwedSeconds: null },
      stockAlertMail: { owed: 0, overdue: 0, oldestOwedSeconds: null },
    });
  });

  it('serves hashed client files as immutable and others revalidated', async () => {
    const html = await (await fetch(`${t.url}/anything`)).text();
    const script = entryScriptOf(html);
    expect(script).toMatch(/^\/assets\/entry-[\w-]+\.js$/);
    const js = await fetch(`${t.url}${script}`);
    expect(js.status).toBe(200);
    expect(js.headers.get('cache-control')).toBe('public, max-age=31536000, immutable');
    expect(js.headers.get('content-type')).toContain('javascript');
    await js.text();
    const icon = await fetch(`${t.url}/favicon.ico`);
    expect(icon.status).toBe(200);
    expect(icon.headers.get('cache-control')).toBe('public, max-age=86400');
    await icon.arrayBuffer();
  });

  it('does not serve build metadata', async () => {
    const res = await fetch(`${t.url}/.vite/manifest.json`);
    expect(res.status).toBe(404);
    await res.text();
  });
});

describe('blog read API', () => {
  it('lists a page of published posts only, newest first, as blog cards, with the count', async () => {
    const { posts, total, page, pageCount } = (await (await fetch(`${t.url}/api/blog/posts`)).json()) as {
      posts: Array<{ slug: string; date: string; url: string; category: string }>;
      total: number;
      page: number;
      pageCount: number;
    };
    expect(posts.length).toBeGreaterThanOrEqual(10);
    expect({ total, page, pageCount }).toEqual({ total: posts.length, page: 1, pageCount: 1 });
    expect(posts.map((p) => p.slug)).not.toContain('draft-winter-training-plan');
    const dates = posts.map((p) => p.date);
    expect(dates.toSorted().toReversed()).toEqual(dates);
    expect(posts[0]!.url).toBe(`/training-gun-digest/${posts[0]!.slug}`);
  });
});
