// `npm run bench:miss-streaming`: a kept page nobody has asked for yet, as its first visitor meets it
// with the database far away. The built Node server (what `npm start` runs) and the built Worker in
// local workerd (behind the tests' Workers Cache stand-in) read a prepared libSQL database through the
// shop's local libSQL server, its answers delayed 0, 150 and 400 ms. Each product page is asked once per
// instance (never seen: nothing kept of it, page or reads), then the home page and the product list.
// Prints time to the first byte of the body and to the whole page, p50/p95, and the first chunk's size.
// Figures go into docs/performance.md, never into tests: they move with the machine's load.
import { loadavg } from 'node:os';
import { it } from 'vitest';
import { startShopServer } from '../../tests/support/shop-server';
import { startPreparedTurso, type TursoEmulator } from '../../tests/support/turso-emulator';
import { startWorker } from '../../tests/support/worker';

const DELAYS = (process.env.DELAYS ?? '0,150,400').split(',').map(Number);
const PRODUCTS = Array.from({ length: 15 }, (_, i) => `/product/${i + 1}`);

const pct = (xs: number[], p: number) => xs.toSorted((a, b) => a - b)[Math.min(xs.length - 1, Math.floor((p / 100) * xs.length))]!;
const fmt = (xs: number[]) => `${pct(xs, 50).toFixed(0)} / ${pct(xs, 95).toFixed(0)}`;

interface Answer {
  status: number;
  body: { getReader(): { read(): Promise<{ done: boolean; value?: Uint8Array }> } } | null;
}

/** First byte of the body and the whole, in ms, and the first chunk's bytes. */
async function timed(ask: () => Promise<Answer>) {
  const started = performance.now();
  const res = await ask();
  const reader = res.body!.getReader();
  const first = await reader.read();
  const firstMs = performance.now() - started;
  while (!(await reader.read()).done);
  if (res.status !== 200) throw new Error(`answered ${res.status}`);
  return { firstMs, wholeMs: performance.now() - started, firstBytes: first.value?.length ?? 0 };
}

/** A fresh instance over a fresh database: nothing of any page kept, page or reads. */
async function instance(runtime: 'Node' | 'workerd', turso: TursoEmulator) {
  if (runtime === 'Node') {
    const server = await startShopServer({ env: { TURSO_DATABASE_URL: turso.url, TURSO_AUTH_TOKEN: turso.token } });
    const ask = (path: string) => fetch(`${server.url}${path}`, { headers: { 'Accept-Encoding': 'identity' } });
    return { ask, close: () => server.stop() };
  }
  const worker = await startWorker({ TURSO_DATABASE_URL: turso.url, TURSO_AUTH_TOKEN: turso.token }, { purgeStandIn: true });
  const ask = (path: string) => worker.get(path, { headers: { 'Accept-Encoding': 'identity' } });
  return { ask, close: () => worker.dispose() };
}

it('bench:miss-streaming', async () => {
  console.log(
    `bench:miss-streaming ${new Date().toISOString()} load average ${loadavg()
      .map((l) => l.toFixed(2))
      .join(' ')}`,
  );
  for (const runtime of (process.env.RUNTIMES ?? 'Node,workerd').split(',') as Array<'Node' | 'workerd'>)
    for (const delay of DELAYS) {
      const turso = await startPreparedTurso();
      const shop = await instance(runtime, turso);
      try {
        turso.setDelay(delay);
        const products: Array<Awaited<ReturnType<typeof timed>>> = [];
        for (const path of PRODUCTS) products.push(await timed(() => shop.ask(path)));
        const lists = [await timed(() => shop.ask('/products')), await timed(() => shop.ask('/'))];
        const row = (label: string, xs: typeof products) =>
          `${label} | ${fmt(xs.map((x) => x.firstMs))} | ${fmt(xs.map((x) => x.wholeMs))} | ${pct(
            xs.map((x) => x.firstBytes),
            50,
          )} B`;
        console.log(`\n${runtime}, database ${delay} ms away: never-seen pages | first byte ms p50/p95 | whole ms p50/p95 | first chunk`);
        console.log(row(`${products.length} product pages`, products));
        console.log(row('/products, /', lists));
      } finally {
        await shop.close();
        await turso.close();
      }
    }
}, 300_000);
