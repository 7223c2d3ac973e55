import { readFile, mkdir, writeFile } from 'node:fs/promises';
import { join } from 'node:path';
import { describe, expect, it } from 'vitest';
import { tryInScratchCopy } from '../../support/scratch-shop';

/**
 * The checklist's "A new back-office page" (docs/code-layout.md), tried once in a copy of the shop:
 * a folder for its URL segment with its page, mounted in admin-routes.tsx, passes the copy's lint of
 * imports and is guarded like every back-office page (a visitor is sent to sign in; the owner sees it).
 */
const PAGE = `import { Hono } from 'hono';
import { adminPage } from '#worker/routes/admin-frame/admin-context.tsx';
import type { AdminEnv } from '#worker/routes/admin-frame/admin-guard.tsx';
import { Section } from '#worker/routes/admin-frame/admin-ui.tsx';

export const supplierRoutes = new Hono<AdminEnv>().get('/admin/suppliers', (c) =>
  adminPage(c, 'Suppliers', <Section title="Suppliers" id="suppliers"><p>No suppliers yet.</p></Section>),
);
`;

describe('a new back-office page, as the checklist says', () => {
  it('is guarded, framed and within the house rules', async () => {
    const scratch = await tryInScratchCopy({
      async edit(dir) {
        await mkdir(join(dir, 'src/worker/routes/admin/suppliers'), { recursive: true });
        await writeFile(join(dir, 'src/worker/routes/admin/suppliers/suppliers-routes.tsx'), PAGE);
        const routes = join(dir, 'src/worker/routes/admin/admin-routes.tsx');
        const source = await readFile(routes, 'utf8');
        if (!source.includes("  .route('/', stockRoutes)\n")) throw new Error('admin-routes.tsx no longer mounts stockRoutes');
        await writeFile(
          routes,
          `import { supplierRoutes } from './suppliers/suppliers-routes.tsx';\n${source.replace("  .route('/', stockRoutes)\n", "  .route('/', stockRoutes)\n  .route('/', supplierRoutes)\n")}`,
        );
      },
      paths: ['/admin/suppliers'],
    });
    try {
      expect(scratch.house).toMatch(/ruleViolations: 0/);
      const visitor = scratch.answers['/admin/suppliers']!;
      expect(visitor.status).toBe(303);
      expect(visitor.location).toMatch(/^\/admin\/sign-in\?next=%2Fadmin%2Fsuppliers$/);
      const page = scratch.owner['/admin/suppliers']!;
      expect(page.status).toBe(200);
      expect(page.html).toContain('No suppliers yet.');
      expect(page.html).toMatch(/<title>Suppliers/);
    } finally {
      await scratch.close();
    }
  }, 90_000);
});
