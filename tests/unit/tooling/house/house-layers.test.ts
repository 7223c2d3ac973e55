import { execFile } from 'node:child_process';
import { mkdirSync, mkdtempSync, readFileSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { dirname, join, resolve } from 'node:path';
import { promisify } from 'node:util';
import { afterAll, describe, expect, it } from 'vitest';

const run = promisify(execFile);
const script = resolve('scripts/import-graph.mjs');

interface HouseReport {
  files: number;
  fileCycles: string[][];
  folderPairs: string[];
  folderCycles: string[][];
  serverImportsOfClient: string[];
  parentImports: string[];
  crowdedFolders: string[];
  ruleViolations: string[];
}

/** scripts/import-graph.mjs (npm run house) on a tree: src/ with the package's `imports` aliases resolved. */
async function house(cwd: string): Promise<HouseReport> {
  const { stdout } = await run(process.execPath, [script, '--json'], { cwd });
  return JSON.parse(stdout) as HouseReport;
}

const root = mkdtempSync(join(tmpdir(), 'house-layers-'));
afterAll(() => rmSync(root, { recursive: true, force: true }));

describe('the house in layers (docs/code-layout.md)', () => {
  it('src/ has no file or folder cycle, no server import of src/client, no `../` import, no folder over 12 files and no import its rules refuse', async () => {
    const report = await house(process.cwd());
    expect(report.files).toBeGreaterThan(250);
    expect(report).toMatchObject({
      fileCycles: [],
      folderPairs: [],
      folderCycles: [],
      serverImportsOfClient: [],
      parentImports: [],
      crowdedFolders: [],
      ruleViolations: [],
    });
  });

  it('finds each of them when they are planted, type-only imports and aliases included', async () => {
    const files: Record<string, string> = {
      'package.json': JSON.stringify({ type: 'module', imports: { '#worker/*': './src/worker/*', '#client/*': './src/client/*' } }),
      // a ⇄ b through an alias and a type-only import: a folder pair, and a file cycle.
      'src/worker/a/one.ts': "import type { B } from '#worker/b/two.ts';\nexport type A = B;\n",
      'src/worker/b/two.ts': "import type { A } from '../a/one';\nexport type B = A | 1;\n",
      // c → d → e → c: a folder cycle with no pair.
      'src/worker/c/c.ts': "import { d } from '#worker/d/d.ts';\nexport const c = d;\n",
      'src/worker/d/d.ts': "import { e } from '#worker/e/e.ts';\nexport const d = e;\n",
      'src/worker/e/e.ts': "import { f } from '#worker/c/f.ts';\nexport const e = f;\n",
      'src/worker/c/f.ts': 'export const f = 1;\n',
      'src/worker/g/g.tsx': "import { entry } from '#client/entry.ts';\nexport const g = entry;\n",
      'src/client/entry.ts': 'export const entry = 1;\n',
      ...Object.fromEntries(Array.from({ length: 13 }, (_, i) => [`src/worker/crowded/f${i}.ts`, `export const f${i} = ${i};\n`])),
    };
    const dir = join(root, 'planted');
    for (const [file, text] of Object.entries(files)) {
      mkdirSync(dirname(join(dir, file)), { recursive: true });
      writeFileSync(join(dir, file), text);
    }
    const report = await house(dir);
    expect(report.fileCycles).toEqual([['src/worker/a/one.ts', 'src/worker/b/two.ts']]);
    expect(report.folderPairs).toEqual(['src/worker/a <-> src/worker/b']);
    expect(report.folderCycles.map((c) => c.length).toSorted()).toEqual([2, 3]);
    expect(report.serverImportsOfClient).toEqual(['src/worker/g/g.tsx -> src/client/entry.ts']);
    expect(report.parentImports).toEqual(['src/worker/b/two.ts: ../a/one']);
    expect(report.crowdedFolders).toEqual(['src/worker/crowded: 13 files']);
  });

  it('npm run lint fails on an import a folder may not make (scripts/house-rules.mjs): a domain importing a route, routes/ importing stripe, jobs/ importing the sign-in, a shared topic importing one above it', async () => {
    const dir = join(root, 'rules');
    const files: Record<string, string> = {
      'package.json': JSON.stringify({ type: 'module', imports: { '#worker/*': './src/worker/*', '#shared/*': './src/shared/*' } }),
      'scripts/house-rules.mjs': readFileSync('scripts/house-rules.mjs', 'utf8'),
      'src/worker/orders/order-queries.ts': 'export const find = 1;\n',
      'src/worker/stock/stock-moves.ts': 'export const move = 1;\n',
      'src/worker/admin/admin-sessions.ts': 'export const tidy = 1;\n',
      'src/worker/admin/sign-in-request.ts': 'export const ask = 1;\n',
      'src/worker/routes/shop/page.ts':
        "import { Hono } from 'hono';\nimport { find } from '#worker/orders/order-queries.ts';\nexport const app = [Hono, find];\n",
      // Allowed: checkout may use stock/; jobs/ may tidy the back office's sessions.
      'src/worker/checkout/start.ts': "import { move } from '#worker/stock/stock-moves.ts';\nexport const start = move;\n",
      'src/worker/jobs/tidy.ts': "import { tidy } from '#worker/admin/admin-sessions.ts';\nexport const run = tidy;\n",
      // Refused: a domain importing a route and hono; routes/ importing stripe; jobs/ asking for a sign-in; a folder without rules.
      'src/worker/checkout/web.ts':
        "import type { Context } from 'hono';\nimport { app } from '#worker/routes/shop/page.ts';\nexport type C = Context;\nexport const a = app;\n",
      'src/worker/routes/shop/pay.ts': "import { Stripe } from 'stripe';\nexport const s = Stripe;\n",
      'src/worker/jobs/sign-in.ts': "import { ask } from '#worker/admin/sign-in-request.ts';\nexport const run = ask;\n",
      'src/worker/newcomer/thing.ts': "import { move } from '#worker/stock/stock-moves.ts';\nexport const t = move;\n",
      // src/shared: the cart may use the catalogue; the region, at the bottom, may not use the cart; a topic without a line.
      'src/shared/catalogue/prices.ts': 'export const price = 1;\n',
      'src/shared/cart/pricing.ts': "import { price } from '#shared/catalogue/prices.ts';\nexport const total = price;\n",
      'src/shared/region/region.ts': "import { total } from '#shared/cart/pricing.ts';\nexport const r = total;\n",
      'src/shared/newtopic/x.ts': 'export const x = 1;\n',
    };
    for (const [file, text] of Object.entries(files)) {
      mkdirSync(dirname(join(dir, file)), { recursive: true });
      writeFileSync(join(dir, file), text);
    }
    const report = await house(dir);
    const refused = [
      expect.stringMatching(/^src\/worker\/checkout\/web\.ts -> src\/worker\/routes\/shop\/page\.ts \(checkout\/ may import /),
      expect.stringMatching(/^src\/worker\/checkout\/web\.ts -> hono \(hono is for /),
      expect.stringMatching(/^src\/worker\/jobs\/sign-in\.ts -> src\/worker\/admin\/sign-in-request\.ts \(jobs\/ may import /),
      expect.stringMatching(/^src\/worker\/routes\/shop\/pay\.ts -> stripe \(stripe is for payments\)$/),
      'src/worker/newcomer/ has no rules (scripts/house-rules.mjs)',
      expect.stringMatching(
        /^src\/shared\/region\/region\.ts -> src\/shared\/cart\/pricing\.ts \(shared\/region may import no other topic\)$/,
      ),
      'src/shared/newtopic has no rules (scripts/house-rules.mjs SHARED_IMPORTS)',
    ];
    expect(report.ruleViolations).toHaveLength(refused.length);
    for (const line of refused) expect(report.ruleViolations).toContainEqual(line);
    const checked = await run(process.execPath, [script, '--check'], { cwd: dir }).then(
      () => 0,
      (err: { code: number }) => err.code,
    );
    expect(checked).toBe(1);
    expect(readFileSync('package.json', 'utf8')).toMatch(/"lint": "oxlint [^"]*&& node scripts\/import-graph\.mjs --check &&/);
  });
});
