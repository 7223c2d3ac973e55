import { serve } from '@hono/node-server';
import { createApp } from '#worker/app.tsx';
import { prepareDatabase } from './migrate-node.ts';
import { runScheduledJobs } from '#worker/jobs/scheduled-jobs.ts';
import { fileURLToPath } from 'node:url';
import { errorFields } from '#worker/base/log.ts';
import { createNodeDeps, servedThroughPageCache } from './node-deps.ts';
import { parseSettings, SettingsError } from '#worker/base/settings.ts';

/** Cheap when nothing is due; failed sends wait their back-off (1 minute at first) anyway. */
const SCHEDULE_MS = 60 * 1000;

/** The embedded runtime: `npm start`. Migrates the database (loading content/ into an empty one), then serves on PORT. */
async function main() {
  const settings = parseSettings(process.env, 'node');
  // Built as <build>/server/node.js; its client files are in <build>/client.
  const deps = await createNodeDeps(settings, { clientDir: fileURLToPath(new URL('../client', import.meta.url)) });
  const { seeded } = await prepareDatabase(deps.db);
  const app = createApp(deps);
  // Once at start-up (a process restarted often must still send what it owes), then every minute;
  // a run still draining when the next starts is harmless (rows are claimed atomically).
  void runScheduledJobs(deps);
  const timer = setInterval(() => void runScheduledJobs(deps), SCHEDULE_MS);
  timer.unref();
  const server = serve({ fetch: servedThroughPageCache(deps, app), port: settings.PORT, hostname: settings.HOST }, (info) => {
    deps.log('info', 'shop listening', {
      url: `http://localhost:${info.port}`,
      host: settings.HOST,
      database: settings.TURSO_DATABASE_URL.startsWith('file:') ? settings.TURSO_DATABASE_URL : 'turso',
      mailer: deps.mailer.kind,
      seeded,
    });
  });
  // A port another program holds is the operator's to change, not a crash: one line, no stack.
  server.on('error', (err: NodeJS.ErrnoException) => {
    if (err.code === 'EADDRINUSE')
      console.error(`Port ${settings.PORT} on ${settings.HOST} is in use: stop what holds it, or set PORT to another port.`);
    else if (err.code === 'EACCES') console.error(`Port ${settings.PORT} on ${settings.HOST} needs privileges: set PORT to 1024 or above.`);
    else console.error(JSON.stringify({ level: 'error', msg: 'server failed', ...errorFields(err) }));
    process.exit(1);
  });
  const stop = () => {
    clearInterval(timer);
    server.close(() => process.exit(0));
  };
  process.on('SIGINT', stop);
  process.on('SIGTERM', stop);
}

main().catch((err: unknown) => {
  if (err instanceof SettingsError) console.error(err.message);
  else console.error(JSON.stringify({ level: 'error', msg: 'start-up failed', ...errorFields(err) }));
  process.exit(1);
});
