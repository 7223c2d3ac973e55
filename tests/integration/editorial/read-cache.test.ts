import { cp, mkdtemp, readFile, rm, writeFile } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterAll, afterEach, beforeAll, describe, expect, it } from 'vitest';
import { contentGate } from '#worker/posts/content-gate.ts';
import { createReadCache, GATE_CHECK_MS, type CacheStore } from '#worker/db/read-cache/read-cache.ts';
import { CacheShort, cacheKey } from '#worker/db/read-cache/strategy.ts';
import { contentVersion } from '#worker/posts/post-tables.ts';
import { sql } from 'drizzle-orm';
import { requestReads } from '#worker/db/read-cache/request-reads.ts';
import { memoryStore } from '#worker/db/read-cache/memory-store.ts';
import { postReads } from '#worker/posts/post-reads.ts';
import { syncContent } from '#worker/content-sync/content-sync.ts';
import { NODE_READ_CACHE, openNodeDatabase } from '#worker/runtimes/node-deps.ts';
import { parseSettings } from '#worker/base/settings.ts';
import { keptLog, startTestApp, type TestApp } from '../../support/test-app';
import { startTursoEmulator, type TursoEmulator } from '../../support/turso-emulator';

/**
 * The read cache on the Node runtime, against the Turso HTTP emulation: every database round trip is
 * one HTTP request the emulation counts, and it can be slowed, cut off or left hanging.
 */
const ARTICLE = '/training-gun-digest/app-compatible-pistols';
let dir: string;
let turso: TursoEmulator;

/**
 * The app with its database reached over HTTP through the emulation, built as the Node runtime builds
 * it for a libsql:// or https:// URL. (Started on the file itself, which is migrated already: the
 * emulation serves reads, not the migrator's interactive transactions.)
 */
async function appOnTurso(env: Record<string, string> = {}, log = keptLog().log): Promise<TestApp> {
  const file = `file:${join(dir, 'shop.db')}`;
  const app = await startTestApp({ env: { TURSO_DATABASE_URL: file, ...env }, log });
  const settings = parseSettings({ TURSO_DATABASE_URL: turso.url, TURSO_AUTH_TOKEN: turso.token, DB_TIMEOUT_MS: '3000', ...env }, 'node');
  app.deps.db = await openNodeDatabase(settings);
  app.deps.readCache = createReadCache({ db: app.deps.db, store: memoryStore(NODE_READ_CACHE), gate: contentGate });
  return app;
}

/** HTTP requests the emulation gets while `run` runs. */
async function requestsDuring(run: () => Promise<unknown>): Promise<number> {
  const before = turso.requests();
  await run();
  return turso.requests() - before;
}

beforeAll(async () => {
  dir = await mkdtemp(join(tmpdir(), 'read-cache-'));
  // Migrated and loaded from content/ once, as a file; then served through the emulation.
  const seeding = await startTestApp({ env: { TURSO_DATABASE_URL: `file:${join(dir, 'shop.db')}` } });
  await seeding.close();
  turso = await startTursoEmulator(join(dir, 'shop.db'));
});
afterAll(async () => {
  await turso.close();
  await rm(dir, { recursive: true, force: true });
});
afterEach(() => {
  turso.setOutage('up');
  turso.setDelay(0);
});

describe('round trips', () => {
  let t: TestApp;
  beforeAll(async () => {
    t = await appOnTurso();
  });
  afterAll(() => t.close());

  it('reads each page in one round trip when nothing is kept, and in none while it is fresh', async () => {
    for (const path of [
      ARTICLE,
      '/training-gun-digest',
      '/guides',
      '/guides?q=laser',
      '/guides?category=fundamentals',
      '/training-gun-digest/feed.xml',
    ]) {
      expect(await requestsDuring(() => t.crawl(path)), `${path} cold`).toBe(1);
      expect(await requestsDuring(() => t.crawl(path)), `${path} warm`).toBe(0);
    }
  });

  it('says how the reads were served in Server-Timing and in the request log line', async () => {
    const { log, lines } = keptLog();
    const app = await appOnTurso({ LOG_LEVEL: 'info' }, log);
    const cold = await app.crawl('/guides?q=dry');
    expect(cold.res.headers.get('server-timing')).toMatch(/^db;desc="miss";dur=\d+\.\d$/);
    const warm = await app.crawl('/guides?q=dry');
    expect(warm.res.headers.get('server-timing')).toMatch(/^db;desc="hit";dur=\d+\.\d$/);
    const logged = lines.filter((l) => l.msg === 'request' && l.fields?.path === '/guides').map((l) => l.fields?.serverTiming);
    expect(logged).toEqual([cold.res.headers.get('server-timing'), warm.res.headers.get('server-timing')]);
    await app.close();
  });

  it('makes one database request for 50 concurrent cold views of the same page', async () => {
    const app = await appOnTurso();
    turso.setDelay(100);
    const n = await requestsDuring(() => Promise.all(Array.from({ length: 50 }, () => app.crawl(ARTICLE))));
    expect(n).toBe(1);
    await app.close();
  });
});

