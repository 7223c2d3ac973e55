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
 * A throw-away copy of the project's layout (src/shared, src/ui, src/worker, src/client with the same
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
      imports: { '#shared/*': './src/shared/*', '#worker/*': './src/worker/*', '#client/*': './src/client/*', '#ui/*': './src/ui/*' },
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
  'src/client/entry.ts': 'export const entry = 1;\n',
  'src/ui/state/page-market.ts': 'export const market = 1;\n',
  'src/shared/money.ts': 'export const money = 1;\n',
};

describe('npm run lint: imports go one way', () => {
  it('fails on src/shared importing the server, the browser or ui', async () => {
    const dir = project('shared', {
      ...target,
      'src/shared/a.ts': "import { db } from '#worker/db/client.ts';\nexport const a = db;\n",
      'src/shared/b.ts': "import { entry } from '#client/entry.ts';\nexport const b = entry;\n",
      'src/shared/c.ts': "import { market } from '#ui/state/page-market.ts';\nexport const c = market;\n",
    });
    expect(await refused(dir)).toEqual(['src/shared/a.ts', 'src/shared/b.ts', 'src/shared/c.ts']);
  });

  it('fails on src/ui importing the server or the browser: it imports shared only', async () => {
    const dir = project('ui', {
      ...target,
      'src/ui/islands/a.tsx': "import { db } from '#worker/db/client.ts';\nexport const a = db;\n",
      'src/ui/shop/b.tsx': "import { entry } from '#client/entry.ts';\nexport const b = entry;\n",
    });
    expect(await refused(dir)).toEqual(['src/ui/islands/a.tsx', 'src/ui/shop/b.tsx']);
  });

  it('fails on src/client importing src/worker', async () => {
    const dir = project('client', {
      ...target,
      'src/client/a.ts': "import { db } from '#worker/db/client.ts';\nexport const a = db;\n",
    });
    expect(await refused(dir)).toEqual(['src/client/a.ts']);
  });

  it('fails on the server importing src/client (what both sides render lives in src/ui)', async () => {
    const dir = project('server-client', {
      ...target,
      'src/worker/render/a.tsx': "import { entry } from '#client/entry.ts';\nexport const a = entry;\n",
      'src/worker/routes/shop/b.tsx': "import { entry } from '#client/entry.ts';\nexport const b = entry;\n",
    });
    expect(await refused(dir)).toEqual(['src/worker/render/a.tsx', 'src/worker/routes/shop/b.tsx']);
  });

  it('fails on any worker folder but app.tsx importing routes/, as the cart middleware and the renderer once did', async () => {
    const dir = project('routes', {
      ...target,
      'src/worker/middleware/cart/cart-middleware.ts':
        "import { write } from '#worker/routes/shop/cart-cookie.ts';\nexport const m = write;\n",
      'src/worker/base/log.ts': "import { write } from '#worker/routes/shop/cart-cookie.ts';\nexport const l = write;\n",
    });
    expect(await refused(dir)).toEqual(['src/worker/base/log.ts', 'src/worker/middleware/cart/cart-middleware.ts']);
  });

  it('fails on a relative import that climbs out of its folder, on every side (one spelling: the # aliases)', async () => {
    const dir = project('parent', {
      ...target,
      'src/shared/site/a.ts': "import { money } from '../money';\nexport const a = money;\n",
      'src/ui/shop/b.tsx': "import { market } from '../state/page-market.ts';\nexport const b = market;\n",
      'src/client/frame/c.ts': "import { entry } from '../entry.ts';\nexport const c = entry;\n",
      'src/worker/stock/d.ts': "import { db } from '../db/client.ts';\nexport const d = db;\n",
      'src/worker/routes/site/e.ts': "import { write } from '../shop/cart-cookie.ts';\nexport const e = write;\n",
    });
    expect(await refused(dir)).toEqual([
      'src/client/frame/c.ts',
      'src/shared/site/a.ts',
      'src/ui/shop/b.tsx',
      'src/worker/routes/site/e.ts',
      'src/worker/stock/d.ts',
    ]);
  });

  it('passes the directions and the spelling the house uses', async () => {
    const dir = project('allowed', {
      ...target,
      'src/worker/app.tsx': "import { write } from '#worker/routes/shop/cart-cookie.ts';\nexport const app = write;\n",
      'src/worker/routes/site/page.ts':
        "import { write } from '#worker/routes/shop/cart-cookie.ts';\nimport { db } from '#worker/db/client.ts';\nexport const p = [write, db];\n",
      'src/worker/orders/x.ts': "import { money } from '#shared/money.ts';\nexport const x = money;\n",
      'src/worker/render/z.tsx': "import { market } from '#ui/state/page-market.ts';\nexport const z = market;\n",
      'src/worker/db/w.ts': "import { db } from './client.ts';\nexport const w = db;\n",
      'src/ui/islands/v.tsx':
        "import { market } from '#ui/state/page-market.ts';\nimport { money } from '#shared/money.ts';\nexport const v = [market, money];\n",
      'src/client/y.ts':
        "import { market } from '#ui/state/page-market.ts';\nimport { entry } from './entry.ts';\nexport const y = [market, entry];\n",
    });
    expect(await refused(dir)).toEqual([]);
  });
});
