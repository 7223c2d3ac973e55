// `npm run bench:worker`: the deploy bundle's size and how long workerd takes to start it.
// Builds dist/worker (wrangler deploy --dry-run, as `npm run deploy` bundles), then RUNS times: a new
// workerd (Miniflare) with the bundle, timed until it is ready and until it has answered its first
// request (/products: the catalogue needs no database, so the figure is the script's own start-up).
// Prints the bundle's raw and gzip sizes and p50/max of both timings. Figures go into
// docs/performance.md, never into test assertions.
//   RUNS=3 npm run bench:worker
import { readFileSync, statSync } from 'node:fs';
import { loadavg } from 'node:os';
import { gzipSync } from 'node:zlib';
import { convertV4MiniflareOptions, Miniflare } from 'miniflare';
import { spawnSync } from 'node:child_process';

const RUNS = Number(process.env.RUNS ?? 5);
const SCRIPT = 'dist/worker/worker.js';

const built = spawnSync(process.execPath, ['scripts/build.mjs', 'client', 'worker'], { stdio: 'inherit' });
if (built.status !== 0) process.exit(built.status ?? 1);
const compatibilityDate = readFileSync('wrangler.toml', 'utf8').match(/compatibility_date = "([^"]+)"/)[1];
const bundle = readFileSync(SCRIPT);

const median = (xs) => xs.toSorted((a, b) => a - b)[Math.floor(xs.length / 2)];
const ready = [];
const first = [];
for (let i = 0; i < RUNS; i++) {
  const started = performance.now();
  const mf = new Miniflare(
    convertV4MiniflareOptions({
      modules: true,
      scriptPath: SCRIPT,
      compatibilityDate,
      assets: { directory: 'dist/client', routerConfig: { has_user_worker: true } },
      bindings: { SITE_URL: 'https://shop.example', TURSO_DATABASE_URL: 'http://127.0.0.1:9', TURSO_AUTH_TOKEN: 'bench' },
    }),
  );
  await mf.ready;
  ready.push(performance.now() - started);
  const res = await mf.dispatchFetch('https://shop.example/products');
  await res.arrayBuffer();
  if (res.status !== 200) throw new Error(`/products answered ${res.status}`);
  first.push(performance.now() - started);
  await mf.dispose();
}

const kb = (bytes) => `${(bytes / 1024).toFixed(0)} KB`;
console.log(`load average ${loadavg()[0].toFixed(2)}; ${RUNS} runs`);
console.log(
  `bundle       ${kb(statSync(SCRIPT).size)} (gzip ${kb(gzipSync(bundle).length)}); source map ${kb(statSync(`${SCRIPT}.map`).size)}`,
);
console.log(`ready        p50 ${median(ready).toFixed(0)} ms, max ${Math.max(...ready).toFixed(0)} ms`);
console.log(`first answer p50 ${median(first).toFixed(0)} ms, max ${Math.max(...first).toFixed(0)} ms`);