describe('outages', () => {
  it('serves a visited page whole from the kept copy while the database is down or hanging', async () => {
    const app = await appOnTurso();
    const visited = await app.crawl(ARTICLE);
    expect(visited.res.status).toBe(200);
    // Outdated (as after a sync), so the database is asked, and fails.
    for (const outage of ['down', 'hang'] as const) {
      await app.deps.readCache.contentChanged();
      turso.setOutage(outage);
      const started = performance.now();
      const { res, html } = await app.crawl(ARTICLE);
      expect(res.status, outage).toBe(200);
      expect(html, outage).toContain('PRODUCTS FEATURED IN THIS ARTICLE');
      expect(html, outage).toContain('RELATED ARTICLES');
      expect(performance.now() - started, outage).toBeLessThan(2500);
      turso.setOutage('up');
    }
    await app.close();
  });

  it("gives the spec's fallback for a page never visited, after one time-out at most", async () => {
    const app = await appOnTurso({ DB_TIMEOUT_MS: '500' });
    turso.setOutage('hang');
    expect(await requestsDuring(() => app.crawl('/training-gun-digest/dry-fire-fundamentals'))).toBe(1);
    const guides = await app.crawl('/guides?q=blue');
    expect(guides.res.status).toBe(200);
    expect(guides.html).toContain('No guides found');
    turso.setOutage('down');
    const article = await app.crawl('/blog/blue-guns');
    expect(article.res.status).toBe(302);
    const health = await fetch(`${app.url}/healthz`);
    expect(health.status).toBe(503);
    await app.close();
  });
});

describe('publishing through the cache', () => {
  it('shows a post written by content:sync once the content state is read again (within the fresh window)', async () => {
    let clock = Date.now();
    const app = await appOnTurso();
    app.deps.readCache = createReadCache({ db: app.deps.db, store: memoryStore(NODE_READ_CACHE), gate: contentGate, now: () => clock });
    // A returning reader (a cookie): a first visit's reads are checked against the gate each second
    // instead (a page the shared cache keeps: tests/integration/site/page-cache.test.ts).
    const reader = { Cookie: 'consent=denied' };
    expect((await app.crawl('/training-gun-digest/feed.xml', reader)).html).not.toContain('cache-test-post');

    const content = join(dir, 'content');
    await cp('content', content, { recursive: true });
    const source = await readFile(join(content, 'posts', 'blue-guns.md'), 'utf8');
    const post = source.replace(/^slug: .*$/m, 'slug: cache-test-post').replace(/^title: .*$/m, 'title: "Cache Test Post"');
    await writeFile(
      join(content, 'posts', 'cache-test-post.md'),
      post.replace(/^published_at: .*$/m, `published_at: ${new Date().toISOString()}`),
    );
    const synced = await syncContent(app.deps.db, { dir: content });
    expect(synced.wrote).toBe(true);

    // Inside the fresh window: no read, the kept feed.
    clock += 30_000;
    expect(await requestsDuring(() => app.crawl('/training-gun-digest/feed.xml', reader))).toBe(0);
    // Past it: the visit that finds the content state stale starts its refresh; from the next one on, the new post.
    clock += 31_000;
    await app.crawl('/training-gun-digest/feed.xml', reader);
    await new Promise((resolve) => setTimeout(resolve, 100));
    expect((await app.crawl('/training-gun-digest/feed.xml', reader)).html).toContain('cache-test-post');
    await app.close();
  });
});

