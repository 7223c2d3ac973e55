// `npm run db:migrate`, `npm run content:sync [-- --dry-run] [-- --prune]` (and its alias `npm run db:seed`),
// `npm run mail:retry` (alias `contact:retry`), `npm run orders`, `npm run vitals [-- --days 7]`,
// `npm run stock [-- set|add <id> <n> --note …]`, `npm run privacy -- export|erase|retention …`, against
// TURSO_DATABASE_URL (Turso or a file).
import { resolve } from 'node:path';
import { syncContent } from '#worker/content-sync/content-sync.ts';
import { exportPosts, exportProducts } from '#worker/content-sync/content-export.ts';
import { retryAllOwedMail } from '#worker/jobs/retry-owed-mail.ts';
import { listOrders } from '#worker/orders/order-queries.ts';
import { formatOrderList, parseOrderListFlags } from '#worker/cli/order-report.ts';
import { agentsOfOrders } from '#worker/agents/agent-orders.ts';
import { isOrderAction, parseOrderCommand, runOrderCommand } from '#worker/cli/order-args.ts';
import { createNodeDeps, openNodeDatabase } from './node-deps.ts';
import { parseSettings, SettingsError } from '#worker/base/settings.ts';
import { migrateDatabase } from './migrate-node.ts';
import { slowestInp, vitalsP75 } from '#worker/vitals/vitals-queries.ts';
import { formatVitalsReport, parseVitalsFlags } from '#worker/cli/vitals-report.ts';
import { parseStockCommand, runStockCommand } from '#worker/cli/stock-args.ts';
import { checkoutGatewayFor } from '#worker/payments/choose-gateway.ts';
import { createLogger } from '#worker/base/log.ts';
import type { ChangeOutcome } from '#worker/base/change-feed-contract.ts';
import { createChangeFeed } from '#worker/changes/change-feed.ts';
import { askShopToPurge } from '#worker/changes/shop-purge.ts';
import { changedTags } from '#worker/content-sync/content-plan.ts';
import { operatorMailRefusal } from '#worker/mail/choose-mailer.ts';
import { owedMailNow } from '#worker/jobs/retry-owed-mail.ts';
import { CLI_HELP, CLI_USAGE } from '#worker/cli/cli-help.ts';
import { terminalSafe } from '#worker/cli/terminal.ts';
import { syncPaymentLinks } from '#worker/stock/payment-link-switch.ts';
import { parsePrivacyCommand } from '#worker/cli/privacy-args.ts';
import { personRecords } from '#worker/privacy/person-records.ts';
import { personExport } from '#worker/privacy/person-export.ts';
import { erasePerson, erasePlan } from '#worker/privacy/person-erasure.ts';
import { RETENTION_KINDS, runRetention, type RetentionCounts } from '#worker/privacy/retention-run.ts';
import { retentionLines } from '#worker/cli/retention-report.ts';
import { erasureLines } from '#shared/privacy/erasure-report.ts';

/** Everything a command prints goes through here: stored text reaches the terminal with its control characters escaped. */
const print = (text: string) => console.log(terminalSafe(text));

/** The flags of the commands that take no more than flags (the others' parsers refuse for themselves). */
const FLAGS_TAKEN: Record<string, readonly string[]> = {
  migrate: [],
  'content-sync': ['--dry-run', '--prune', '--force'],
  'content-export': [],
  'mail-retry': ['--dry-run'],
  'contact-retry': ['--dry-run'],
};

/** Refuses arguments a command does not take, before anything is read or written. */
function onlyFlags(command: string, flags: readonly string[], allowed: readonly string[]): void {
  const unknown = flags.filter((f) => !allowed.includes(f));
  if (unknown.length > 0) throw new Error(`unknown option ${unknown.join(' ')}\n${CLI_HELP[command]}`);
}

