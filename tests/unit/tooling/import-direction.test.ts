import { execFile } from 'node:child_process';
import { copyFileSync, mkdirSync, mkdtempSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { dirname, join, resolve } from 'node:path';
import { promisify } from 'node:util';
import { afterAll, describe, expect, it } from 'vitest';

const run = promisify(execFile);
const oxlint = resolve('node_modules/oxlint/bin/oxlint');

const root = mkdtempSync(join(tmpdir(), 'import-direction-'));
afterAll(() => rmSync(root, { recursive: true, force: true }));

/**
 * A throw-away copy of the project's layout (src/shared, src/worker, src/client with the same
 * `imports` map) and the project's own lint config beside it: its `overrides` globs are relative to
 * the config file, so the planted files must sit where the real ones do.
 */
function project(name: string, files: Record<string, string>): string {
  const dir = join(root, name);
  mkdirSync(dir, { recursive: true });
  copyFileSync(resolve('.oxlintrc.json'), join(dir, '.oxlintrc.json'));
  writeFileSync(
    join(dir, 'package.json'),
    JSON.stringify({
      type: 'module',
      imports: { '#shared/*': './src/shared/*', '#worker/*': './src/worker/*', '#client/*': './src/client/*' },
    }),
  );
  for (const [file, text] of Object.entries(files)) {
    mkdirSync(dirname(join(dir, file)), { recursive: true });
    writeFileSync(join(dir, file), text);
  }
  return dir;
}

/** The files oxlint refuses for an import's direction, with the project's config. */
async function refused(dir: string): Promise<string[]> {
  const { stdout } = await run(process.execPath, [oxlint, '-c', '.oxlintrc.json', '--format', 'json', 'src'], { cwd: dir }).catch(
    (err: { stdout: string }) => err,
  );
  const { diagnostics } = JSON.parse(stdout) as { diagnostics: { code: string; filename: string }[] };
  return diagnostics
    .filter((d) => d.code === 'eslint(no-restricted-imports)')
    .map((d) => d.filename)
    .toSorted();
}

const target = {
  'src/worker/db/client.ts': 'export const db = 1;\n',
  'src/worker/routes/shop/cart-cookie.ts': 'export const write = 1;\n',
  'src/client/market.ts': 'export const market = 1;\n',
  'src/shared/money.ts': 'export const money = 1;\n',
};

describe('npm run lint: imports go one way', () => {
  it('fails on src/shared importing the server or the browser, by alias or relative path', async () => {
    const dir = project('shared', {
      ...target,
      'src/shared/a.ts': "import { db } from '#worker/db/client.ts';\nexport const a = db;\n",
      'src/shared/b.ts': "import { market } from '../client/market';\nexport const b = market;\n",
    });
    expect(await refused(dir)).toEqual(['src/shared/a.ts', 'src/shared/b.ts']);
  });

  it('fails on src/client importing src/worker', async () => {
    const dir = project('client', {
      ...target,
      'src/client/a.ts': "import { db } from '#worker/db/client.ts';\nexport const a = db;\n",
      'src/client/islands/b.ts': "import { db } from '../../worker/db/client';\nexport const b = db;\n",
    });
    expect(await refused(dir)).toEqual(['src/client/a.ts', 'src/client/islands/b.ts']);
  });

  it('fails on any worker folder but app.tsx importing routes/, as the cart middleware and the renderer once did', async () => {
    const dir = project('routes', {
      ...target,
      'src/worker/middleware/cart/index.ts': "import { write } from '#worker/routes/shop/cart-cookie.ts';\nexport const m = write;\n",
      'src/worker/render/renderer.ts': "import { write } from '../routes/shop/cart-cookie';\nexport const r = write;\n",
      'src/worker/log.ts': "import { write } from './routes/shop/cart-cookie';\nexport const l = write;\n",
    });
    expect(await refused(dir)).toEqual(['src/worker/log.ts', 'src/worker/middleware/cart/index.ts', 'src/worker/render/renderer.ts']);
  });

  it('passes the directions the house uses: app.tsx and routes into routes, worker and client into shared', async () => {
    const dir = project('allowed', {
      ...target,
      'src/worker/app.tsx': "import { write } from './routes/shop/cart-cookie';\nexport const app = write;\n",
      'src/worker/routes/site/page.ts':
        "import { write } from '../shop/cart-cookie';\nimport { db } from '#worker/db/client.ts';\nexport const p = [write, db];\n",
      'src/worker/orders/x.ts': "import { money } from '#shared/money.ts';\nexport const x = money;\n",
      'src/client/y.ts': "import { money } from '#shared/money.ts';\nexport const y = money;\n",
      'src/worker/render/z.tsx': "import { market } from '#client/market.ts';\nexport const z = market;\n",
    });
    expect(await refused(dir)).toEqual([]);
  });
});