describe('memory', () => {
  it('keeps 10,000 distinct guide searches under the byte bound', async () => {
    // The embedded file database: the bound is the cache's, not the emulation's.
    const app = await startTestApp();
    const bound = { maxEntries: NODE_READ_CACHE.maxEntries, maxBytes: 256 * 1024 };
    const store = memoryStore(bound);
    const cache = createReadCache({ db: app.deps.db, store, gate: contentGate });
    const reads = postReads(app.deps.db);
    const scope = { waitUntil: () => {}, log: app.deps.log };
    for (let i = 0; i < 10_000; i += 100) {
      await Promise.all(
        Array.from({ length: 100 }, (_, j) =>
          requestReads(cache, scope).all([reads.searchCount({ q: `search ${i + j}`, category: null, page: 1, pageSize: 12 })] as const),
        ),
      );
      expect(store.bytes()).toBeLessThanOrEqual(bound.maxBytes);
    }
    expect(store.bytes()).toBeGreaterThan(bound.maxBytes / 2);
    await app.close();
  }, 120_000);
});

describe('what the cache absorbs', () => {
  /** A store that fails every call, as the Workers Cache API can. */
  const brokenStore: CacheStore = {
    get: () => Promise.reject(new Error('cache get failed')),
    put: () => Promise.reject(new Error('cache put failed')),
  };

  it('treats a failing store as a miss: pages come from the database, never a 500 or a redirect', async () => {
    const { log, lines } = keptLog();
    const app = await startTestApp({ log });
    app.deps.readCache = createReadCache({ db: app.deps.db, store: brokenStore, gate: contentGate, log });
    const article = await app.crawl(ARTICLE);
    expect(article.res.status).toBe(200);
    expect(article.html).toContain('RELATED ARTICLES');
    expect((await app.crawl('/guides?q=blue')).res.status).toBe(200);
    expect(lines.some((l) => l.msg === 'read cache store get failed')).toBe(true);
    expect(lines.some((l) => l.msg === 'read cache store put failed')).toBe(true);
    expect(lines.filter((l) => l.level === 'error')).toEqual([]);
    await app.close();
  });

  it('keeps what a read found nothing for (an unknown slug, an empty search) only for the fresh window', async () => {
    const app = await startTestApp();
    const kept: Array<[string, number]> = [];
    const inner = memoryStore(NODE_READ_CACHE);
    const store: CacheStore = { get: (k) => inner.get(k), put: (k, e, ttl) => (kept.push([k, ttl]), inner.put(k, e, ttl)) };
    const cache = createReadCache({ db: app.deps.db, store, gate: contentGate });
    const reads = postReads(app.deps.db);
    const scope = { waitUntil: () => {}, log: app.deps.log };
    await requestReads(cache, scope).all([reads.post('no-such-post'), reads.post('dry-fire-fundamentals')] as const);
    const ttl = (key: string) => kept.find(([k]) => k === key)?.[1];
    expect(ttl(cacheKey('post', ['no-such-post']))).toBe(CacheShort.freshMs);
    expect(ttl(cacheKey('post', ['dry-fire-fundamentals']))).toBe(CacheShort.staleMs);
    await app.close();
  });

  it('hands every batch to the waitUntil of the request that started it, and bounds how long any waiter waits', async () => {
    const app = await appOnTurso({ DB_TIMEOUT_MS: '10000' });
    const cache = createReadCache({ db: app.deps.db, store: memoryStore(NODE_READ_CACHE), gate: contentGate, waitMs: 300 });
    const reads = postReads(app.deps.db);
    const handed: Array<Promise<unknown>> = [];
    const first = { waitUntil: (work: Promise<unknown>) => void handed.push(work), log: app.deps.log };
    const joiner = { waitUntil: () => {}, log: app.deps.log };
    turso.setOutage('hang');
    const started = performance.now();
    const [a, b] = await Promise.all([
      requestReads(cache, first).all([reads.post('dry-fire-fundamentals')] as const),
      requestReads(cache, joiner).all([reads.post('dry-fire-fundamentals')] as const),
    ]);
    // Both got the fallback after waitMs, not after the 10 s the database client would wait.
    expect([a, b]).toEqual([[null], [null]]);
    expect(performance.now() - started).toBeLessThan(2000);
    // The batch both waited on was handed to the first request's waitUntil (the joiner started none).
    expect(handed).toHaveLength(1);
    turso.setOutage('up');
    await app.close();
  });

  it('stamps rows with the content version known when they were asked for, not one learnt while they were on their way', async () => {
    const app = await startTestApp();
    let clock = Date.now();
    let hold: Promise<void> | undefined;
    // The database answers the held batch late, after reading it: as a far-away database would.
    const db = new Proxy(app.deps.db, {
      get(target, prop, receiver) {
        if (prop !== 'batch') return Reflect.get(target, prop, receiver);
        return async (queries: Parameters<typeof target.batch>[0]) => {
          const waitFor = hold;
          const rows = await target.batch(queries);
          if (waitFor) await waitFor;
          return rows;
        };
      },
    });
    const store = memoryStore(NODE_READ_CACHE);
    const cache = createReadCache({ db, store, gate: contentGate, now: () => clock });
    const reads = postReads(app.deps.db);
    const scope = () => ({ waitUntil: () => {}, log: app.deps.log });
    // The gate's version: the content version and the latest page change's id.
    const version = async () => {
      const [row] = await app.deps.db
        .select({ v: contentVersion.version, c: sql<number | null>`(select max(id) from page_changes)` })
        .from(contentVersion);
      return `${row?.v ?? 0}.${row?.c ?? 0}`;
    };
    const before = await version();
    await requestReads(cache, scope()).all([reads.categories()] as const); // the gate's state is now known and fresh

    let release!: () => void;
    hold = new Promise((resolve) => (release = resolve));
    const slow = requestReads(cache, scope()).all([reads.post('dry-fire-fundamentals')] as const);
    await new Promise((resolve) => setTimeout(resolve, 50));
    hold = undefined;
    // A sync lands, and another request (past the fresh window) learns the new version first.
    await app.deps.db.update(contentVersion).set({ version: sql`${contentVersion.version} + 1` });
    const after = await version();
    expect(after).not.toBe(before);
    clock += CacheShort.freshMs + 1;
    await requestReads(cache, scope()).all([reads.post('blue-guns')] as const);
    expect((await store.get(cacheKey('post', ['blue-guns'])))?.version).toBe(after);
    release();
    await slow;
    // Read before the sync: stamped with the version it was read under, so it is read again, not kept as current.
    expect((await store.get(cacheKey('post', ['dry-fire-fundamentals'])))?.version).toBe(before);
    await app.close();
  });

  it('makes a page degraded and the database troubled only when a read is still out at the budget, not once it answered in time', async () => {
    let clock = Date.now();
    const settings = parseSettings({ TURSO_DATABASE_URL: turso.url, TURSO_AUTH_TOKEN: turso.token, DB_TIMEOUT_MS: '3000' }, 'node');
    const db = await openNodeDatabase(settings);
    const cache = createReadCache({
      db,
      store: memoryStore(NODE_READ_CACHE),
      gate: contentGate,
      now: () => clock,
      revalidateBudgetMs: 200,
    });
    const reads = postReads(db);
    // A page the shared cache keeps: past GATE_CHECK_MS its kept reads are read again, the kept copy racing the budget.
    const page = () => requestReads(cache, { waitUntil: () => {}, log: () => {}, checkGate: true });
    await page().all([reads.categories()] as const);
    clock += GATE_CHECK_MS + 1;
    turso.setDelay(50);
    const inTime = page();
    await inTime.all([reads.categories()] as const);
    await new Promise((resolve) => setTimeout(resolve, 300));
    expect(inTime.degraded()).toBe(false);
    expect(cache.troubled()).toBe(false);
    clock += GATE_CHECK_MS + 1;
    turso.setDelay(400);
    const late = page();
    await late.all([reads.categories()] as const);
    expect(late.degraded()).toBe(true);
    expect(cache.troubled()).toBe(true);
    turso.setDelay(0);
  });
});
