import { describe, expect, it } from 'vitest';
import { MAX_VARIANTS_PER_ADDRESS, memoryPageCache } from '#worker/page-cache/memory-page-cache.ts';

const KEEP = {
  'Cloudflare-CDN-Cache-Control': 'max-age=60, stale-while-revalidate=600, stale-if-error=3600',
  'Cache-Control': 'public, no-cache',
};

/** An app that answers with a counter, so a test sees whether it ran; its headers are the test's. */
function countingApp(headers: Record<string, string> = KEEP, status = 200) {
  let runs = 0;
  const app = async (request: Request) => {
    runs += 1;
    return new Response(`${new URL(request.url).pathname} #${runs} ${request.headers.get('cf-ipcountry') ?? '-'}`, {
      status,
      headers: { 'Content-Type': 'text/html', 'Cache-Tag': 'product:1,Catalogue', ...headers },
    });
  };
  return { app, runs: () => runs };
}

/** An app whose every answer carries these tags. */
const tagged = (tag: string) => async () => new Response(tag, { headers: { 'Content-Type': 'text/html', 'Cache-Tag': tag, ...KEEP } });

/** A page is kept once all of its body has come, after the answer streams to the client: a turn of the event loop here. */
const settled = () => new Promise((resolve) => setTimeout(resolve, 0));

const get = (path: string, headers: Record<string, string> = {}) => new Request(`http://shop.test${path}`, { headers });

