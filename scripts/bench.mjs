// `npm run bench`: measures the built Node server on this machine. Page weight (HTML and the JS a
// page loads, gzip) and latency (time to first byte and to the last byte, sequential and with
// concurrency). Figures go into notes, never into test assertions.
import { readFileSync } from 'node:fs';
import { join } from 'node:path';
import { gzipSync } from 'node:zlib';
import { startBenchServer } from './bench-server.mjs';
import { ensureBuild } from './ensure-build.mjs';

const PATHS = process.argv.slice(2).length
  ? process.argv.slice(2)
  : ['/', '/products', '/product/1', '/about', '/contact', '/faq', '/missing-page'];
const SEQUENTIAL = 60;
const CONCURRENCY = 8;
const LOAD_SECONDS = 5;
const UA = 'Mozilla/5.0 (X11; Linux x86_64) AppleWebKit/537.36 (KHTML, like Gecko) Chrome/156.0.0.0 Safari/537.36';

await ensureBuild();
const { base, stop } = await startBenchServer();

const manifest = JSON.parse(readFileSync('dist/client/.vite/manifest.json', 'utf8'));
const gz = (buf) => gzipSync(buf, { level: 9 }).length;
const fileGz = (file) => gz(readFileSync(join('dist/client', file)));

/** The JS a page loads: the entry, its static imports, and (when it has islands) hydrate + island chunks. */
function pageJs(html) {
  const files = new Set();
  const add = (key) => {
    const chunk = manifest[key];
    if (!chunk || files.has(chunk.file)) return;
    files.add(chunk.file);
    for (const imp of chunk.imports ?? []) add(imp);
  };
  add('src/client/entry.ts');
  const islands = [...new Set([...html.matchAll(/data-island="(\w+)"/g)].map((m) => m[1]))];
  if (islands.length) {
    add('src/client/hydration/hydrate.tsx');
    for (const name of islands) add(`src/ui/islands/${name}.tsx`);
  }
  return { islands, files: [...files], gzip: [...files].reduce((n, f) => n + fileGz(f), 0) };
}

async function timed(path) {
  const start = performance.now();
  const res = await fetch(base + path, { headers: { 'User-Agent': UA } });
  const reader = res.body.getReader();
  let first = 0;
  const chunks = [];
  for (;;) {
    const { done, value } = await reader.read();
    if (done) break;
    if (!first) first = performance.now() - start;
    chunks.push(value);
  }
  return { status: res.status, ttfb: first, total: performance.now() - start, body: Buffer.concat(chunks) };
}

const pct = (xs, p) => xs.toSorted((a, b) => a - b)[Math.min(xs.length - 1, Math.floor((p / 100) * xs.length))];
const ms = (x) => `${x.toFixed(1)} ms`;
const kb = (x) => `${(x / 1024).toFixed(1)} KB`;

console.log(
  `Node ${process.version}, ${SEQUENTIAL} sequential requests per page after warm-up, then ${CONCURRENCY} concurrent for ${LOAD_SECONDS} s\n`,
);
console.log('| page | status | HTML | HTML gzip | JS gzip (files) | TTFB p50 / p95 | full p50 / p95 | req/s @' + CONCURRENCY + ' |');
console.log('| --- | --- | --- | --- | --- | --- | --- | --- |');
for (const path of PATHS) {
  for (let i = 0; i < 5; i++) await timed(path);
  const runs = [];
  for (let i = 0; i < SEQUENTIAL; i++) runs.push(await timed(path));
  const { body, status } = runs[0];
  const js = pageJs(body.toString());
  let done = 0;
  const until = performance.now() + LOAD_SECONDS * 1000;
  await Promise.all(
    Array.from({ length: CONCURRENCY }, async () => {
      while (performance.now() < until) {
        await timed(path);
        done++;
      }
    }),
  );
  console.log(
    `| ${path} | ${status} | ${kb(body.length)} | ${kb(gz(body))} | ${kb(js.gzip)} (${js.files.length}) | ${ms(
      pct(
        runs.map((r) => r.ttfb),
        50,
      ),
    )} / ${ms(
      pct(
        runs.map((r) => r.ttfb),
        95,
      ),
    )} | ${ms(
      pct(
        runs.map((r) => r.total),
        50,
      ),
    )} / ${ms(
      pct(
        runs.map((r) => r.total),
        95,
      ),
    )} | ${(done / LOAD_SECONDS).toFixed(0)} |`,
  );
}
await stop();
