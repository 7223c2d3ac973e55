import { existsSync, readdirSync, readFileSync, statSync } from 'node:fs';
import { dirname, join, normalize } from 'node:path';
import { marked, type Token } from 'marked';
import { describe, expect, it } from 'vitest';

/** The README and every Markdown page under docs/, as repository paths. */
const markdownFiles = [
  'README.md',
  ...readdirSync('docs', { recursive: true, encoding: 'utf8' })
    .filter((f) => f.endsWith('.md'))
    .map((f) => join('docs', f)),
];

const plainText = (tokens: Token[]): string =>
  tokens.map((t) => ('tokens' in t && t.tokens ? plainText(t.tokens) : 'text' in t ? String(t.text) : '')).join('');

/** GitHub's heading anchors: lower case, punctuation dropped, spaces to hyphens, repeats numbered. */
function headingAnchors(markdown: string): Set<string> {
  const anchors = new Set<string>();
  const seen = new Map<string, number>();
  marked.walkTokens(marked.lexer(markdown), (token) => {
    if (token.type !== 'heading') return;
    const slug = plainText(token.tokens ?? [])
      .toLowerCase()
      .replace(/[^\p{L}\p{N}\s_-]/gu, '')
      .replace(/\s/g, '-');
    const count = seen.get(slug) ?? 0;
    seen.set(slug, count + 1);
    anchors.add(count === 0 ? slug : `${slug}-${count}`);
  });
  return anchors;
}

/** Relative links (and #anchors) in one Markdown file that lead nowhere; code spans and blocks are not links. */
function brokenLinks(file: string, markdown: string, read: (path: string) => string | undefined): string[] {
  const broken: string[] = [];
  marked.walkTokens(marked.lexer(markdown), (token) => {
    // A record named in code (`docs/decisions/012-….md`) must exist too: that is how the README once pointed at a missing one.
    if (token.type === 'codespan' && /^docs\/[\w/.-]+\.md$/.test(token.text)) {
      if (read(token.text) === undefined) broken.push(`${file}: ${token.text} (no file)`);
      return;
    }
    if (token.type !== 'link' && token.type !== 'image') return;
    const href: string = token.href;
    if (/^[a-z][a-z0-9+.-]*:/i.test(href) || href.startsWith('//')) return; // http(s), mailto: not checked offline
    const [path = '', anchor] = href.split('#');
    const target = path === '' ? file : normalize(join(dirname(file), decodeURIComponent(path)));
    const text = read(target);
    if (text === undefined) broken.push(`${file}: ${href} (no file ${target})`);
    else if (anchor && target.endsWith('.md') && !headingAnchors(text).has(anchor)) broken.push(`${file}: ${href} (no heading #${anchor})`);
  });
  return broken;
}

const readRepoFile = (path: string): string | undefined => {
  if (!existsSync(path)) return undefined;
  return statSync(path).isDirectory() ? '' : readFileSync(path, 'utf8');
};

describe('README and docs', () => {
  it('finds the README and the docs pages', () => {
    expect(markdownFiles).toContain('docs/decisions/README.md');
    expect(markdownFiles.length).toBeGreaterThan(10);
  });

  it.each(markdownFiles)('%s: every relative link and anchor resolves', (file) => {
    expect(brokenLinks(file, readFileSync(file, 'utf8'), readRepoFile)).toEqual([]);
  });

  it('the README stays under 200 lines (a newcomer reads it in five minutes)', () => {
    expect(readFileSync('README.md', 'utf8').split('\n').length).toBeLessThan(200);
  });

  it('reports a missing file, a missing heading and a link to a heading in the same page', () => {
    const pages: Record<string, string> = { 'docs/a.md': '# A page\n\n## Sending, and `never` losing mail\n' };
    const read = (path: string) => pages[path];
    const markdown = [
      '[ok](a.md#sending-and-never-losing-mail) [self](#a-page) [web](https://example.com/x.md)',
      '[gone](b.md) [no heading](a.md#nowhere) `[code](not-a-link.md)` `docs/a.md` `docs/c.md`',
    ].join('\n');
    pages['docs/index.md'] = `# A page\n\n${markdown}\n`;
    expect(brokenLinks('docs/index.md', pages['docs/index.md'], read)).toEqual([
      'docs/index.md: b.md (no file docs/b.md)',
      'docs/index.md: a.md#nowhere (no heading #nowhere)',
      'docs/index.md: docs/c.md (no file)',
    ]);
  });
});
