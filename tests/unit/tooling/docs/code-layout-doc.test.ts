import { readdirSync, readFileSync } from 'node:fs';
import { join, resolve } from 'node:path';
import { pathToFileURL } from 'node:url';
import { describe, expect, it } from 'vitest';

const ROOTS = ['src/client', 'src/worker', 'src/ui', 'src/shared'];

/** Every folder under the four roots of src/, as repository paths with a trailing slash. */
function foldersOf(root: string): string[] {
  return readdirSync(root, { recursive: true, withFileTypes: true })
    .filter((entry) => entry.isDirectory())
    .map((entry) => `${join(entry.parentPath, entry.name)}/`);
}

/**
 * The folders docs/code-layout.md's tree names: under a root's line (`src/worker/`), each indented line that
 * starts with a folder (`orders/`, `routes/admin/orders/`) names that folder of the root.
 */
function foldersNamed(doc: string): string[] {
  const tree = /```\n(src\/client\/[\s\S]*?)```/.exec(doc)?.[1] ?? '';
  const named: string[] = [];
  let root: string | null = null;
  for (const line of tree.split('\n')) {
    const top = /^(src\/[a-z]+\/)\s/.exec(line);
    if (top) root = top[1]!;
    else if (/^\S/.test(line)) root = null;
    const entry = /^ {2}([a-z][\w./-]*\/)(?:\s|$)/.exec(line);
    if (root && entry) named.push(`${root}${entry[1]}`);
  }
  return named;
}

describe('docs/code-layout.md', () => {
  it('names every folder of src/worker, src/shared, src/client and src/ui, and no folder that is not there', () => {
    const doc = readFileSync('docs/code-layout.md', 'utf8');
    const named = foldersNamed(doc);
    const folders = ROOTS.flatMap(foldersOf);
    expect(folders.length).toBeGreaterThan(90);
    expect(folders.filter((f) => !named.includes(f))).toEqual([]);
    expect(named.filter((f) => !folders.includes(f))).toEqual([]);
  });

  it('reads a planted tree: a folder left out, and one that is gone, are both found', () => {
    const doc =
      '```\nsrc/client/          x\n  cart/              y\n  gone/              z\n\nsrc/worker/          w\n  routes/admin/      v\n```\n';
    expect(foldersNamed(doc)).toEqual(['src/client/cart/', 'src/client/gone/', 'src/worker/routes/admin/']);
  });
});

describe('docs/code-layout.md and the house rules', () => {
  it('shows each folder’s and each shared topic’s imports as scripts/house-rules.mjs has them, and the cap the check holds', async () => {
    const graph = (await import(pathToFileURL(resolve('scripts/import-graph.mjs')).href)) as {
      rulesTable: (rules: unknown) => { worker: string; shared: string };
      MAX_FOLDER_FILES: number;
    };
    const rules: unknown = await import(pathToFileURL(resolve('scripts/house-rules.mjs')).href);
    const doc = readFileSync('docs/code-layout.md', 'utf8');
    const { worker, shared } = graph.rulesTable(rules);
    expect(doc).toContain(worker);
    expect(doc).toContain(shared);
    expect(doc).toContain(`no folder over ${graph.MAX_FOLDER_FILES} source files`);
  });
});
