import { createHash } from 'node:crypto';
import { form, signInOnEdge } from '../support/edge-admin';
import { formToken } from '../support/html';
import { afterAll, beforeAll, describe, expect, it, vi } from 'vitest';
import { startPostmarkEmulator, type PostmarkEmulator } from '../support/postmark-emulator';
import { startPreparedTurso, type TursoEmulator } from '../support/turso-emulator';
import { startWorker, type TestWorker } from '../support/worker';
import { firstBytesThenRest } from '../support/first-bytes';

/**
 * The built Worker (workerd) as Workers Cache sees it: what its pages say about being kept (the
 * headers the cache reads), and a change purging exactly its tags through ctx.cache.purge (stood in:
 * local workerd has no Workers Cache yet). The wrangler file turns the cache on.
 */
let worker: TestWorker;
let turso: TursoEmulator;
let postmark: PostmarkEmulator;
beforeAll(async () => {
  [turso, postmark] = await Promise.all([startPreparedTurso(), startPostmarkEmulator()]);
  worker = await startWorker(
    {
      TURSO_DATABASE_URL: turso.url,
      TURSO_AUTH_TOKEN: turso.token,
      POSTMARK_SERVER_TOKEN: postmark.token,
      POSTMARK_API_URL: postmark.url,
      ADMIN_EMAILS: 'owner@example.com',
    },
    { purgeStandIn: true },
  );
});
/** The owner's back-office cookie, signed in once for the file (a second link is not mailed within 5 minutes). */
let owner: Promise<{ cookie: string }> | undefined;
const signedIn = () => (owner ??= signInOnEdge(worker, postmark, 'owner@example.com'));

afterAll(async () => {
  await worker?.dispose();
  await Promise.all([turso?.close(), postmark?.close()]);
});

/** A returning visitor's view of one product page, with their cookies. */
const view = (cookie: string) => worker.get('/gb/product/5', { headers: { Cookie: cookie } });

