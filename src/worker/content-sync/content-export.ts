import { readdirSync, writeFileSync } from 'node:fs';
import { join } from 'node:path';
import { asc, eq } from 'drizzle-orm';
import { stringify } from 'yaml';
import { fieldsOfProduct } from '#shared/catalogue/product-fields.ts';
import type { Db } from '#worker/db/client.ts';
import { products } from '#worker/products/product-tables.ts';
import { CATALOGUE_LIMIT } from '#worker/products/product-queries.ts';

/**
 * The database's listed products written back as their files (npm run content:export), so the
 * repository catches up with the owner's changes in the back office: each into the file that has its id
 * (NN-….md) or a new one, in the files' own keys; the description as the body. A sync after it finds
 * them unchanged. Unlisted products are left out (a file would list them again) and named.
 */
export async function exportProducts(db: Db, dir: string): Promise<{ written: string[]; report: string }> {
  const rows = await db.select().from(products).where(eq(products.listed, true)).orderBy(asc(products.id)).limit(CATALOGUE_LIMIT);
  const existing = readdirSync(dir).filter((name) => name.endsWith('.md'));
  const written: string[] = [];
  for (const { doc } of rows) {
    const name = existing.find((f) => Number(/^(\d+)-/.exec(f)?.[1]) === doc.id) ?? `${String(doc.id).padStart(2, '0')}-${doc.slug}.md`;
    const fields = fieldsOfProduct(doc);
    const text = `---\n${stringify(fields, { lineWidth: 0 })}---\n\n${doc.description}\n`;
    writeFileSync(join(dir, name), text);
    written.push(name);
  }
  const unlisted = await db.select({ id: products.id, slug: products.slug }).from(products).where(eq(products.listed, false));
  const lines = [
    `wrote ${written.length} product files into ${dir}`,
    ...unlisted.map((p) => `left out product ${p.id} ${p.slug}: unlisted (a file would list it again)`),
  ];
  return { written, report: lines.join('\n') };
}
