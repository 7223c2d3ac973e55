import { existsSync, readdirSync, readFileSync } from 'node:fs';
import { dirname, join } from 'node:path';
import { describe, expect, it } from 'vitest';

/**
 * The tests follow the tree (issue 77, docs/code-layout.md): a unit test sits at its source's mirrored
 * path (`tests/unit/worker/http/read-fields.test.ts` tests `src/worker/http/read-fields.ts`; an aspect
 * may follow the name: `order-ledger.properties.test.ts`; `tests/unit/content/` tests `content/`; the
 * house's own checks are `tests/unit/tooling/`), no test folder holds more than 12 test files, and no
 * support file is over 500 lines.
 */
const MAX_TESTS_A_FOLDER = 12;
const MAX_SUPPORT_LINES = 500;

const filesUnder = (dir: string): string[] =>
  readdirSync(dir, { withFileTypes: true }).flatMap((e) => (e.isDirectory() ? filesUnder(join(dir, e.name)) : [join(dir, e.name)]));

/** The source a unit test's path names: the file (`.ts` or `.tsx`), or for content/ a file or folder. */
export function mirroredSource(test: string): string[] {
  const rel = test.replace(/^tests\/unit\//, '');
  const name = rel.replace(/(\.[a-z-]+)?\.test\.tsx?$/, '');
  if (rel.startsWith('content/')) return [name, `${name}.md`];
  return [`src/${name}.ts`, `src/${name}.tsx`];
}

describe('the tests follow the tree', () => {
  it('every unit test sits at its source’s mirrored path', () => {
    const tests = filesUnder('tests/unit').filter((f) => /\.test\.tsx?$/.test(f) && !f.startsWith('tests/unit/tooling/'));
    expect(tests.length).toBeGreaterThan(100);
    expect(tests.filter((t) => !mirroredSource(t).some((source) => existsSync(source)))).toEqual([]);
  });

  it('reads a test’s source from its path, an aspect after the name included', () => {
    expect(mirroredSource('tests/unit/worker/http/read-fields.test.ts')).toEqual([
      'src/worker/http/read-fields.ts',
      'src/worker/http/read-fields.tsx',
    ]);
    expect(mirroredSource('tests/unit/shared/after-sale/order-ledger.properties.test.ts')[0]).toBe('src/shared/after-sale/order-ledger.ts');
    expect(mirroredSource('tests/unit/content/products.test.ts')).toEqual(['content/products', 'content/products.md']);
  });

  it(`no test folder holds more than ${MAX_TESTS_A_FOLDER} test files`, () => {
    const count = new Map<string, number>();
    for (const test of filesUnder('tests').filter((f) => /\.test\.tsx?$/.test(f)))
      count.set(dirname(test), (count.get(dirname(test)) ?? 0) + 1);
    expect([...count].filter(([, n]) => n > MAX_TESTS_A_FOLDER)).toEqual([]);
  });

  it(`no support file is over ${MAX_SUPPORT_LINES} lines`, () => {
    // The protocols' published schemas are kept as they were released (tests/support/agents/schemas/README.md).
    const long = filesUnder('tests/support')
      .filter((f) => !f.startsWith('tests/support/agents/schemas/'))
      .map((f) => ({ f, lines: readFileSync(f, 'utf8').split('\n').length }))
      .filter((x) => x.lines > MAX_SUPPORT_LINES);
    expect(long).toEqual([]);
  });
});
