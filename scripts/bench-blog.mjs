// `npm run bench:blog`: the editorial pages of the built Node server at 100 and at 10,000 posts.
// For each size: a fresh libSQL file, migrated and loaded from content/ by the server's own start,
// then topped up with generated posts; per page, server time to the last byte (p50 / p95 over
// sequential requests) and HTML bytes. Figures go into docs/performance.md and notes, never into tests.
import { createClient } from '@libsql/client';
import { loadavg } from 'node:os';
import { gzipSync } from 'node:zlib';
import { startBenchServer } from './bench-server.mjs';
import { ensureBuild } from './ensure-build.mjs';

const SIZES = [100, 10_000];
const PAGES = [
  ['digest landing', '/training-gun-digest'],
  ['guides page 1', '/guides'],
  ['guides search', '/guides?q=moving+target'],
  ['article', '/training-gun-digest/dry-fire-fundamentals'],
  ['feed', '/training-gun-digest/feed.xml'],
];
const WARM_UP = 5;
const SEQUENTIAL = 60;
const UA = 'Mozilla/5.0 (X11; Linux x86_64) AppleWebKit/537.36 (KHTML, like Gecko) Chrome/156.0.0.0 Safari/537.36';
const CATEGORIES = ['Fundamentals', 'Tactical Training', 'Equipment Guides'];
const TOPICS = ['dry fire', 'grip', 'trigger control', 'scenarios', 'blue guns', 'instructors', 'shot timer', 'retention', 'low light'];
const PARAGRAPH =
  '<p>Set up a safe backstop, check the trainer, and run the drill for ten clean repetitions before adding speed. Record each par time and the hits, then review what changed between sessions.</p>';

/** Tops the database up to `total` posts: one a day going back from 2024 (older than content/), ~1 in 20 about moving targets. */
async function addPosts(file, total) {
  const db = createClient({ url: `file:${file}` });
  const existing = Number((await db.execute('select count(*) as n from blog_posts')).rows[0].n);
  const rows = Array.from({ length: total - existing }, (_, i) => {
    const at = new Date(Date.UTC(2024, 0, 1) - i * 86_400_000).toISOString();
    const topic = TOPICS[i % TOPICS.length];
    const title = i % 20 === 0 ? `Moving target drill ${i}: tracking and leading` : `${topic} session ${i}: a structured practice plan`;
    return {
      sql: 'insert into blog_posts (title, slug, excerpt, published_at, updated_at, tags, published, content) values (?, ?, ?, ?, ?, ?, 1, ?)',
      args: [
        title,
        `bench-post-${i}`,
        `A ${topic} plan for week ${i % 52}: what to set up, how many repetitions, and what to record.`,
        at,
        at,
        JSON.stringify([CATEGORIES[i % 3], topic, TOPICS[(i + 3) % TOPICS.length]]),
        PARAGRAPH.repeat(12),
      ],
    };
  });
  for (let i = 0; i < rows.length; i += 1000) await db.batch(rows.slice(i, i + 1000), 'write');
  const count = Number((await db.execute('select count(*) as n from blog_posts')).rows[0].n);
  db.close();
  return count;
}

async function timed(base, path) {
  const start = performance.now();
  const res = await fetch(base + path, { headers: { 'User-Agent': UA } });
  const body = Buffer.from(await res.arrayBuffer());
  return { status: res.status, ms: performance.now() - start, body };
}

const pct = (xs, p) => xs.toSorted((a, b) => a - b)[Math.min(xs.length - 1, Math.floor((p / 100) * xs.length))];
const kb = (x) => `${(x / 1024).toFixed(1)} KB`;

await ensureBuild();
const results = new Map();
for (const size of SIZES) {
  const { base, dbFile, stop } = await startBenchServer();
  try {
    const posts = await addPosts(dbFile, size);
    for (const [name, path] of PAGES) {
      for (let i = 0; i < WARM_UP; i++) await timed(base, path);
      const runs = [];
      for (let i = 0; i < SEQUENTIAL; i++) runs.push(await timed(base, path));
      const { body, status } = runs.at(-1);
      if (status !== 200) throw new Error(`${path} answered ${status} at ${size} posts`);
      const times = runs.map((r) => r.ms);
      results.set(`${size} ${name}`, {
        posts,
        p50: pct(times, 50),
        p95: pct(times, 95),
        html: body.length,
        gzip: gzipSync(body, { level: 9 }).length,
      });
    }
  } finally {
    await stop();
  }
}

const [small, large] = SIZES;
console.log(
  `Node ${process.version}, ${SEQUENTIAL} sequential requests per page after ${WARM_UP} warm-up; server time = request to last byte (browser UA, streamed); load average ${loadavg()
    .map((x) => x.toFixed(1))
    .join(' ')}\n`,
);
console.log(`| page | p50 / p95 at ${small} | p50 / p95 at ${large} | p50 ratio | HTML (gzip) at ${small} | HTML (gzip) at ${large} |`);
console.log('| --- | --- | --- | --- | --- | --- |');
for (const [name] of PAGES) {
  const a = results.get(`${small} ${name}`);
  const b = results.get(`${large} ${name}`);
  console.log(
    `| ${name} | ${a.p50.toFixed(1)} / ${a.p95.toFixed(1)} ms | ${b.p50.toFixed(1)} / ${b.p95.toFixed(1)} ms | ${(b.p50 / a.p50).toFixed(2)}x | ${kb(a.html)} (${kb(a.gzip)}) | ${kb(b.html)} (${kb(b.gzip)}) |`,
  );
}
console.log(`\nposts in the databases: ${SIZES.map((s) => results.get(`${s} ${PAGES[0][0]}`).posts).join(' and ')}`);
