// `npm run bench:edge`: the editorial pages as a visitor far from the database meets them. The built
// Worker in local workerd (Miniflare, as deployed: Workers Cache API) and the Node runtime (the app
// over HTTP, as `npm start` serves it) read a seeded libSQL file through the Turso HTTP emulation,
// which adds a round trip (0 and 150 ms) and can be cut off or left hanging. Prints, per page:
// database requests per view and time to first byte (p50/p95) cold and warm, and what each page
// answers while the database is down or hanging, visited before and never visited.
// Figures go into docs/performance.md, never into tests: they move with the machine's load.
import { mkdtemp, rm } from 'node:fs/promises';
import { loadavg, tmpdir } from 'node:os';
import { join } from 'node:path';
import { it } from 'vitest';
import { contentGate } from '#worker/posts/content-gate.ts';
import { createReadCache } from '#worker/db/read-cache/read-cache.ts';
import { memoryStore } from '#worker/db/read-cache/memory-store.ts';
import { NODE_READ_CACHE, openNodeDatabase } from '#worker/runtimes/node-deps.ts';
import { parseSettings } from '#worker/base/settings.ts';
import { GOOGLEBOT_UA } from '../../tests/support/html';
import { startTestApp } from '../../tests/support/test-app';
import { startTursoEmulator, type TursoEmulator } from '../../tests/support/turso-emulator';
import { startWorker } from '../../tests/support/worker';

const PAGES: Array<[string, string, RegExp]> = [
  ['/', '/', /Featured Products/],
  ['products', '/products', /data-island="ProductBrowser"[\s\S]*Rifle &amp; Targets Bundle/],
  ['product', '/product/8', /Hurry! Only a few units left\. 3 in stock/],
  ['digest', '/training-gun-digest', /digest-category-/],
  ['article', '/training-gun-digest/app-compatible-pistols', /PRODUCTS FEATURED IN THIS ARTICLE[\s\S]*RELATED ARTICLES/],
  ['guides', '/guides', /data-island="GuideBrowser"[\s\S]*\/training-gun-digest\//],
  ['guides?q=laser', '/guides?q=laser', /\/training-gun-digest\/[a-z-]+"/],
  ['feed', '/training-gun-digest/feed.xml', /<entry>/],
];
const COLD_RUNS = 5;
const WARM_RUNS = 20;
const DB_TIMEOUT_MS = '5000';

interface Instance {
  /** Time to the response's headers (the first byte) and the body. */
  get(path: string): Promise<{ status: number; ms: number; body: string }>;
  close(): Promise<void>;
}

const pct = (xs: number[], p: number) => xs.toSorted((a, b) => a - b)[Math.min(xs.length - 1, Math.floor((p / 100) * xs.length))]!;
const fmt = (xs: number[]) => `${pct(xs, 50).toFixed(0)} / ${pct(xs, 95).toFixed(0)}`;

async function timed(fetcher: () => Promise<{ status: number; text(): Promise<string> }>) {
  const started = performance.now();
  const res = await fetcher();
  const ms = performance.now() - started;
  return { status: res.status, ms, body: await res.text() };
}

async function nodeInstance(dir: string, turso: TursoEmulator): Promise<Instance> {
  const app = await startTestApp({ env: { TURSO_DATABASE_URL: `file:${join(dir, 'shop.db')}` } });
  const settings = parseSettings({ TURSO_DATABASE_URL: turso.url, TURSO_AUTH_TOKEN: turso.token, DB_TIMEOUT_MS }, 'node');
  app.deps.db = await openNodeDatabase(settings);
  // The read cache exactly as node-deps builds it (absent before the cache existed).
  if ('readCache' in app.deps)
    app.deps.readCache = createReadCache({ db: app.deps.db, store: memoryStore(NODE_READ_CACHE), gate: contentGate });
  return {
    get: (path) => timed(() => fetch(`${app.url}${path}`, { headers: { 'User-Agent': GOOGLEBOT_UA }, redirect: 'manual' })),
    close: () => app.close(),
  };
}

async function workerInstance(turso: TursoEmulator): Promise<Instance> {
  const worker = await startWorker({ TURSO_DATABASE_URL: turso.url, TURSO_AUTH_TOKEN: turso.token, DB_TIMEOUT_MS });
  return {
    get: (path) => timed(() => worker.get(path, { headers: { 'User-Agent': GOOGLEBOT_UA }, redirect: 'manual' })),
    close: () => worker.dispose(),
  };
}

it('bench:edge', async () => {
  const dir = await mkdtemp(join(tmpdir(), 'bench-edge-'));
  const seeding = await startTestApp({ env: { TURSO_DATABASE_URL: `file:${join(dir, 'shop.db')}` } });
  await seeding.close();
  const turso = await startTursoEmulator(join(dir, 'shop.db'));
  const runtimes: Array<[string, () => Promise<Instance>]> = [
    ['worker', () => workerInstance(turso)],
    ['node', () => nodeInstance(dir, turso)],
  ];
  console.log(
    `bench:edge ${new Date().toISOString()} load average ${loadavg()
      .map((l) => l.toFixed(2))
      .join(' ')}`,
  );
  for (const [runtime, start] of runtimes) {
    for (const delay of [0, 150]) {
      turso.setDelay(delay);
      const cold = new Map<string, { ms: number[]; requests: number[] }>();
      const warm = new Map<string, { ms: number[]; requests: number[] }>();
      for (let run = 0; run < COLD_RUNS; run++) {
        const instance = await start();
        for (const [name, path] of PAGES) {
          const before = turso.requests();
          const { ms } = await instance.get(path);
          const entry = cold.get(name) ?? { ms: [], requests: [] };
          entry.ms.push(ms);
          entry.requests.push(turso.requests() - before);
          cold.set(name, entry);
        }
        if (run === COLD_RUNS - 1) {
          for (let i = 0; i < WARM_RUNS; i++) {
            for (const [name, path] of PAGES) {
              const before = turso.requests();
              const { ms } = await instance.get(path);
              const entry = warm.get(name) ?? { ms: [], requests: [] };
              entry.ms.push(ms);
              entry.requests.push(turso.requests() - before);
              warm.set(name, entry);
            }
          }
        }
        await instance.close();
      }
      console.log(`\n${runtime}, ${delay} ms round trip: page | db requests cold / warm | TTFB ms cold p50/p95 | warm p50/p95`);
      for (const [name] of PAGES) {
        const c = cold.get(name)!;
        const w = warm.get(name)!;
        console.log(`${name} | ${Math.max(...c.requests)} / ${Math.max(...w.requests)} | ${fmt(c.ms)} | ${fmt(w.ms)}`);
      }
    }
    turso.setDelay(0);
    for (const visited of [true, false]) {
      for (const outage of ['down', 'hang'] as const) {
        const instance = await start();
        if (visited) for (const [, path] of PAGES) await instance.get(path);
        turso.setOutage(outage);
        const rows = [];
        for (const [name, path, whole] of PAGES) {
          const { status, ms, body } = await instance.get(path);
          rows.push(`${name}: ${status} ${whole.test(body) ? 'whole' : 'fallback'} ${ms.toFixed(0)} ms`);
        }
        turso.setOutage('up');
        console.log(`\n${runtime}, database ${outage}, ${visited ? 'visited once before' : 'never visited'}: ${rows.join('; ')}`);
        await instance.close();
      }
    }
  }
  await turso.close();
  await rm(dir, { recursive: true, force: true });
}, 900_000);
