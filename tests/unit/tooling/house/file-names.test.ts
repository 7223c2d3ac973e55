import { readdirSync, readFileSync } from 'node:fs';
import { basename, join } from 'node:path';
import { describe, expect, it } from 'vitest';

/**
 * No two source files share a name (issue 63): a name finds its one file, and the house's drawing
 * (farm-studio, which merges files of one name) shows each. Tests are named for what they test, at each
 * level (unit, integration, edge, e2e), so they are not held to it.
 */
function filesUnder(dir: string): string[] {
  return readdirSync(dir, { withFileTypes: true }).flatMap((entry) =>
    entry.isDirectory() ? filesUnder(join(dir, entry.name)) : [join(dir, entry.name)],
  );
}

describe('source file names', () => {
  it('are each used once in src/ and scripts/', () => {
    const files = ['src', 'scripts'].flatMap(filesUnder);
    expect(files.length).toBeGreaterThan(400);
    const byName = new Map<string, string[]>();
    for (const file of files) byName.set(basename(file), [...(byName.get(basename(file)) ?? []), file]);
    const repeated = [...byName.values()].filter((same) => same.length > 1).map((same) => same.toSorted().join(' and '));
    expect(repeated).toEqual([]);
  });
});

describe('source files', () => {
  it('are none over 400 lines (issue 77): a file that grows past it is two jobs', () => {
    const long = ['src', 'scripts']
      .flatMap(filesUnder)
      .filter((f) => /\.(ts|tsx|mjs)$/.test(f))
      .map((f) => ({ f, lines: readFileSync(f, 'utf8').split('\n').length }))
      .filter((x) => x.lines > 400);
    expect(long).toEqual([]);
  });

  it('declare each feature’s tables in its own home: five files at least, the after-sale’s in after-sale/', () => {
    const tables = filesUnder('src/worker').filter((f) => f.endsWith('-tables.ts'));
    expect(tables.length).toBeGreaterThanOrEqual(5);
    expect(readFileSync('src/worker/after-sale/accounts/ledger-tables.ts', 'utf8')).toContain("sqliteTable(\n  'ledger_entries'");
    expect(readFileSync('src/worker/after-sale/after-sale-tables.ts', 'utf8')).toContain("sqliteTable(\n  'return_requests'");
    expect(filesUnder('src/worker/db').filter((f) => /sqliteTable\(/.test(readFileSync(f, 'utf8')))).toEqual([]);
  });
});
