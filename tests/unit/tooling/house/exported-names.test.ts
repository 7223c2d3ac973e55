import { readdirSync, readFileSync } from 'node:fs';
import { join } from 'node:path';
import { describe, expect, it } from 'vitest';

/**
 * One name, one meaning (issue 77): no name is exported by two files of src/, so a name finds its one
 * declaration. The page-module contract (decision 019) is the exception: every page module exports
 * `load`, `head`, `Page` and `early`, read by `servePage` as the parts of one interface.
 */
const PAGE_CONTRACT = new Set(['load', 'head', 'Page', 'early']);

const sourcesUnder = (dir: string): string[] =>
  readdirSync(dir, { withFileTypes: true }).flatMap((entry) =>
    entry.isDirectory()
      ? sourcesUnder(join(dir, entry.name))
      : /\.tsx?$/.test(entry.name) && !entry.name.endsWith('.d.ts')
        ? [join(dir, entry.name)]
        : [],
  );

/** Each exported declaration's name (function, const, let, class, interface, type, enum) with the files that export it. */
export function exportedNames(files: Array<{ path: string; text: string }>): Map<string, string[]> {
  const byName = new Map<string, string[]>();
  for (const { path, text } of files) {
    for (const m of text.matchAll(
      /^export\s+(?:default\s+)?(?:declare\s+)?(?:async\s+)?(?:function\*?|const|let|class|interface|type|enum)\s+([A-Za-z_$][\w$]*)/gm,
    ))
      byName.set(m[1]!, [...(byName.get(m[1]!) ?? []), path]);
  }
  return byName;
}

describe('exported names', () => {
  it('are each declared by one file of src/ (the page-module contract aside)', () => {
    const files = sourcesUnder('src').map((path) => ({ path, text: readFileSync(path, 'utf8') }));
    expect(files.length).toBeGreaterThan(400);
    const twice = [...exportedNames(files)].filter(([name, where]) => where.length > 1 && !PAGE_CONTRACT.has(name));
    expect(twice.map(([name, where]) => `${name}: ${where.join(', ')}`)).toEqual([]);
  });

  it('finds a name two files export, of any kind', () => {
    const found = exportedNames([
      { path: 'a.ts', text: 'export async function linkState() {}\nexport const x = 1;' },
      { path: 'b.tsx', text: 'export function linkState() {}\nexport type X = 1;' },
    ]);
    expect(found.get('linkState')).toEqual(['a.ts', 'b.tsx']);
    expect(found.get('x')).toEqual(['a.ts']);
  });
});
