import { createClient } from '@libsql/client';
import { mkdir } from 'node:fs/promises';
import { dirname, resolve } from 'node:path';
import { createDb } from '#worker/db/client.ts';
import { startLocalTurso } from './local-turso.ts';
import { prepareDatabase } from './migrate-node.ts';

/**
 * `npm run db:edge`: a local database for the Worker in local workerd (`npm run preview`, `npm run
 * dev:edge`), which speaks only HTTP to its database: a libSQL file (LOCAL_DB_FILE, default
 * .data/edge.db), migrated and loaded from content/ as `npm start` does, served on
 * http://127.0.0.1:LOCAL_DB_PORT (default 8080) as Turso's HTTP API. .dev.vars.example points at it.
 */
async function main() {
  const file = resolve(process.env.LOCAL_DB_FILE ?? '.data/edge.db');
  const port = Number(process.env.LOCAL_DB_PORT ?? 8080);
  const token = process.env.LOCAL_DB_TOKEN ?? 'local-edge-token';
  await mkdir(dirname(file), { recursive: true });
  const setup = createClient({ url: `file:${file}` });
  const { seeded } = await prepareDatabase(createDb(setup));
  setup.close();
  const turso = await startLocalTurso(file, { token, port });
  console.log(`Local database for the Worker: ${file}${seeded ? ' (loaded from content/)' : ''}`);
  console.log(`Serving Turso's HTTP API at ${turso.url}; in .dev.vars:`);
  console.log(`  TURSO_DATABASE_URL=${turso.url}`);
  console.log(`  TURSO_AUTH_TOKEN=${token}`);
  console.log('Stop with Ctrl+C.');
  const stop = () => void turso.close().then(() => process.exit(0));
  process.on('SIGINT', stop);
  process.on('SIGTERM', stop);
}

main().catch((err: NodeJS.ErrnoException) => {
  console.error(
    err.code === 'EADDRINUSE' ? `Port ${process.env.LOCAL_DB_PORT ?? 8080} is in use: set LOCAL_DB_PORT to another.` : err.message,
  );
  process.exit(1);
});