describe('the page cache stand-in (Workers Cache on Node)', () => {
  it('keeps a page its headers allow, serves it without running the app, and consumes Cache-Tag and the CDN header', async () => {
    const cache = memoryPageCache({ maxEntries: 10, maxBytes: 1e6 });
    const { app, runs } = countingApp();
    const first = await cache.fetch(get('/product/1'), app);
    expect(first.headers.get('cf-cache-status')).toBe('MISS');
    expect(await first.text()).toBe('/product/1 #1 -');
    const second = await cache.fetch(get('/product/1'), app);
    expect(second.headers.get('cf-cache-status')).toBe('HIT');
    expect(await second.text()).toBe('/product/1 #1 -');
    expect(runs()).toBe(1);
    expect(second.headers.get('cache-tag')).toBeNull();
    expect(second.headers.get('cloudflare-cdn-cache-control')).toBeNull();
    expect(second.headers.get('cache-control')).toBe('public, no-cache');
    // The host is not part of the key, the query is.
    expect((await cache.fetch(new Request('http://other.test/product/1'), app)).headers.get('cf-cache-status')).toBe('HIT');
    expect((await cache.fetch(get('/product/1?utm_source=x'), app)).headers.get('cf-cache-status')).toBe('MISS');
  });

  it('keeps nothing with a Set-Cookie, private, no-store, no max-age, Vary: *, a status other than 200, or a POST', async () => {
    const cases: Array<[Record<string, string>, number]> = [
      [{ ...KEEP, 'Set-Cookie': 'a=b' }, 200],
      [{ 'Cache-Control': 'private, no-cache' }, 200],
      [{ 'Cache-Control': 'no-store' }, 200],
      [{ 'Cache-Control': 'public' }, 200],
      [{ ...KEEP, Vary: '*' }, 200],
      [KEEP, 404],
    ];
    for (const [headers, status] of cases) {
      const cache = memoryPageCache({ maxEntries: 10, maxBytes: 1e6 });
      const { app, runs } = countingApp(headers, status);
      expect((await cache.fetch(get('/p'), app)).headers.get('cf-cache-status')).toBe('BYPASS');
      await cache.fetch(get('/p'), app);
      expect(runs()).toBe(2);
    }
    const cache = memoryPageCache({ maxEntries: 10, maxBytes: 1e6 });
    const { app, runs } = countingApp();
    await cache.fetch(new Request('http://shop.test/p', { method: 'POST' }), app);
    await cache.fetch(new Request('http://shop.test/p', { method: 'POST' }), app);
    expect(runs()).toBe(2);
  });

  it('keeps one copy per value of each header the answer varies on, compared verbatim', async () => {
    const cache = memoryPageCache({ maxEntries: 10, maxBytes: 1e6 });
    const { app, runs } = countingApp({ ...KEEP, Vary: 'Cookie, CF-IPCountry' });
    expect(await (await cache.fetch(get('/p', { 'CF-IPCountry': 'US' }), app)).text()).toBe('/p #1 US');
    expect(await (await cache.fetch(get('/p', { 'CF-IPCountry': 'GB' }), app)).text()).toBe('/p #2 GB');
    expect(await (await cache.fetch(get('/p', { 'CF-IPCountry': 'US' }), app)).text()).toBe('/p #1 US');
    expect(await (await cache.fetch(get('/p', { 'CF-IPCountry': 'GB' }), app)).text()).toBe('/p #2 GB');
    // A cookie is another variant (the app answers it private in practice: nothing of one visitor is kept).
    await cache.fetch(get('/p', { 'CF-IPCountry': 'GB', Cookie: 'cart=1' }), app);
    expect(runs()).toBe(3);
  });

  it('serves a stale page at once while one background request refreshes it, and on the app failing', async () => {
    let clock = 0;
    const cache = memoryPageCache({ maxEntries: 10, maxBytes: 1e6 }, () => clock);
    let failing = false;
    let runs = 0;
    const app = async () => {
      runs += 1;
      if (failing) return new Response('down', { status: 503 });
      return new Response(`#${runs}`, { headers: { 'Content-Type': 'text/html', ...KEEP } });
    };
    await cache.fetch(get('/p'), app);
    clock = 61_000;
    const stale = await cache.fetch(get('/p'), app);
    expect(stale.headers.get('cf-cache-status')).toBe('UPDATING');
    expect(await stale.text()).toBe('#1');
    await new Promise((resolve) => setTimeout(resolve, 10));
    expect(await (await cache.fetch(get('/p'), app)).text()).toBe('#2');
    // Past the stale window the app is asked; when it fails, the last good copy stands in.
    failing = true;
    clock = 61_000 + 700_000;
    const outage = await cache.fetch(get('/p'), app);
    expect(outage.headers.get('cf-cache-status')).toBe('STALE');
    expect(await outage.text()).toBe('#2');
  });

  it('streams an answer to its client as it comes, keeps it once whole, and keeps nothing whose body fails; a request meanwhile waits for it', async () => {
    const cache = memoryPageCache({ maxEntries: 10, maxBytes: 1e6 });
    const encoder = new TextEncoder();
    let finish!: (outcome: 'close' | 'error') => void;
    let runs = 0;
    const app = async () => {
      runs += 1;
      const body = new ReadableStream<Uint8Array>({
        async start(controller) {
          controller.enqueue(encoder.encode('<p>first bytes</p>'));
          const outcome = await new Promise<'close' | 'error'>((resolve) => (finish = resolve));
          if (outcome === 'error') return controller.error(new Error('the page went wrong'));
          controller.enqueue(encoder.encode('<p>the rest</p>'));
          controller.close();
        },
      });
      return new Response(body, { headers: { 'Content-Type': 'text/html', 'Cache-Tag': 'p', ...KEEP } });
    };
    // The first bytes reach the client before the rest exists.
    const first = await cache.fetch(get('/p'), app);
    const reader = first.body!.getReader();
    expect(new TextDecoder().decode((await reader.read()).value)).toBe('<p>first bytes</p>');
    const meanwhile = cache.fetch(get('/p'), app);
    finish('close');
    expect(new TextDecoder().decode((await reader.read()).value)).toBe('<p>the rest</p>');
    const second = await meanwhile;
    expect(second.headers.get('cf-cache-status')).toBe('HIT');
    expect(await second.text()).toBe('<p>first bytes</p><p>the rest</p>');
    expect(runs).toBe(1);
    // One that fails on its way is not kept: the next request asks the app again.
    cache.purge(['p']);
    const failing = await cache.fetch(get('/p'), app);
    finish('error');
    await expect(failing.text()).rejects.toThrow('the page went wrong');
    expect(cache.size()).toBe(0);
    expect((await cache.fetch(get('/p'), app)).headers.get('cf-cache-status')).toBe('MISS');
    expect(runs).toBe(3);
  });

  it('serves a stale page at once while its refresh is still streaming: only a visitor with nothing to be served waits for a page on its way', async () => {
    let clock = 0;
    const cache = memoryPageCache({ maxEntries: 10, maxBytes: 1e6 }, () => clock);
    let release!: () => void;
    const held = new Promise<void>((resolve) => (release = resolve));
    let runs = 0;
    const app = async () => {
      runs += 1;
      const run = runs;
      const body = new ReadableStream<Uint8Array>({
        async start(controller) {
          controller.enqueue(new TextEncoder().encode(`#${run}`));
          if (run > 1) await held;
          controller.close();
        },
      });
      return new Response(body, { headers: { 'Content-Type': 'text/html', ...KEEP } });
    };
    expect(await (await cache.fetch(get('/p'), app)).text()).toBe('#1');
    clock = 61_000;
    const first = await cache.fetch(get('/p'), app);
    expect(first.headers.get('cf-cache-status')).toBe('UPDATING');
    // The refresh's body is still coming: the next visitor is not held by it.
    const second = await cache.fetch(get('/p'), app);
    expect(second.headers.get('cf-cache-status')).toBe('UPDATING');
    expect(await second.text()).toBe('#1');
    release();
    await settled();
    expect(await (await cache.fetch(get('/p'), app)).text()).toBe('#2');
  });

  it('drops every page carrying a purged tag, in any case, and keeps the others', async () => {
    const cache = memoryPageCache({ maxEntries: 10, maxBytes: 1e6 });
    await cache.fetch(get('/a'), tagged('product:1,catalogue'));
    await cache.fetch(get('/b'), tagged('product:2'));
    await settled();
    expect(cache.size()).toBe(2);
    expect(cache.purge(['CATALOGUE'])).toBe(1);
    expect((await cache.fetch(get('/a'), tagged('product:1'))).headers.get('cf-cache-status')).toBe('MISS');
    expect((await cache.fetch(get('/b'), tagged('product:2'))).headers.get('cf-cache-status')).toBe('HIT');
  });

  it('does not keep an answer the app began before a purge (it may show what the purge dropped)', async () => {
    const cache = memoryPageCache({ maxEntries: 10, maxBytes: 1e6 });
    let release!: () => void;
    const slow = async () => {
      await new Promise<void>((resolve) => (release = resolve));
      return new Response('old', { headers: { 'Content-Type': 'text/html', 'Cache-Tag': 'product:1', ...KEEP } });
    };
    const pending = cache.fetch(get('/a'), slow);
    await new Promise((resolve) => setTimeout(resolve, 0));
    cache.purge(['product:1']);
    release();
    expect(await (await pending).text()).toBe('old');
    expect(cache.size()).toBe(0);
  });

  it('shares one entry between GET and HEAD: a HEAD that misses asks the app for a GET, so the GET after it gets the whole page', async () => {
    const cache = memoryPageCache({ maxEntries: 10, maxBytes: 1e6 });
    const methods: string[] = [];
    const app = async (request: Request) => {
      methods.push(request.method);
      return new Response('<p>the whole page</p>', { headers: { 'Content-Type': 'text/html', 'Cache-Tag': 'p', ...KEEP } });
    };
    const head = await cache.fetch(new Request('http://shop.test/p', { method: 'HEAD' }), app);
    expect(head.headers.get('cf-cache-status')).toBe('MISS');
    expect(await head.text()).toBe('');
    expect(methods).toEqual(['GET']);
    const after = await cache.fetch(get('/p'), app);
    expect(after.headers.get('cf-cache-status')).toBe('HIT');
    expect(await after.text()).toBe('<p>the whole page</p>');
    // A HEAD of a kept page is answered from it, without its body and without the app.
    const again = await cache.fetch(new Request('http://shop.test/p', { method: 'HEAD' }), app);
    expect([again.headers.get('cf-cache-status'), await again.text(), methods.length]).toEqual(['HIT', '', 1]);
  });

  it('refreshes a stale page a HEAD found with a GET, never with the HEAD', async () => {
    let clock = 0;
    const cache = memoryPageCache({ maxEntries: 10, maxBytes: 1e6 }, () => clock);
    const methods: string[] = [];
    const app = async (request: Request) => {
      methods.push(request.method);
      return new Response(`page #${methods.length}`, { headers: { 'Content-Type': 'text/html', ...KEEP } });
    };
    await cache.fetch(get('/p'), app);
    clock = 61_000;
    const stale = await cache.fetch(new Request('http://shop.test/p', { method: 'HEAD' }), app);
    expect(stale.headers.get('cf-cache-status')).toBe('UPDATING');
    await new Promise((resolve) => setTimeout(resolve, 10));
    expect(methods).toEqual(['GET', 'GET']);
    expect(await (await cache.fetch(get('/p'), app)).text()).toBe('page #2');
  });

  it('keeps answers to addresses with a query in a store of their own: a flood of them never pushes a plain page out', async () => {
    const cache = memoryPageCache({ maxEntries: 20, maxBytes: 1e6 });
    const { app } = countingApp();
    await cache.fetch(get('/gb/product/1'), app);
    for (let n = 0; n < 1500; n++) await cache.fetch(get(`/gb/products?q=${n}`), app);
    expect((await cache.fetch(get('/gb/product/1'), app)).headers.get('cf-cache-status')).toBe('HIT');
    expect(cache.size()).toBeLessThanOrEqual(20);
  });

  it('keeps at most MAX_VARIANTS_PER_ADDRESS copies of one address, however many header values a client makes up', async () => {
    const cache = memoryPageCache({ maxEntries: 10, maxBytes: 1e6 });
    const { app, runs } = countingApp({ ...KEEP, Vary: 'CF-IPCountry' });
    for (let n = 0; n < 300; n++) await cache.fetch(get('/product/1', { 'CF-IPCountry': `C${n}` }), app);
    expect(runs()).toBe(300);
    expect(cache.size()).toBe(MAX_VARIANTS_PER_ADDRESS);
    // The newest are the ones kept.
    expect((await cache.fetch(get('/product/1', { 'CF-IPCountry': 'C299' }), app)).headers.get('cf-cache-status')).toBe('HIT');
    expect((await cache.fetch(get('/product/1', { 'CF-IPCountry': 'C0' }), app)).headers.get('cf-cache-status')).toBe('MISS');
  });

  it('counts what it prepares from a page against its bytes, not the body alone', async () => {
    const body = 'x'.repeat(1000);
    const page = async () => new Response(body, { headers: { 'Content-Type': 'text/html', ...KEEP } });
    const bare = memoryPageCache({ maxEntries: 100, maxBytes: 20_000 });
    const prepared = memoryPageCache({ maxEntries: 100, maxBytes: 20_000 }, Date.now, {
      prepare: (kept) => kept.length,
      bytes: () => 3000,
    });
    for (let n = 0; n < 20; n++) {
      await bare.fetch(get(`/p${n}`), page);
      await prepared.fetch(get(`/p${n}`), page);
    }
    // The plain pages' 15,000 bytes hold 9 bare pages of 1,000 + 512 and a key, but only 3 with 3,000 more each.
    expect(bare.size()).toBe(9);
    expect(prepared.size()).toBe(3);
  });
});
