// `npm run bench:worker-cpu`: what the Workers plans' CPU limit (Free: 10 ms per invocation) meets. The
// built Worker in local workerd (Miniflare), its database the project's local Turso (`npm run db:edge`'s
// server, seeded as `npm start` seeds), no Workers Cache (every page rendered). Per page: the workerd
// process's CPU (user + system, from /proc) over RUNS sequential requests after a warm-up, divided by
// RUNS: the isolate's work plus workerd's own, so an upper bound of what Cloudflare counts. The same for
// the scheduled job with nothing due, with the database round trips each run makes.
// Figures go into docs/performance.md and docs/deploying.md, never into tests.
//   RUNS=40 npm run bench:worker-cpu
import { convertV4MiniflareOptions, Miniflare } from 'miniflare';
import { readdirSync, readFileSync } from 'node:fs';
import { mkdtemp, rm } from 'node:fs/promises';
import { loadavg, tmpdir } from 'node:os';
import { join } from 'node:path';
import { it } from 'vitest';
import { createClient } from '@libsql/client';
import { createDb } from '#worker/db/client.ts';
import { prepareDatabase } from '#worker/runtimes/migrate-node.ts';
import { startLocalTurso } from '#worker/runtimes/local-turso.ts';
import { BROWSER_UA } from '../../tests/support/html';
import { TIDY_PIECES } from '#worker/jobs/due-now.ts';

const RUNS = Number(process.env.RUNS ?? 40);
const WARM = 5;
// /_country first: the smallest answer the Worker gives (no page, no database), so workerd's and
// Miniflare's own share of every request can be told apart from a page's render.
const PAGES = [
  '/_country',
  '/',
  '/products',
  '/product/1',
  '/training-gun-digest',
  '/training-gun-digest/app-compatible-pistols',
  '/contact',
];
const TICK_MS = 1000 / 100; // /proc's clock ticks (USER_HZ = 100 on Linux)

/** The workerd processes this process started (Miniflare's), by pid. */
function workerdPids(): number[] {
  return readdirSync('/proc')
    .filter((d) => /^\d+$/.test(d))
    .flatMap((pid) => {
      try {
        const stat = readFileSync(`/proc/${pid}/stat`, 'utf8');
        const [, comm, rest] = /^\d+ \((.*)\) (.*)$/s.exec(stat)!;
        const ppid = Number(rest!.split(' ')[1]);
        return comm === 'workerd' && ppid === process.pid ? [Number(pid)] : [];
      } catch {
        return [];
      }
    });
}

/** CPU milliseconds (user + system) the processes have used so far. */
function cpuMs(pids: number[]): number {
  return pids.reduce((sum, pid) => {
    const fields = readFileSync(`/proc/${pid}/stat`, 'utf8')
      .replace(/^.*\) /s, '')
      .split(' ');
    // After the command: state is field 3, so utime (14) and stime (15) are at 11 and 12 here.
    return sum + (Number(fields[11]) + Number(fields[12])) * TICK_MS;
  }, 0);
}

it('bench:worker-cpu', async () => {
  const dir = await mkdtemp(join(tmpdir(), 'bench-worker-cpu-'));
  const file = join(dir, 'edge.db');
  const setup = createClient({ url: `file:${file}` });
  await prepareDatabase(createDb(setup));
  setup.close();
  const turso = await startLocalTurso(file, { token: 'bench-token', port: 0 });
  const compatibilityDate = readFileSync('wrangler.toml', 'utf8').match(/compatibility_date = "([^"]+)"/)![1]!;
  const mf = new Miniflare(
    convertV4MiniflareOptions({
      modules: true,
      scriptPath: 'dist/worker/worker.js',
      compatibilityDate,
      assets: { directory: 'dist/client', routerConfig: { has_user_worker: true } },
      bindings: {
        SITE_URL: 'https://shop.example',
        TURSO_DATABASE_URL: turso.url,
        TURSO_AUTH_TOKEN: turso.token,
        RATE_LIMIT_SECRET: 'bench-rate-limit-secret',
        LOG_LEVEL: 'error',
      },
    }),
  );
  try {
    await mf.ready;
    const pids = workerdPids();
    if (pids.length === 0) throw new Error('no workerd process found');
    console.log(
      `bench:worker-cpu ${new Date().toISOString()} RUNS=${RUNS} workerd pids ${pids.join(',')} load average ${loadavg()
        .map((l) => l.toFixed(2))
        .join(' ')}`,
    );
    const get = async (path: string) => {
      const res = await mf.dispatchFetch(`https://shop.example${path}`, { headers: { 'User-Agent': BROWSER_UA } });
      await res.arrayBuffer();
      if (res.status !== 200) throw new Error(`${path} answered ${res.status}`);
    };
    for (const path of PAGES) {
      for (let i = 0; i < WARM; i++) await get(path);
      const before = cpuMs(pids);
      const requests = turso.requests();
      const started = performance.now();
      for (let i = 0; i < RUNS; i++) await get(path);
      const wall = (performance.now() - started) / RUNS;
      const cpu = (cpuMs(pids) - before) / RUNS;
      const trips = (turso.requests() - requests) / RUNS;
      console.log(`page ${path.padEnd(46)} CPU ${cpu.toFixed(1)} ms  wall ${wall.toFixed(1)} ms  db round trips ${trips.toFixed(1)}`);
    }
    // The cron trigger with nothing due (a fresh shop: no owed mail, holds, alerts, posts to mail; every
    // hourly piece just run).
    const worker = await mf.getWorker();
    const at = Date.UTC(2026, 10, 28, 10, 5);
    for (const piece of TIDY_PIECES)
      await turso.db.execute({ sql: 'insert or replace into job_runs (name, last_at) values (?, ?)', args: [piece, at] });
    for (let i = 0; i < 3; i++) await worker.scheduled({ cron: '* * * * *', scheduledTime: new Date(Date.UTC(2026, 10, 28, 10, 5)) });
    const before = cpuMs(pids);
    const requests = turso.requests();
    const runs = Math.max(5, Math.round(RUNS / 4));
    for (let i = 0; i < runs; i++) await worker.scheduled({ cron: '* * * * *', scheduledTime: new Date(Date.UTC(2026, 10, 28, 10, 5)) });
    console.log(
      `scheduled, nothing due: CPU ${((cpuMs(pids) - before) / runs).toFixed(1)} ms  db round trips ${((turso.requests() - requests) / runs).toFixed(1)}`,
    );
    // Each hourly piece on its own (the run that does it: one piece per run), made due by stamping the
    // others as just run.
    for (const piece of TIDY_PIECES) {
      let cpu = 0;
      let trips = 0;
      for (let i = 0; i < runs; i++) {
        await turso.db.execute('delete from job_runs');
        for (const other of TIDY_PIECES.filter((p) => p !== piece))
          await turso.db.execute({ sql: 'insert into job_runs (name, last_at) values (?, ?)', args: [other, at] });
        const cpuBefore = cpuMs(pids);
        const tripsBefore = turso.requests();
        await worker.scheduled({ cron: '* * * * *', scheduledTime: new Date(at) });
        cpu += cpuMs(pids) - cpuBefore;
        trips += turso.requests() - tripsBefore;
      }
      console.log(
        `scheduled, hourly piece ${piece.padEnd(31)} CPU ${(cpu / runs).toFixed(1)} ms  db round trips ${(trips / runs).toFixed(1)}`,
      );
    }
  } finally {
    await mf.dispose();
    await turso.close();
    await rm(dir, { recursive: true, force: true });
  }
}, 600_000);
