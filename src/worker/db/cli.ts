// `npm run db:migrate`, `npm run content:sync [-- --dry-run] [-- --prune]` (and its alias `npm run db:seed`),
// `npm run contact:retry`, against TURSO_DATABASE_URL (Turso or a file).
import { resolve } from 'node:path';
import { syncContent } from '../editorial/content-sync';
import { retryContactEmails } from '../jobs/retry-contact-emails';
import { createNodeDeps, openNodeDatabase } from '../runtimes/node-deps';
import { parseSettings, SettingsError } from '../settings';
import { migrateDatabase } from './migrate-node';

async function main(command: string | undefined, flags: string[]): Promise<number> {
  const settings = parseSettings(process.env, 'node');
  const db = await openNodeDatabase(settings);
  const target = settings.TURSO_DATABASE_URL.startsWith('file:') ? settings.TURSO_DATABASE_URL : new URL(settings.TURSO_DATABASE_URL).host;
  try {
    if (command === 'migrate') {
      await migrateDatabase(db);
      console.log(`Migrations applied to ${target}.`);
      return 0;
    }
    if (command === 'content-sync') {
      const unknown = flags.filter((f) => f !== '--dry-run' && f !== '--prune');
      if (unknown.length > 0) throw new Error(`unknown option ${unknown.join(' ')} (content:sync takes --dry-run and --prune)`);
      // The sync needs the current schema (an operator may sync before deploying a migration).
      await migrateDatabase(db);
      const result = await syncContent(db, { dryRun: flags.includes('--dry-run'), prune: flags.includes('--prune') });
      console.log(`content/ → ${target}\n${result.report}`);
      return result.failed ? 1 : 0;
    }
    if (command === 'contact-retry') {
      // What the timer and the cron run, once, by hand: sends every owed contact e-mail.
      await migrateDatabase(db);
      const deps = await createNodeDeps(settings, { clientDir: resolve('dist/client') });
      try {
        // By hand means now: back-off waits are skipped (each owed row is tried once).
        const { sent, failed } = await retryContactEmails(deps, { ignoreBackoff: true });
        console.log(`Contact e-mail retry on ${target} (${deps.mailer.kind}): ${sent} delivered, ${failed} failed again.`);
        return failed > 0 ? 1 : 0;
      } finally {
        deps.db.$client.close();
      }
    }
    throw new Error('usage: db migrate | db content-sync [--dry-run] [--prune] | db contact-retry');
  } finally {
    db.$client.close();
  }
}

main(process.argv[2], process.argv.slice(3)).then(
  (code) => process.exit(code),
  (err: unknown) => {
    console.error(err instanceof SettingsError ? err.message : err instanceof Error ? err.message : String(err));
    process.exit(1);
  },
);
