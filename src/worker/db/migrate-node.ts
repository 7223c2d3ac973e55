import { count } from 'drizzle-orm';
import { migrate } from 'drizzle-orm/libsql/migrator';
import { resolve } from 'node:path';
import type { Db } from './client';
import { blogPosts, categories } from './schema';
import { seedDatabase } from './seed/seed';

/** Node only (reads migration files from the repository's migrations/ folder). */
export async function migrateDatabase(db: Db, folder = resolve('migrations')): Promise<void> {
  await migrate(db, { migrationsFolder: folder });
}

/** Embedded start: migrate, then seed only a database that has no content yet (operator edits win). */
export async function prepareDatabase(db: Db): Promise<{ seeded: boolean }> {
  await migrateDatabase(db);
  const [posts] = await db.select({ n: count() }).from(blogPosts);
  const [cats] = await db.select({ n: count() }).from(categories);
  if ((posts?.n ?? 0) > 0 || (cats?.n ?? 0) > 0) return { seeded: false };
  await seedDatabase(db);
  return { seeded: true };
}
