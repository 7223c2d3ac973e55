import { execFile } from 'node:child_process';
import { mkdirSync, mkdtempSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join, resolve } from 'node:path';
import { promisify } from 'node:util';
import { afterAll, describe, expect, it } from 'vitest';

const run = promisify(execFile);
const config = resolve('.oxlintrc.json');
const oxlint = resolve('node_modules/oxlint/bin/oxlint');

/** A throw-away package with the project's kind of `imports` map, so `#lib/*` resolves as `#shared/*` does. */
const root = mkdtempSync(join(tmpdir(), 'import-cycles-'));
afterAll(() => rmSync(root, { recursive: true, force: true }));

function project(name: string, files: Record<string, string>): string {
  const dir = join(root, name);
  mkdirSync(join(dir, 'lib'), { recursive: true });
  writeFileSync(join(dir, 'package.json'), JSON.stringify({ type: 'module', imports: { '#lib/*': './lib/*' } }));
  for (const [file, text] of Object.entries(files)) writeFileSync(join(dir, 'lib', file), text);
  return dir;
}

/** oxlint with the project's own config, only the cycle rule's findings counted. */
async function cycles(dir: string): Promise<number> {
  const { stdout } = await run(process.execPath, [oxlint, '-c', config, '--format', 'json', dir]).catch((err: { stdout: string }) => err);
  const { diagnostics } = JSON.parse(stdout) as { diagnostics: { code: string }[] };
  return diagnostics.filter((d) => d.code === 'import(no-cycle)').length;
}

describe('npm run lint: import cycles', () => {
  it('fails on a cycle through a package-imports alias and a relative import', async () => {
    const dir = project('alias', {
      'a.ts': "import { b } from '#lib/b.ts';\nexport const a = () => b;\n",
      'b.ts': "import { a } from './a';\nexport const b = () => a;\n",
    });
    expect(await cycles(dir)).toBe(2);
  });

  it('fails on a cycle closed by a type-only import (as product.ts and products.ts had)', async () => {
    const dir = project('types', {
      'data.ts': "import type { Item } from './rules';\nexport const items: Item[] = [];\n",
      'rules.ts': "import { items } from './data';\nexport type Item = { id: number };\nexport const first = () => items[0];\n",
    });
    expect(await cycles(dir)).toBe(2);
  });

  it('passes imports that go one way', async () => {
    const dir = project('acyclic', {
      'data.ts': 'export const items = [1];\n',
      'rules.ts': "import { items } from '#lib/data.ts';\nexport const first = () => items[0];\n",
    });
    expect(await cycles(dir)).toBe(0);
  });
});
