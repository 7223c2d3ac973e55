/** What each database command does and takes: `--help` prints it (exit 0), a wrong argument quotes it. */
export const CLI_HELP: Record<string, string> = {
  migrate: `npm run db:migrate
  Applies the SQL migrations in migrations/ to TURSO_DATABASE_URL (default: the embedded .data/shop.db).
  Takes no arguments.`,
  'content-sync': `npm run content:sync [-- --dry-run] [-- --prune] [-- --force]
  Writes content/ (products, posts, categories) into TURSO_DATABASE_URL in one transaction.
  --dry-run   report what would change, write nothing
  --prune     unlist products and unpublish posts whose file is gone (nothing is ever deleted)
  --force     write the files' products over what the owner changed in the back office (left and named otherwise)
  Live pages follow within about a minute (the read cache checks the content version once a minute).`,
  'content-export': `npm run content:export
  Writes the database's listed products back into content/products/ (the file with each id, or a new one), so the
  repository catches up with the back office. Takes no arguments.`,
  'mail-retry': `npm run mail:retry [-- --dry-run]
  Sends every e-mail still owed (contact messages, orders, order steps) now, ignoring back-off.
  --dry-run   say how many are owed of each kind, send nothing
  Against a remote database it needs POSTMARK_SERVER_TOKEN and SITE_URL (mail must reach people).`,
  orders: `npm run orders [-- --since YYYY-MM-DD] [-- --status S] [-- --limit N]
  Lists the newest orders: number, date, payment and fulfilment status, total, e-mail, lines.
  npm run orders -- show <number>                       the order and its timeline
  npm run orders -- ship <number> --carrier C --tracking T [--url https://…, for a carrier not on the list]
                                                        marks it shipped and mails the shopper once
  npm run orders -- delivered <number> [--on YYYY-MM-DD]
                                                        marks the parcel delivered (today unless --on)
  npm run orders -- return <number> [--lines 1:1,10:2]  puts returned goods back in stock
  npm run orders -- refund <number> --amount 10.00 [--lines 1:1]
                                                        refunds through Stripe (recorded, and the shopper
                                                        mailed, when Stripe's webhook confirms it); the
                                                        lines named go back in stock`,
  vitals: `npm run vitals [-- --days N]
  Field data from real visitors: p75 of LCP, INP, CLS, FCP and TTFB per page type and market (N: 1-400, default 7).`,
  stock: `npm run stock [-- add|set <product id> <quantity> [--note "…"]]
  Without arguments: each product's on hand, held, available, label and who waits.
  add <id> <n>   goods received: n more on hand (a restock move)
  set <id> <n>   a count: on hand becomes n (an adjust move of the difference)
  --note "…"     kept with the move (a delivery number, why a count changed)`,
  privacy: `npm run --silent privacy -- export|erase|retention …
  export <address>          everything held on the address as JSON on stdout: any case, and +tags and
                            Gmail dots where its mail service delivers them to the same mailbox
  erase <address>           says what would be deleted and what the law keeps; changes nothing
  erase <address> --yes     erases it: deletes what no law keeps, restricts the orders, asks Postmark
                            (POSTMARK_ACCOUNT_TOKEN) and Stripe where it can, and says what is left to do
  --also <address>          (export, erase; repeatable) another spelling found, confirmed the same person's
  retention [--dry-run]     removes what is past the privacy policy's periods now (the scheduled job does
                            this every hour); --dry-run counts it and changes nothing`,
};
CLI_HELP['contact-retry'] = CLI_HELP['mail-retry']!;

export const CLI_USAGE = `usage: ${Object.keys(CLI_HELP)
  .filter((c) => c !== 'contact-retry')
  .join(' | ')} (each takes --help)`;