async function main(command: string | undefined, flags: string[]): Promise<number> {
  // Help needs no settings and no database.
  if (command && CLI_HELP[command] && (flags.includes('--help') || flags.includes('-h'))) {
    print(CLI_HELP[command]);
    return 0;
  }
  if (!command || !CLI_HELP[command]) throw new Error(CLI_USAGE);
  // Refused before the settings are read or a database is opened (the others parse their own arguments first too).
  const takes = FLAGS_TAKEN[command];
  if (takes) onlyFlags(command, flags, takes);
  const settings = parseSettings(process.env, 'node');
  const db = await openNodeDatabase(settings);
  // Built once for the command, as the app builds them once for its requests.
  const gateway = checkoutGatewayFor(settings);
  const log = createLogger(settings.LOG_LEVEL);
  // What the command changed is recorded, and the running shop asked to purge it; what became of each ask is said.
  const outcomes: ChangeOutcome[] = [];
  const feed = createChangeFeed({ db, purge: askShopToPurge(settings.SITE_URL, log), log });
  const changes = { ...feed, publish: async (tags: readonly string[]) => (outcomes.push(await feed.publish(tags)), outcomes.at(-1)!) };
  /** The line that says whether the shop's pages show the change now, or at its next scheduled run. */
  const pagesLine = () =>
    outcomes.length === 0
      ? null
      : outcomes.includes('pending')
        ? `The shop at ${settings.SITE_URL} was not reached: its pages show this after its next scheduled run (within a minute on Node, at the next Cron Trigger on Cloudflare).`
        : `The shop at ${settings.SITE_URL} purged the pages that show it: they show it now.`;
  const target = settings.TURSO_DATABASE_URL.startsWith('file:') ? settings.TURSO_DATABASE_URL : new URL(settings.TURSO_DATABASE_URL).host;
  try {
    if (command === 'migrate') {
      await migrateDatabase(db);
      print(`Migrations applied to ${target}.`);
      return 0;
    }
    if (command === 'content-export') {
      const [productsOut, postsOut] = [
        await exportProducts(db, resolve('content/products')),
        await exportPosts(db, resolve('content/posts')),
      ];
      print(`${target} → content/products/ and content/posts/\n${productsOut.report}\n${postsOut.report}`);
      return 0;
    }
    if (command === 'content-sync') {
      // The sync needs the current schema (an operator may sync before deploying a migration).
      await migrateDatabase(db);
      const result = await syncContent(db, {
        dryRun: flags.includes('--dry-run'),
        prune: flags.includes('--prune'),
        force: flags.includes('--force'),
      });
      print(`content/ → ${target}\n${result.report}`);
      if (result.wrote) {
        await changes.publish(changedTags(result.plan));
        const line = pagesLine();
        if (line) print(line);
      }
      // A product new to the shop, or whose file names new links: Stripe made those links active, so
      // they are set to what its stock says (a new product has none until a delivery).
      const relinked = [
        ...result.plan.products.add.map((f) => f.product.id),
        ...result.plan.products.change.filter((c) => c.fields.includes('payment_links')).map((c) => c.file.product.id),
      ];
      if (result.wrote && relinked.length > 0) {
        await syncPaymentLinks({ db, gateway, log }, relinked, {
          force: true,
        });
      }
      return result.failed ? 1 : 0;
    }
    if (command === 'mail-retry' || command === 'contact-retry') {
      // What the timer and the cron run, once, by hand: sends every owed contact and order e-mail.
      if (flags.includes('--dry-run')) {
        await migrateDatabase(db);
        for (const [kind, owed] of Object.entries(await owedMailNow(db))) {
          print(
            `${kind} e-mail on ${target}: ${owed.owed} owed${owed.oldestCreatedAt ? ` (oldest ${owed.oldestCreatedAt})` : ''}; nothing sent (dry run).`,
          );
        }
        return 0;
      }
      const refusal = operatorMailRefusal(settings);
      if (refusal) throw new Error(refusal);
      await migrateDatabase(db);
      const deps = await createNodeDeps(settings, { clientDir: resolve('dist/client'), serves: false });
      try {
        // By hand means now: back-off waits are skipped (each owed row is tried once).
        const results = await retryAllOwedMail(deps, { ignoreBackoff: true });
        for (const [kind, { sent, failed }] of Object.entries(results)) {
          print(`${kind} e-mail retry on ${target} (${deps.mailer.kind}): ${sent} delivered, ${failed} failed again.`);
        }
        return Object.values(results).some((r) => r.failed > 0) ? 1 : 0;
      } finally {
        deps.db.$client.close();
      }
    }
    if (command === 'orders' && isOrderAction(flags[0])) {
      // Parsed first: bad input reads and writes nothing.
      const orderCommand = parseOrderCommand(flags);
      // Shipping mails the shopper: refused before anything is written when that mail could not reach them.
      const refusal = orderCommand.action === 'ship' ? operatorMailRefusal(settings) : null;
      if (refusal) throw new Error(refusal);
      await migrateDatabase(db);
      const deps = await createNodeDeps(settings, { clientDir: resolve('dist/client'), serves: false });
      try {
        const mailWaiting = operatorMailRefusal(settings) === null;
        print(await runOrderCommand({ ...deps, changes, mailWaiting }, orderCommand));
        const line = pagesLine();
        if (line) print(line);
        return 0;
      } finally {
        deps.db.$client.close();
      }
    }
    if (command === 'orders') {
      const options = parseOrderListFlags(flags);
      await migrateDatabase(db);
      const found = await listOrders(db, options);
      const filters = [options.since && `since ${options.since.slice(0, 10)}`, options.status].filter(Boolean).join(', ');
      print(
        `Orders on ${target}${filters ? ` (${filters})` : ''}, newest first: ${found.length}${found.length === options.limit ? ' (limit reached, --limit for more)' : ''}`,
      );
      if (found.length > 0)
        print(
          formatOrderList(
            found,
            await agentsOfOrders(
              db,
              found.map((o) => o.number),
            ),
          ),
        );
      return 0;
    }
    if (command === 'vitals') {
      const { days } = parseVitalsFlags(flags);
      await migrateDatabase(db);
      const since = new Date(Date.now() - days * 86_400_000).toISOString();
      const rows = await vitalsP75(db, since);
      print(`Web Vitals on ${target}, the last ${days} days, p75 per page type and market (n: views):`);
      print(rows.length > 0 ? formatVitalsReport(rows, await slowestInp(db, since)) : '(no reports yet)');
      return 0;
    }
    if (command === 'stock') {
      // Parsed first: bad input writes nothing.
      const stockCommand = parseStockCommand(flags);
      await migrateDatabase(db);
      print(`Stock on ${target}:`);
      const deps = await createNodeDeps(settings, { clientDir: resolve('dist/client'), serves: false });
      try {
        // Shoppers waiting for it are told now when this machine may mail them; otherwise the scheduled job tells them.
        print(await runStockCommand({ ...deps, changes, tell: operatorMailRefusal(settings) === null }, stockCommand));
      } finally {
        deps.db.$client.close();
      }
      if (stockCommand.action !== 'list') print(pagesLine() ?? 'What product pages show of it is unchanged.');
      return 0;
    }
    if (command === 'privacy') {
      // Parsed first: bad input reads and writes nothing.
      const privacy = parsePrivacyCommand(flags);
      await migrateDatabase(db);
      const deps = await createNodeDeps(settings, { clientDir: resolve('dist/client'), serves: false });
      try {
        const secret = deps.settings.RATE_LIMIT_SECRET;
        if (privacy.action === 'export') {
          // JSON alone on stdout, so it can be redirected to a file.
          const records = await personRecords(deps.db, secret, privacy.address, 'mailbox', privacy.also);
          console.log(JSON.stringify(personExport(records, privacy.address, 'mailbox'), null, 2));
          return 0;
        }
        if (privacy.action === 'erase') {
          if (!privacy.confirmed) {
            print(
              [
                ...erasureLines(await erasePlan(deps, privacy.address, privacy.also), false),
                'Nothing was changed: run again with --yes to erase.',
              ].join('\n'),
            );
            return 0;
          }
          print(erasureLines(await erasePerson({ ...deps, changes }, privacy.address, privacy.also), true).join('\n'));
          const line = pagesLine();
          if (line) print(line);
          return 0;
        }
        // Batch after batch until nothing is due (each bounded; a dry run counts everything due once).
        const total = Object.fromEntries(RETENTION_KINDS.map((k) => [k, 0])) as unknown as RetentionCounts;
        for (;;) {
          const run = await runRetention({ ...deps, changes }, privacy.dryRun ? { dryRun: true, limit: 100_000 } : {});
          for (const key of RETENTION_KINDS) total[key] += run[key];
          if (privacy.dryRun || Object.values(run).every((n) => n === 0)) break;
        }
        print(retentionLines(total, target, privacy.dryRun).join('\n'));
        return 0;
      } finally {
        deps.db.$client.close();
      }
    }
    throw new Error(CLI_USAGE);
  } finally {
    db.$client.close();
  }
}

main(process.argv[2], process.argv.slice(3)).then(
  (code) => process.exit(code),
  (err: unknown) => {
    console.error(terminalSafe(err instanceof SettingsError ? err.message : err instanceof Error ? err.message : String(err)));
    process.exit(1);
  },
);
