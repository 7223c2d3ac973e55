// `npm run bench:pages`: how fast the built Node server answers whole pages through its page cache,
// beside a static file of the same server in the same run (50 keep-alive connections, a warm-up,
// then LOAD_SECONDS per address), and how long a restock by the command line takes to show on the
// product page. Figures go into docs/performance.md, never into test assertions.
import { spawn } from 'node:child_process';
import http from 'node:http';
import { startBenchServer } from './bench-server.mjs';
import { ensureBuild } from './ensure-build.mjs';

const CONNECTIONS = 50;
const WARM_SECONDS = 1;
const LOAD_SECONDS = Number(process.env.LOAD_SECONDS ?? 5);
const KNIFE = 11;
/** What a browser's first visit sends that the answer depends on: compression and language; no cookie. */
const BROWSER_HEADERS = { 'Accept-Encoding': 'gzip, deflate, br', 'Accept-Language': 'en-GB,en;q=0.9' };

await ensureBuild();
const { base, dbFile, stop } = await startBenchServer();
const agent = new http.Agent({ keepAlive: true, maxSockets: CONNECTIONS });

/** One GET to the end of its body: its status and how the page cache served it. */
function get(path, headers) {
  return new Promise((resolve, reject) => {
    const req = http.get(`${base}${path}`, { agent, headers }, (res) => {
      res.on('data', () => {});
      res.on('end', () => resolve({ status: res.statusCode, cache: res.headers['cf-cache-status'] }));
      res.on('error', reject);
    });
    req.on('error', reject);
  });
}

/** Completed requests per second over `seconds`, CONNECTIONS at once; the statuses and cache answers seen. */
async function load(path, seconds, headers = BROWSER_HEADERS) {
  const until = performance.now() + seconds * 1000;
  let done = 0;
  const seen = new Map();
  await Promise.all(
    Array.from({ length: CONNECTIONS }, async () => {
      while (performance.now() < until) {
        const { status, cache } = await get(path, headers);
        const key = `${status} ${cache ?? '-'}`;
        seen.set(key, (seen.get(key) ?? 0) + 1);
        done += 1;
      }
    }),
  );
  return { perSecond: done / seconds, seen: Object.fromEntries(seen) };
}

const STATIC = '/icon.svg';
const PAGES = ['/', '/products', '/product/1', '/training-gun-digest/dry-fire-fundamentals', '/gb/product/1'];
try {
  const rows = [];
  for (const path of [STATIC, ...PAGES]) {
    await load(path, WARM_SECONDS);
    rows.push({ path, ...(await load(path, LOAD_SECONDS)) });
  }
  rows[0].first = rows[0].perSecond;
  // Returning visitors: the same kept pages with their own parts filled in (cart count, consent banner), and a saved region.
  const returning = [
    ['/', 'consent=denied'],
    ['/products', 'consent=granted; cart=1:2|3:1'],
    ['/product/1', 'cart=2:5'],
    ['/product/1', 'preferredCountry=US; consent=granted; cart=1:1'],
    ['/gb/product/1', 'consent=granted; cart=1:2'],
  ];
  for (const [path, cookie] of returning) {
    const headers = { ...BROWSER_HEADERS, Cookie: cookie };
    await load(path, WARM_SECONDS, headers);
    rows.push({ path: `${path} (Cookie: ${cookie})`, ...(await load(path, LOAD_SECONDS, headers)) });
  }
  // The static file again at the end: the machine's pace drifts over a run, so pages are compared with the mean of both.
  await load(STATIC, WARM_SECONDS);
  const staticAfter = await load(STATIC, LOAD_SECONDS);
  const staticRate = (rows[0].perSecond + staticAfter.perSecond) / 2;
  rows[0].perSecond = staticRate;
  console.log(
    `Requests per second, ${CONNECTIONS} connections, ${LOAD_SECONDS} s each (after ${WARM_SECONDS} s warm-up), a browser's first visit (${JSON.stringify(BROWSER_HEADERS)}), ${new Date().toISOString()}:`,
  );
  console.log('| address | req/s | share of the static file | answers |');
  console.log('| --- | --- | --- | --- |');
  for (const r of rows) {
    const share = (r.perSecond / staticRate).toFixed(2);
    const answers = Object.entries(r.seen)
      .map(([k, n]) => `${k}: ${n}`)
      .join(', ');
    console.log(
      `| ${r.path.replace(/^(\S+)( \(Cookie: (.*)\))?$/, (_, p, c, v) => `\`${p}\`${c ? ` with \`${v}\`` : ''}`)} | ${Math.round(r.perSecond)} | ${r.path === STATIC ? `1.00 (static: mean of ${Math.round(rows[0].first)} before and ${Math.round(staticAfter.perSecond)} after)` : share} | ${answers} |`,
    );
  }

  // A restock by the command line, timed to the product page saying so: the knife is sold out in the seed.
  const label = async () => (await (await fetch(`${base}/product/${KNIFE}`)).text()).match(/In Stock|Out of Stock|\d+ in stock/)?.[0];
  await label();
  const before = await label();
  const started = performance.now();
  const cli = spawn(process.execPath, ['dist/server/db-cli.js', 'stock', 'add', String(KNIFE), '20', '--note', 'bench'], {
    env: { ...process.env, TURSO_DATABASE_URL: `file:${dbFile}`, SITE_URL: base, LOG_LEVEL: 'warn' },
    stdio: ['ignore', 'pipe', 'inherit'],
  });
  let said = '';
  cli.stdout.on('data', (chunk) => (said += chunk));
  const exited = new Promise((resolve) => cli.once('exit', () => resolve(performance.now())));
  let shown;
  for (;;) {
    const now = await label();
    if (now !== before) {
      shown = { at: performance.now(), label: now };
      break;
    }
    if (performance.now() - started > 10_000) throw new Error('the page did not change within 10 s');
    await new Promise((r) => setTimeout(r, 20));
  }
  const exitedAt = await exited;
  console.log(`\nRestock by \`npm run stock -- add ${KNIFE} 20\`: the product page said "${before}", then "${shown.label}"`);
  console.log(
    `${(shown.at - started).toFixed(0)} ms after the command started (it ran ${(exitedAt - started).toFixed(0)} ms, starting Node included).`,
  );
  console.log(`The command said: ${said.trim().split('\n').at(-1)}`);
} finally {
  agent.destroy();
  await stop();
}