describe('Workers Cache in front of the Worker', () => {
  it('is on in the wrangler file the Worker deploys with', async () => {
    const { readFileSync } = await import('node:fs');
    expect(readFileSync('wrangler.toml', 'utf8')).toMatch(/^\[cache\]\nenabled = true$/m);
  });

  it("keeps a page in front of the kept pages' entrypoint with what the cache keeps it by: its tags, freshness and stale windows, the key in Vary, and a CSP by hash", async () => {
    const page = await worker.get('/gb/product/4', { headers: { 'CF-IPCountry': 'GB' }, cf: { country: 'GB' } });
    const html = await page.text();
    expect(page.status).toBe(200);
    // What the visitor gets: for everyone alike (no cookie), with what it depends on; the cache's own directives stay with the cache.
    expect(page.headers.get('cache-control')).toBe('public, no-cache');
    expect(page.headers.get('vary')).toBe('Cookie');
    expect(page.headers.get('cache-tag')).toBeNull();
    expect(page.headers.get('set-cookie')).toBeNull();
    const kept = ((await (await worker.get('/__kept')).json()) as Array<{ key: string; headers: Record<string, string> }>).find(
      (k) => k.key === '/gb/product/4 {"key":"market"}',
    )!;
    expect(kept.headers['cache-tag']).toBe('product:4,reviews');
    expect(kept.headers['cloudflare-cdn-cache-control']).toMatch(/^max-age=\d+, stale-while-revalidate=\d+, stale-if-error=\d+$/);
    expect(kept.headers['vary']).toBe('x-kept-page');
    expect(kept.headers['set-cookie']).toBeUndefined();
    const csp = page.headers.get('content-security-policy')!;
    expect(csp).toBe(kept.headers['content-security-policy']);
    const inline = [...html.matchAll(/<script\b([^>]*)>([\s\S]*?)<\/script>/g)].filter(
      ([, a]) => !/src=|application\/(ld\+)?json/.test(a!),
    );
    expect(inline.length).toBeGreaterThan(0);
    for (const [, , body] of inline) expect(csp).toContain(`'sha256-${createHash('sha256').update(body!).digest('base64')}'`);
    // The unprefixed page is kept per region (the props), and answered varying on what picks the region.
    const bare = await worker.get('/product/4', { headers: { 'CF-IPCountry': 'US' }, cf: { country: 'US' } });
    expect(bare.headers.get('vary')).toBe('Cookie, CF-IPCountry, Accept-Language');
    await bare.text();
    const own = await worker.get('/product/4', { headers: { Cookie: 'preferredCountry=UK' } });
    expect(own.headers.get('cache-control')).toBe('private, no-cache');
    expect(await own.text()).toContain('£');
  });

  it('stitches each visitor into the kept page as it streams: 2 items and no banner for one, 5 and the banner for the next, from the same kept page', async () => {
    const miss = await view('consent=granted; cart=1:2');
    expect(miss.headers.get('cf-cache-status')).toBe('MISS');
    await miss.text();
    const accepted = await view('consent=granted; cart=1:2');
    const one = await accepted.text();
    expect(accepted.headers.get('cf-cache-status')).toBe('HIT');
    expect(accepted.headers.get('cache-control')).toBe('private, no-cache');
    expect(one).toMatch(/aria-label="Cart, 2 items"[^>]*data-cart-badge/);
    expect(one).toMatch(/data-cart-count="" class="[^"]+">2<\/span>/);
    expect(one).toMatch(/<section[^>]*data-consent-banner=""[^>]* hidden="">/);
    const undecided = await view('cart=3:5');
    const two = await undecided.text();
    expect(undecided.headers.get('cf-cache-status')).toBe('HIT');
    expect(two).toMatch(/aria-label="Cart, 5 items"/);
    expect(two).toMatch(/<section[^>]*data-consent-banner=""[^>]*data-whole="">/);
    expect(two).not.toMatch(/data-consent-banner=""[^>]* hidden=""/);
    // A notice shows once: its cookie is cleared with the answer that shows it.
    const noticed = await view('flash=info:SPRING10%3A%2010%25%20off');
    expect(await noticed.text()).toContain('data-flash="info"');
    expect(noticed.headers.get('set-cookie')).toMatch(/^flash=; Max-Age=0; Path=\/; Secure/);
  });

  it('streams a page nobody asked for yet to its first visitor while keeping it: first bytes before the database answers (400 ms away), the copy kept the bytes sent', async () => {
    turso.setDelay(400);
    try {
      const ask = () => worker.get('/us/product/7', { headers: { 'Accept-Encoding': 'identity' } });
      const page = await firstBytesThenRest('workerd /us/product/7', ask, turso);
      expect(page.status).toBe(200);
      expect(page.answeredBeforeFirstBytes).toBe(0);
      expect(page.first).toMatch(/^<!DOCTYPE html><html [^>]*><head><meta charSet="utf-8"\/>/);
      expect(page.first).not.toContain('<title>');
      expect(page.whole).toMatch(/<title>1911 Laser Training Pistol[^<]*<\/title>[\s\S]*<\/body><\/html>$/);
      expect(page.cacheStatus).toBe('MISS');
      const again = await ask();
      expect(again.headers.get('cf-cache-status')).toBe('HIT');
      expect(await again.text()).toBe(page.whole);
      expect(again.headers.get('content-security-policy')).toBe(page.csp);
    } finally {
      turso.setDelay(0);
    }
  });

  it('streams an article this Worker never read the same way: the build’s list of published posts names it (issue 76)', async () => {
    turso.setDelay(400);
    try {
      const ask = () => worker.get('/blog/laser-training-knife-drills', { headers: { 'Accept-Encoding': 'identity' } });
      const page = await firstBytesThenRest('workerd /blog/laser-training-knife-drills', ask, turso);
      expect(page.status).toBe(200);
      expect(page.answeredBeforeFirstBytes).toBe(0);
      expect(page.first).not.toContain('<title>');
      expect(page.whole).toMatch(/<h1[^>]*>[^<]+<\/h1>[\s\S]*<\/body><\/html>$/);
      const again = await ask();
      expect(again.headers.get('cf-cache-status')).toBe('HIT');
      expect(await again.text()).toBe(page.whole);
    } finally {
      turso.setDelay(0);
    }
  });

  it('purges the tags of a change through ctx.cache.purge before the action answers', async () => {
    const { cookie } = await signedIn();
    // Product 11 (the knife) is sold out in the seeded stock: a delivery changes what its pages show.
    const received = await worker.get(
      '/admin/stock',
      form({ form_token: formToken(), product_id: '11', action: 'add', quantity: '40', note: 'edge delivery' }, cookie),
    );
    expect(received.status).toBe(303);
    const purges = (await (await worker.get('/__purges')).json()) as Array<{ tags: string[] }>;
    expect(purges).toContainEqual({ tags: ['product:11'] });
    const recorded = await turso.db.execute('select tags, purged_at from page_changes where tags = \'["product:11"]\'');
    expect(recorded.rows).toHaveLength(1);
    expect(recorded.rows[0]!.purged_at).not.toBeNull();
  });

  it('spaces purges out as Cloudflare limits them: 50 stock changes in a minute make at most 5 purge calls, and every change is purged within 60 s', async () => {
    const { cookie } = await signedIn();
    const before = ((await (await worker.get('/__purges')).json()) as unknown[]).length;
    const started = Date.now();
    const products = [1, 2, 4, 5, 6, 7, 8, 9, 10, 12];
    for (let n = 0; n < 50; n++) {
      const posted = await worker.get(
        '/admin/stock',
        form(
          { form_token: formToken(), product_id: String(products[n % products.length]), action: 'add', quantity: '1', note: `burst ${n}` },
          cookie,
        ),
      );
      expect(posted.status).toBe(303);
      await posted.text();
    }
    const changedTags = products.map((id) => `product:${id}`);
    // Within a minute of the first change, nothing is left pending and every changed product's tag was purged.
    await vi.waitFor(
      async () => {
        const pending = await turso.db.execute('select count(*) as n from page_changes where purged_at is null');
        expect(Number(pending.rows[0]!.n)).toBe(0);
      },
      { timeout: 60_000 - (Date.now() - started), interval: 500 },
    );
    const calls = ((await (await worker.get('/__purges')).json()) as Array<{ tags: string[] }>).slice(before);
    const elapsedS = (Date.now() - started) / 1000;
    expect(elapsedS).toBeLessThan(60);
    expect(calls.length).toBeGreaterThan(0);
    expect(calls.length).toBeLessThanOrEqual(5);
    for (const call of calls) expect(call.tags.length).toBeLessThanOrEqual(100);
    for (const tag of changedTags)
      expect(
        calls.some((c) => c.tags.includes(tag)),
        tag,
      ).toBe(true);
  }, 90_000);
});
