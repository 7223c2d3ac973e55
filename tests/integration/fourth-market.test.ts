import { execFile } from 'node:child_process';
import { cp, mkdir, mkdtemp, readFile, rm, symlink, writeFile } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import { join, resolve } from 'node:path';
import { promisify } from 'node:util';
import { afterAll, describe, expect, it } from 'vitest';

/**
 * The checklist's promise (docs/code-layout.md, "A new market"), tried once: a copy of the shop whose
 * only change is a fourth row in the markets table (Ireland, in euros) routes /ie, prices in € and
 * lists it in every page's hreflang, with no other file edited.
 */
const run = promisify(execFile);
const dirs: string[] = [];
afterAll(() => Promise.all(dirs.map((d) => rm(d, { recursive: true, force: true }))));

const IRELAND =
  "{ prefix: 'ie', region: 'EU', currency: 'EUR', locale: 'en-IE', hreflang: 'en-IE', name: 'Ireland', tax: 'inclusive', warehouse: 'LT' },";

/** What the copy's app answers, asked in-process under the copy's own vitest (the real app on the embedded database). */
const PROBE = `
import { it } from 'vitest';
import { mkdtemp, writeFile } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { createApp } from '#worker/app.tsx';
import { parseSettings } from '#worker/base/settings.ts';
import { prepareDatabase } from '#worker/runtimes/migrate-node.ts';
import { createNodeDeps } from '#worker/runtimes/node-deps.ts';
it('answers', async () => {
const dir = await mkdtemp(join(tmpdir(), 'fourth-market-db-'));
const settings = parseSettings({ TURSO_DATABASE_URL: 'file:' + join(dir, 'shop.db'), MAIL_OUTBOX_DIR: join(dir, 'outbox'), LOG_LEVEL: 'error', SITE_URL: 'https://shop.example' }, 'node');
const deps = await createNodeDeps(settings, { clientDir: join(dir, 'none') });
await prepareDatabase(deps.db);
const app = createApp(deps);
const answers = {};
for (const path of ['/ie/product/1', '/ie/products', '/eu/product/1', '/gb/product/1', '/ie/nowhere']) {
  const res = await app.request(path, { headers: { 'User-Agent': 'Googlebot/2.1' } });
  answers[path] = { status: res.status, location: res.headers.get('location'), html: await res.text() };
}
deps.db.$client.close();
await writeFile('answers.json', JSON.stringify(answers));
}, 60_000);
`;

describe('a fourth market added to the table alone', () => {
  it('routes /ie, prices in €, and appears in hreflang beside the others', async () => {
    const dir = await mkdtemp(join(tmpdir(), 'fourth-market-'));
    dirs.push(dir);
    for (const part of ['src', 'content', 'migrations', 'public', 'package.json', 'tsconfig.json', 'vite.config.ts', 'vitest.config.ts'])
      await cp(resolve(part), join(dir, part), { recursive: true });
    await symlink(resolve('node_modules'), join(dir, 'node_modules'), 'dir');
    const table = join(dir, 'src/shared/market/market.ts');
    const source = await readFile(table, 'utf8');
    const row = /^ {2}\{ prefix: 'us',[^\n]*\n/m.exec(source);
    expect(row).not.toBeNull();
    await writeFile(table, source.replace(row![0], `${row![0]}  ${IRELAND}\n`));
    await mkdir(join(dir, 'tests/unit'), { recursive: true });
    await writeFile(join(dir, 'tests/unit/probe.test.ts'), PROBE);
    await run(process.execPath, [resolve('node_modules/vitest/vitest.mjs'), 'run', '--project', 'unit', 'tests/unit/probe.test.ts'], {
      cwd: dir,
      timeout: 80_000,
    });
    const answers = JSON.parse(await readFile(join(dir, 'answers.json'), 'utf8')) as Record<
      string,
      { status: number; location: string | null; html: string }
    >;

    const product = answers['/ie/product/1']!;
    expect(product.status).toBe(200);
    expect(product.html).toContain('data-market="ie"');
    expect(product.html).toContain('€174.99');
    expect(product.html).not.toContain('£149.99');
    expect(product.html).toContain('<link rel="canonical" href="https://shop.example/ie/product/1/g-series-laser-training-pistol"/>');
    // Every version of a page lists the new one, and it lists every version.
    for (const page of ['/ie/product/1', '/eu/product/1', '/gb/product/1']) {
      const { html } = answers[page]!;
      expect(html, page).toContain('hrefLang="en-IE" href="https://shop.example/ie/product/1/g-series-laser-training-pistol"');
      expect(html, page).toContain('hrefLang="en-GB" href="https://shop.example/gb/product/1/g-series-laser-training-pistol"');
      expect(html, page).toContain('hrefLang="x-default" href="https://shop.example/product/1/g-series-laser-training-pistol"');
    }
    expect(answers['/ie/products']!.status).toBe(200);
    expect(answers['/ie/products']!.html).toContain('data-market-link');
    // The euro market is still the home of EU visitors' links; an unknown /ie page is the shop's 404.
    expect(answers['/eu/product/1']!.html).toContain('€174.99');
    expect([302, 404]).toContain(answers['/ie/nowhere']!.status);
  }, 90_000);
});
