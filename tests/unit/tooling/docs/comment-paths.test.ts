import { existsSync, readdirSync, readFileSync } from 'node:fs';
import { dirname, join } from 'node:path';
import { describe, expect, it } from 'vitest';

/**
 * A path a comment or a page names is a path that exists (issue 77: five comments pointed at files that
 * had moved). Read in source comments and in the Markdown's code spans: a path from the repository's
 * root (`src/shared/caching/cache-tags.ts`, `docs/decisions/036` as a prefix), or a file path inside
 * src/ as the code names them (`routes/orders/invoice-page.tsx`, `shared/timeline/standing.ts`).
 * Placeholders (`<slug>`, `*`) are words, not paths. The decisions (docs/decisions/) are records of
 * their day, replaced and never amended: the paths they name were true then.
 */
const ROOTS = '(?:src|tests|scripts|docs|content|migrations|public)';
const FOLDERS = readdirSync('src/worker', { withFileTypes: true })
  .filter((e) => e.isDirectory())
  .map((e) => e.name)
  .concat(['shared', 'worker', 'client', 'ui']);
const rooted = new RegExp(`(?<![\\w/.#@-])(${ROOTS}/[\\w./…-]*[\\w…])`, 'g');
const inSrc = new RegExp(`(?<![\\w/.#@-])((?:${FOLDERS.join('|')})/[\\w./-]*\\.(?:tsx|ts|mjs))(?![\\w])`, 'g');

const filesUnder = (dir: string): string[] =>
  readdirSync(dir, { withFileTypes: true }).flatMap((e) => (e.isDirectory() ? filesUnder(join(dir, e.name)) : [join(dir, e.name)]));

/** Whether a named path exists: whole, or as the start of a name when it ends with `…` or `-` or has no extension. */
function exists(path: string, from: string): boolean {
  const prefix = path.includes('…');
  const bare = path.replace(/….*$/, '').replace(/[.-]+$/, '');
  const bases = path.match(new RegExp(`^${ROOTS}/`)) ? [''] : ['src/worker/', 'src/', 'src/worker/routes/', `${dirname(from)}/`];
  return bases.some((base) => {
    const whole = base + bare;
    if (existsSync(whole)) return true;
    if (/\.\w+$/.test(bare) && !prefix) return false;
    const dir = dirname(whole);
    return existsSync(dir) && readdirSync(dir).some((name) => join(dir, name).startsWith(whole));
  });
}

/** The paths a text names that do not exist. */
export function missingPaths(file: string, text: string): string[] {
  const named = [...text.matchAll(rooted), ...text.matchAll(inSrc)].map((m) => m[1]!).filter((p) => !/[<>*{}]/.test(p));
  return [...new Set(named)].filter((p) => !exists(p, file)).map((p) => `${file}: ${p}`);
}

/** A source file's comments, as one text. */
const comments = (text: string) => [...text.matchAll(/\/\*[\s\S]*?\*\/|\/\/.*$/gm)].map((m) => m[0]).join('\n');
/** A page's code spans, as one text. */
const spans = (text: string) => [...text.matchAll(/`([^`\n]+)`/g)].map((m) => m[1]).join('\n');

describe('paths named in comments and docs', () => {
  it('exist', () => {
    // This file names gone paths on purpose (its examples).
    const sources = ['src', 'scripts', 'tests']
      .flatMap(filesUnder)
      .filter((f) => /\.(ts|tsx|mjs)$/.test(f) && f !== 'tests/unit/tooling/docs/comment-paths.test.ts');
    const pages = ['README.md', ...filesUnder('docs').filter((f) => f.endsWith('.md') && !f.startsWith('docs/decisions/'))];
    const missing = [
      ...sources.flatMap((f) => missingPaths(f, comments(readFileSync(f, 'utf8')))),
      ...pages.flatMap((f) => missingPaths(f, spans(readFileSync(f, 'utf8')))),
    ];
    expect(missing).toEqual([]);
  });

  it('finds a path that is gone, a moved one and a wrong extension, and reads placeholders and prefixes as such', () => {
    expect(missingPaths('src/worker/x.ts', '// see src/shared/site/cache-tags.ts and frame/document.ts')).toEqual([
      'src/worker/x.ts: src/shared/site/cache-tags.ts',
      'src/worker/x.ts: frame/document.ts',
    ]);
    expect(missingPaths('src/worker/x.ts', '// see frame/document.tsx, docs/decisions/036 and content/posts/<slug>.md')).toEqual([]);
  });
});
