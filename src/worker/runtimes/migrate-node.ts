import { count } from 'drizzle-orm';
import { migrate } from 'drizzle-orm/libsql/migrator';
import { resolve } from 'node:path';
import { syncContent } from '#worker/content-sync/content-sync.ts';
import type { Db } from '#worker/db/client.ts';
import { blogPosts, postCategories } from '#worker/posts/post-tables.ts';
import { products } from '#worker/products/product-tables.ts';

/** Node only (reads migration files from the repository's migrations/ folder). */
export async function migrateDatabase(db: Db, folder = resolve('migrations')): Promise<void> {
  await migrate(db, { migrationsFolder: folder });
}

/**
 * Embedded start: migrate, then load content/ only into a database that has no content yet, or no
 * products yet (a database from before products were content); after that, `npm run content:sync`
 * is how posts and products change. Same files, same path as the operator's sync.
 */
export async function prepareDatabase(db: Db, contentDir = resolve('content')): Promise<{ seeded: boolean }> {
  await migrateDatabase(db);
  const [posts] = await db.select({ n: count() }).from(blogPosts);
  const [cats] = await db.select({ n: count() }).from(postCategories);
  const [listed] = await db.select({ n: count() }).from(products);
  if (((posts?.n ?? 0) > 0 || (cats?.n ?? 0) > 0) && (listed?.n ?? 0) > 0) return { seeded: false };
  const { failed, report } = await syncContent(db, { dir: contentDir });
  if (failed) throw new Error(`content/ has files that cannot be loaded:\n${report}`);
  return { seeded: true };
}
