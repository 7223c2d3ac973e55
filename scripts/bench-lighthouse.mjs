// `npm run bench:lighthouse`: Lighthouse (mobile preset: simulated slow 4G, 4x CPU) on the built Node
// server with a fresh database, RUNS runs per page; prints the median run (by performance score) of each.
// Figures go into docs/performance.md, never into test assertions: on a shared machine they move with the load.
//   RUNS=3 npm run bench:lighthouse             fewer runs when time is short
//   npm run bench:lighthouse -- /faq /contact   only these pages
//   BENCH_COUNTRY=US                            the CF-IPCountry the requests carry (default GB: consent banner shown)
//   BENCH_REVIEWS=6                             approved buyers' reviews of every product first (the product page shows them)
import { mkdtempSync, readFileSync, rmSync } from 'node:fs';
import { loadavg, tmpdir } from 'node:os';
import { join } from 'node:path';
import { createClient } from '@libsql/client';
import { startBenchServer } from './bench-server.mjs';
import { ensureBuild } from './ensure-build.mjs';
import { run } from './run.mjs';

const PATHS = process.argv.slice(2).length
  ? process.argv.slice(2)
  : ['/', '/products', '/product/1', '/training-gun-digest', '/guides', '/blog/dry-fire-fundamentals', '/contact', '/faq'];
const RUNS = Number(process.env.RUNS ?? 5);
const COUNTRY = process.env.BENCH_COUNTRY ?? 'GB';
const CHROME = process.env.CHROMIUM_PATH ?? '/usr/bin/chromium';
const CHROME_FLAGS = [
  '--headless=new',
  '--no-sandbox',
  '--disable-gpu',
  '--disable-background-networking',
  '--disable-component-update',
  '--no-first-run',
];

/** One Lighthouse run (the CLI launches a fresh Chromium each time: no cache, no storage carried over). */
let runCount = 0;
async function audit(url) {
  const out = join(dir, `run-${runCount++}.json`);
  await run('lighthouse', [
    url,
    `--chrome-path=${CHROME}`,
    `--chrome-flags=${CHROME_FLAGS.join(' ')}`,
    '--output=json',
    `--output-path=${out}`,
    '--quiet',
    // As the edge would send it: the browser then skips the IP lookup (no internet here).
    `--extra-headers=${JSON.stringify({ 'CF-IPCountry': COUNTRY })}`,
  ]);
  const { categories, audits } = JSON.parse(readFileSync(out, 'utf8'));
  const score = (id) => Math.round((categories[id]?.score ?? 0) * 100);
  const requests = audits['network-requests']?.details?.items ?? [];
  return {
    performance: score('performance'),
    accessibility: score('accessibility'),
    bestPractices: score('best-practices'),
    seo: score('seo'),
    fcp: audits['first-contentful-paint'].numericValue,
    lcp: audits['largest-contentful-paint'].numericValue,
    tbt: audits['total-blocking-time'].numericValue,
    cls: audits['cumulative-layout-shift'].numericValue,
    // Transferred (compressed) bytes of every script the page loaded without interaction.
    js: requests.filter((r) => r.resourceType === 'Script').reduce((n, r) => n + (r.transferSize ?? 0), 0),
    // Of those, what runs before the first interaction: not the island code fetched ahead as low-priority
    // module preloads once the page is idle (src/client/hydration/prefetch.ts), which runs only on use.
    jsRun: requests
      .filter((r) => r.resourceType === 'Script' && r.priority !== 'Low' && r.priority !== 'VeryLow')
      .reduce((n, r) => n + (r.transferSize ?? 0), 0),
  };
}

/** On a loaded machine Lighthouse sometimes fails to record the trace (NO_NAVSTART): that run is taken again. */
async function auditWithRetry(url, attempts = 3) {
  for (let i = 1; ; i++) {
    try {
      return await audit(url);
    } catch (err) {
      if (i >= attempts) throw err;
      console.error(`retrying ${url}: ${err.message}`);
    }
  }
}

const load = () =>
  loadavg()
    .map((x) => x.toFixed(2))
    .join(' ');
const s = (ms) => `${(ms / 1000).toFixed(1)} s`;

await ensureBuild();
const dir = mkdtempSync(join(tmpdir(), 'shop-lighthouse-'));
// Error level only: not the 404s for /llms.txt Lighthouse asks for.
const { base, dbFile, stop } = await startBenchServer({ logLevel: 'error' });
const REVIEWS = Number(process.env.BENCH_REVIEWS ?? 0);
if (REVIEWS > 0) {
  // REVIEWS orders, and from each an approved review of every listed product, as buyers write them.
  const db = createClient({ url: `file:${dbFile}` });
  await db.execute(`with recursive k(i) as (select 1 union all select i + 1 from k where i < ${REVIEWS})
    insert into orders (session_id, number, status, fulfilment, email, currency, subtotal, shipping, total, token)
    select 'cs_bench_' || i, printf('SP-BNCH-%04d', i), 'paid', 'shipped', 'buyer' || i || '@example.com', 'GBP', 0, 0, 0, 'bench-token-' || i from k`);
  await db.execute(`insert into reviews (product_id, order_id, stars, title, body, name, state)
    select p.id, o.id, 3 + (o.id % 3), 'Does what it says',
      'Resets every time, fits the holster I already use, and the laser registers on the app without fuss.', 'J.', 'approved'
    from products p, orders o where o.number like 'SP-BNCH-%'`);
  db.close();
}
try {
  console.log(`Lighthouse mobile preset, ${RUNS} runs per page, median by performance score; CF-IPCountry ${COUNTRY}`);
  console.log(`load average at start: ${load()}\n`);
  console.log('| page | perf | a11y | best pr. | SEO | FCP | LCP | TBT | CLS | JS transferred | JS run before use |');
  console.log('| --- | --- | --- | --- | --- | --- | --- | --- | --- | --- | --- |');
  for (const path of PATHS) {
    const runs = [];
    for (let i = 0; i < RUNS; i++) runs.push(await auditWithRetry(base + path));
    const m = runs.toSorted((a, b) => a.performance - b.performance || b.tbt - a.tbt)[Math.floor(runs.length / 2)];
    console.log(
      `| ${path} | ${m.performance} | ${m.accessibility} | ${m.bestPractices} | ${m.seo} | ${s(m.fcp)} | ${s(m.lcp)} | ${Math.round(m.tbt)} ms | ${m.cls.toFixed(3)} | ${(m.js / 1024).toFixed(1)} KB | ${(m.jsRun / 1024).toFixed(1)} KB |`,
    );
  }
  console.log(`\nload average at end: ${load()} (figures are only comparable on a quiet machine)`);
} finally {
  await stop();
  rmSync(dir, { recursive: true, force: true });
}
