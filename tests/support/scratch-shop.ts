import { execFile } from 'node:child_process';
import { cp, mkdir, mkdtemp, readFile, rm, symlink, writeFile } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import { join, resolve } from 'node:path';
import { promisify } from 'node:util';

const run = promisify(execFile);

/** What a scratch copy's probe asked of its app: each path's status, Location and body. */
export type ProbeAnswers = Record<string, { status: number; location: string | null; html: string }>;

/**
 * A copy of the shop in a temporary folder (its sources, content, migrations, configs and scripts;
 * node_modules linked), for trying a docs/code-layout.md checklist once: `edit` changes what the
 * checklist says to change, then the copy's own lint of imports runs and its app answers `paths`
 * in-process (under the copy's vitest, which builds what the app imports), asked by a crawler with no
 * cookie (`answers`) and by the signed-in owner (`owner`).
 */
export async function tryInScratchCopy(opts: {
  edit(dir: string): Promise<void>;
  paths: string[];
}): Promise<{ answers: ProbeAnswers; owner: ProbeAnswers; house: string; close(): Promise<void> }> {
  const dir = await mkdtemp(join(tmpdir(), 'scratch-shop-'));
  for (const part of [
    'src',
    'content',
    'migrations',
    'public',
    'scripts',
    'package.json',
    'tsconfig.json',
    'vite.config.ts',
    'vitest.config.ts',
  ])
    await cp(resolve(part), join(dir, part), { recursive: true });
  await symlink(resolve('node_modules'), join(dir, 'node_modules'), 'dir');
  await opts.edit(dir);
  const house = (await run(process.execPath, ['scripts/import-graph.mjs', '--check'], { cwd: dir })).stdout;
  await mkdir(join(dir, 'tests/unit'), { recursive: true });
  await writeFile(join(dir, 'tests/unit/probe.test.ts'), probe(opts.paths));
  await run(process.execPath, [resolve('node_modules/vitest/vitest.mjs'), 'run', '--project', 'unit', 'tests/unit/probe.test.ts'], {
    cwd: dir,
    timeout: 80_000,
  });
  const { answers, owner } = JSON.parse(await readFile(join(dir, 'answers.json'), 'utf8')) as {
    answers: ProbeAnswers;
    owner: ProbeAnswers;
  };
  return { answers, owner, house, close: () => rm(dir, { recursive: true, force: true }) };
}

/** The probe: the real app on the embedded database, migrated and loaded, asked in-process. */
const probe = (paths: string[]) => `
import { it } from 'vitest';
import { mkdtemp, writeFile } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { createApp } from '#worker/app.tsx';
import { openSession } from '#worker/admin/admin-sessions.ts';
import { parseSettings } from '#worker/base/settings.ts';
import { prepareDatabase } from '#worker/runtimes/migrate-node.ts';
import { createNodeDeps } from '#worker/runtimes/node-deps.ts';
it('answers', async () => {
  const dir = await mkdtemp(join(tmpdir(), 'scratch-shop-db-'));
  const env = { TURSO_DATABASE_URL: 'file:' + join(dir, 'shop.db'), MAIL_OUTBOX_DIR: join(dir, 'outbox'), CONTACT_SPOOL_DIR: join(dir, 'contact-spool'), LOG_LEVEL: 'error', SITE_URL: 'https://shop.example', ADMIN_EMAILS: 'owner@example.com' };
  const deps = await createNodeDeps(parseSettings(env, 'node'), { clientDir: join(dir, 'none') });
  await prepareDatabase(deps.db);
  const app = createApp(deps);
  const ask = async (headers) => {
    const out = {};
    for (const path of ${JSON.stringify(paths)}) {
      const res = await app.request(path, { headers });
      out[path] = { status: res.status, location: res.headers.get('location'), html: await res.text() };
    }
    return out;
  };
  const answers = await ask({ 'User-Agent': 'Googlebot/2.1' });
  const owner = await ask({ Cookie: '__Host-admin=' + (await openSession(deps.db, 'owner@example.com')) });
  deps.db.$client.close();
  await writeFile('answers.json', JSON.stringify({ answers, owner }));
}, 60_000);
`;
