import { readdirSync } from 'node:fs';
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
