import { readFileSync } from 'node:fs';
import * as prettier from 'prettier';
import { describe, expect, it } from 'vitest';

const scripts = (JSON.parse(readFileSync('package.json', 'utf8')) as { scripts: Record<string, string> }).scripts;

describe('npm run lint', () => {
  it('checks formatting with Prettier after oxlint, and CI runs it before the tests', () => {
    expect(scripts.lint).toMatch(/oxlint .*&& prettier --check \./);
    expect(readFileSync('.ci/run', 'utf8')).toMatch(/npm run typecheck && npm run lint && npm test/);
  });

  it("fails on code that is not in the project's format, and passes it once formatted", async () => {
    const filepath = 'src/shared/example.ts';
    const options = { ...(await prettier.resolveConfig(filepath)), filepath };
    const messy = 'export const x = {a:1,\n  b:"two"}\n';
    expect(await prettier.check(messy, options)).toBe(false);
    expect(await prettier.check(await prettier.format(messy, options), options)).toBe(true);
    expect(await prettier.format(messy, options)).toBe("export const x = { a: 1, b: 'two' };\n");
    // Source files are not ignored (an ignore file that swallowed src/ would make the check pass on anything).
    expect((await prettier.getFileInfo(filepath, { ignorePath: '.prettierignore' })).ignored).toBe(false);
  });
});
