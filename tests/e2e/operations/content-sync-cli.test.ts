import { spawn } from 'node:child_process';
import { mkdir, mkdtemp, readdir, rm, symlink, writeFile } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import { join, resolve } from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { runDbCli } from '../../support/db-cli';

/**
 * The built command behind `npm run content:sync` (dist/server/db-cli.js), run as an operator would:
 * in a folder with content/, public/ and the migrations, against a libSQL file named by TURSO_DATABASE_URL.
 */
let dir: string;

const sync = (...flags: string[]) =>
  runDbCli(['content-sync', ...flags], { cwd: dir, env: { TURSO_DATABASE_URL: `file:${join(dir, 'shop.db')}` } });

const post = (title: string) => `---\ntitle: ${title}\npublished_at: 2026-01-01\ntags: [Fundamentals]\n---\n\nText.\n`;

beforeAll(async () => {
  dir = await mkdtemp(join(tmpdir(), 'shop-cli-'));
  await symlink(resolve('migrations'), join(dir, 'migrations'));
  await mkdir(join(dir, 'public'));
  await mkdir(join(dir, 'content', 'posts'), { recursive: true });
  await mkdir(join(dir, 'content', 'categories'));
  await writeFile(join(dir, 'content', 'categories', 'fundamentals.md'), '---\nname: Fundamentals\n---\n');
  await writeFile(join(dir, 'content', 'posts', 'good-guide.md'), post('Good Guide'));
  await writeFile(join(dir, 'content', 'posts', 'bad-guide.md'), '---\ntitle: [unclosed\n---\n');
});
afterAll(() => rm(dir, { recursive: true, force: true }));

describe('npm run content:sync', () => {
  it('exits with 1 and names the bad file, still writing the good one', async () => {
    const { code, out } = await sync();
    expect(code).toBe(1);
    expect(out).toContain('added post good-guide (content/posts/good-guide.md)');
    expect(out).toMatch(/error content\/posts\/bad-guide\.md: front matter does not parse: .* \(nothing of it written\)/);
  });

  it('exits with 0 once the files are good, and a second run changes nothing and says so', async () => {
    await writeFile(join(dir, 'content', 'posts', 'bad-guide.md'), post('Fixed Guide'));
    expect(await sync('--dry-run')).toMatchObject({ code: 0, out: expect.stringContaining('would add post bad-guide') });
    expect(await sync()).toMatchObject({ code: 0, out: expect.stringContaining('added post bad-guide') });
    expect(await sync()).toMatchObject({
      code: 0,
      out: expect.stringContaining('Nothing to change: 2 posts and 1 categories already match content/.'),
    });
  });

  it('refuses an unknown option', async () => {
    expect(await sync('--everything')).toMatchObject({ code: 1, out: expect.stringContaining('unknown option --everything') });
  });
});

describe('npm run content:export', () => {
  it('writes the database’s listed products into content/products/, and takes no option', async () => {
    await mkdir(join(dir, 'content', 'products'), { recursive: true });
    const exported = await runDbCli(['content-export'], { cwd: dir, env: { TURSO_DATABASE_URL: `file:${join(dir, 'shop.db')}` } });
    expect(exported).toMatchObject({ code: 0, out: expect.stringContaining('wrote 0 product files') });
    const refused = await runDbCli(['content-export', '--all'], { cwd: dir, env: { TURSO_DATABASE_URL: `file:${join(dir, 'shop.db')}` } });
    expect(refused).toMatchObject({ code: 1, out: expect.stringContaining('unknown option --all') });
  });
});

describe('every database command, run as an operator would', () => {
  it('answers --help with what it takes and exit 0, without touching a database', async () => {
    for (const command of ['migrate', 'content-sync', 'mail-retry', 'orders', 'vitals', 'stock']) {
      const run = await runDbCli([command, '--help'], { cwd: dir, env: { TURSO_DATABASE_URL: 'libsql://unreachable.example' } });
      expect(run, command).toMatchObject({ code: 0, stdout: expect.stringContaining('npm run ') });
    }
  });

  it('refuses an argument it does not take before doing anything: mail:retry -- --frobnicate sends nothing', async () => {
    const outbox = join(dir, 'outbox-frobnicate');
    const env = { TURSO_DATABASE_URL: `file:${join(dir, 'shop.db')}`, MAIL_OUTBOX_DIR: outbox };
    const run = await runDbCli(['mail-retry', '--frobnicate'], { cwd: dir, env });
    expect(run.code).toBe(1);
    expect(run.stderr).toContain('unknown option --frobnicate');
    expect(await runDbCli(['migrate', 'extra'], { cwd: dir, env })).toMatchObject({
      code: 1,
      stderr: expect.stringContaining('unknown option extra'),
    });
    const dry = await runDbCli(['mail-retry', '--dry-run'], { cwd: dir, env });
    expect(dry).toMatchObject({ code: 0, stdout: expect.stringContaining('nothing sent (dry run)') });
    await expect(readdir(outbox)).rejects.toThrow(); // no outbox: nothing was sent
  });
});

describe('npm start on a port another program holds', () => {
  it('says so in one line naming PORT, with no stack', async () => {
    const { createServer } = await import('node:net');
    const holder = createServer();
    await new Promise<void>((r) => holder.listen(0, '127.0.0.1', r));
    const port = (holder.address() as { port: number }).port;
    try {
      const child = spawn(process.execPath, [resolve('dist/server/node.js')], {
        cwd: dir,
        env: { ...process.env, PORT: String(port), TURSO_DATABASE_URL: `file:${join(dir, 'busy.db')}`, LOG_LEVEL: 'error' },
      });
      let stderr = '';
      child.stderr.on('data', (d: Buffer) => (stderr += d.toString()));
      const code = await new Promise<number | null>((r) => child.once('close', r));
      expect(code).toBe(1);
      expect(stderr.trim().split('\n')).toEqual([`Port ${port} on 127.0.0.1 is in use: stop what holds it, or set PORT to another port.`]);
    } finally {
      holder.close();
    }
  });
});
