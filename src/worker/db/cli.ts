// `npm run db:migrate` / `npm run db:seed` against TURSO_DATABASE_URL (Turso or a file).
import { openNodeDatabase } from '../runtimes/node-deps';
import { parseSettings, SettingsError } from '../settings';
import { migrateDatabase } from './migrate-node';
import { seedDatabase } from './seed/seed';

async function main(command: string | undefined) {
  const settings = parseSettings(process.env, 'node');
  const db = await openNodeDatabase(settings);
  const target = settings.TURSO_DATABASE_URL.startsWith('file:') ? settings.TURSO_DATABASE_URL : new URL(settings.TURSO_DATABASE_URL).host;
  if (command === 'migrate') {
    await migrateDatabase(db);
    console.log(`Migrations applied to ${target}.`);
  } else if (command === 'seed') {
    await migrateDatabase(db);
    const inserted = await seedDatabase(db);
    console.log(
      `Seeded ${target}: ${inserted.categories} categories, ${inserted.posts} posts, ${inserted.relations} product links inserted (existing rows kept).`,
    );
  } else {
    throw new Error('usage: db migrate | db seed');
  }
  db.$client.close();
}

main(process.argv[2]).catch((err: unknown) => {
  console.error(err instanceof SettingsError ? err.message : err instanceof Error ? err.message : String(err));
  process.exit(1);
});
