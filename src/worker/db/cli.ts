// `npm run db:migrate` / `npm run db:seed` / `npm run contact:retry` against TURSO_DATABASE_URL (Turso or a file).
import { resolve } from 'node:path';
import { retryContactEmails } from '../jobs/retry-contact-emails';
import { createNodeDeps, openNodeDatabase } from '../runtimes/node-deps';
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
  } else if (command === 'contact-retry') {
    // What the timer and the cron run, once, by hand: sends every owed contact e-mail.
    await migrateDatabase(db);
    db.$client.close();
    const deps = await createNodeDeps(settings, { clientDir: resolve('dist/client') });
    // By hand means now: back-off waits are skipped (each owed row is tried once).
    const { sent, failed } = await retryContactEmails(deps, { ignoreBackoff: true });
    console.log(`Contact e-mail retry on ${target} (${deps.mailer.kind}): ${sent} delivered, ${failed} failed again.`);
    deps.db.$client.close();
    return;
  } else {
    throw new Error('usage: db migrate | db seed | db contact-retry');
  }
  db.$client.close();
}

main(process.argv[2]).catch((err: unknown) => {
  console.error(err instanceof SettingsError ? err.message : err instanceof Error ? err.message : String(err));
  process.exit(1);
});
