// `npm run bench:back-office`: what the back office's reads cost as orders pile up. A libSQL file with
// the seed and 100 orders (a month of a small shop), then 10x (1,000) and 1,000x (100,000): each read's
// time (p50 / p99 over 100 runs) and SQLite's plan. Figures go into docs/performance.md, never into tests.
import { createClient } from '@libsql/client';
import { mkdtemp, rm } from 'node:fs/promises';
import { loadavg, tmpdir } from 'node:os';
import { join } from 'node:path';
import { it } from 'vitest';
import { timeRead } from './read-timing.ts';
import { readOrderQuery } from '#shared/admin/admin-rules.ts';
import { openDisputes, orderPage, ordersToShip, otherOrdersOf, salesOf } from '#worker/order-reads/order-lists.ts';
import { shopPeriods } from '#shared/policy/shop-time.ts';
import { recentMoves } from '#worker/stock/stock-queries.ts';
import { notesOf } from '#worker/fulfilment/order-notes.ts';
import { orderOfCode, readLedger } from '#worker/after-sale/accounts/ledger-store.ts';
import { returnList, returnsWaiting } from '#worker/after-sale/return-queries.ts';
import { ordersOfAddress } from '#worker/order-access/orders-of-address.ts';
import { approvedReviewsRead } from '#worker/reviews/review-store.ts';
import { syncContent } from '#worker/content-sync/content-sync.ts';
import { createDb, type Db } from '#worker/db/client.ts';

import { drizzle } from 'drizzle-orm/libsql/web';
import { migrateDatabase } from '#worker/runtimes/migrate-node.ts';
import { personRecords } from '#worker/privacy/person-records.ts';
import { personExport } from '#worker/privacy/person-export.ts';
import { erasePerson } from '#worker/privacy/person-erasure.ts';
import { runRetention } from '#worker/privacy/retention-run.ts';
import { noChangeFeed } from '#worker/base/change-feed-contract.ts';
import { parseSettings } from '#worker/base/settings.ts';

const RUNS = 100;

/**
 * Orders up to `total`, spread over the last 90 days: 1 in 10 unfulfilled, 1 in 50 refunded, one
 * e-mail per 3 orders, five names in turn, one dispute opened per 200 (half of them closed); 4 stock moves per order.
 */
async function growTo(db: Db, total: number) {
  const client = db.$client;
  const [{ n }] = (await client.execute('select count(*) as n from orders')).rows as unknown as [{ n: number }];
  const from = Number(n) + 1;
  if (from > total) return;
  await client.batch(
    [
      `with recursive k(i) as (select ${from} union all select i + 1 from k where i < ${total})
       insert into orders (session_id, number, status, fulfilment, email, name, currency, subtotal, shipping, total, region, token, created_at, notified_at, confirmed_at)
       select 'cs_bench_' || i, printf('SP-%04d-%04d', i / 10000, i % 10000),
         case when i % 50 = 0 then 'refunded' else 'paid' end,
         case when i % 10 = 0 then 'unfulfilled' else 'shipped' end,
         'buyer' || (i / 3) || '@example.com', case i % 5 when 0 then 'Ann Smith' when 1 then 'Bo Jones' when 2 then 'Cy Brown' when 3 then 'Di Evans' else 'Ed Hall' end, 'GBP', 14999, 499, 15498, case i % 3 when 0 then 'UK' when 1 then 'EU' else 'US' end,
         'token' || i, strftime('%Y-%m-%dT%H:%M:%fZ', 'now', '-' || (i % 90) || ' days', '-' || (i % 86400) || ' seconds'),
         strftime('%Y-%m-%dT%H:%M:%fZ', 'now'), strftime('%Y-%m-%dT%H:%M:%fZ', 'now')
       from k`,
      `insert into order_events (order_id, step, status, detail, at)
       select id, 'dispute:dp_' || id || ':opened', 'dispute_opened', '{"amount":15498}', created_at from orders where id >= ${from} and id % 200 = 0`,
      `insert into order_events (order_id, step, status, detail, at)
       select id, 'dispute:dp_' || id || ':closed', 'dispute_closed', '{"outcome":"won"}', created_at from orders where id >= ${from} and id % 400 = 0`,
      `with recursive k(i) as (select ${from * 4} union all select i + 1 from k where i < ${total * 4})
       insert into stock_moves (product_id, change, reason, order_number, at) select 1 + i % 15, -1, 'sale', null, strftime('%Y-%m-%dT%H:%M:%fZ', 'now') from k`,
      // A return request on one order in 20, in turn requested, accepted, refused and received.
      `insert into return_requests (number, order_id, reason, outcome, lines, state, value, created_at)
       select number || '-R1', id, 'changed_mind', 'refund', '[{"productId":1,"quantity":1}]',
         case (id / 20) % 4 when 0 then 'requested' when 1 then 'accepted' when 2 then 'refused' else 'received' end, 14999, created_at
       from orders where id >= ${from} and id % 20 = 0`,
      // The ledger of those requests: the unit asked back; the received ones also a refund, or store credit with its code (1 in 2).
      `insert into ledger_entries (order_id, kind, ref, product_id, quantity, request, at)
       select id, 'asked', 'asked:' || number || '-R1', 1, 1, number || '-R1', created_at from orders where id >= ${from} and id % 20 = 0`,
      `insert into ledger_entries (order_id, kind, ref, product_id, quantity, request, at)
       select id, 'received', 'received:' || number || '-R1', 1, 1, number || '-R1', created_at from orders where id >= ${from} and id % 80 = 60`,
      `insert into ledger_entries (order_id, kind, ref, amount, basis, code, request, at)
       select id, case when id % 160 = 60 then 'credit' else 'refund' end, 'settle:' || number, 14999, 14999,
         case when id % 160 = 60 then 'CREDIT-' || id else null end, number || '-R1', created_at from orders where id >= ${from} and id % 80 = 60`,
      // An approved review of product 1 from every order shipped, up to 6 "helpful" votes each: one
      // product with every review, the worst case of a product page's reviews.
      `insert into reviews (product_id, order_id, stars, title, body, name, state, helpful, created_at)
       select 1, id, 1 + id % 5, 'Does what it says', 'Resets every time and fits the holster.', 'J.', 'approved', id % 7, created_at
       from orders where id >= ${from} and fulfilment = 'shipped'`,
      `insert into review_stats (product_id, count, stars) select 1, count(*), sum(stars) from reviews where state = 'approved'
       on conflict (product_id) do update set count = excluded.count, stars = excluded.stars`,
      // A contact message from one buyer in 2, half of them three years old (past the policy's two years).
      `insert into form_submissions (name, email, subject, message, created_at, notified_at, confirmed_at)
       select 'Ann Smith', email, 'Order Status', 'Where is my order ' || number || '?',
         case when id % 4 = 0 then strftime('%Y-%m-%dT%H:%M:%fZ', 'now', '-3 years') else created_at end, created_at, created_at
       from orders where id >= ${from} and id % 2 = 0`,
      // A note on one order in 4 (two on each of those), as an owner who writes things down.
      `insert into order_notes (order_id, body, by, at)
       select id, 'Rang the shopper about order ' || number, 'owner@example.com', created_at from orders where id >= ${from} and id % 4 = 2
       union all select id, 'Parcel left with a neighbour', 'owner@example.com', created_at from orders where id >= ${from} and id % 4 = 2`,
    ],
    'write',
  );
}

const query = (q: string) => readOrderQuery(new URLSearchParams(q));

/** The reads the back office's pages make, against `db`. */
function readsOf(db: Db): Record<string, () => Promise<unknown>> {
  return {
    'today: to ship': () => ordersToShip(db),
    'today: open disputes': () => openDisputes(db),
    'today: sales today and this week': () => salesOf(db, shopPeriods()),
    'orders: first page': () => orderPage(db, query('')),
    'orders: refunded': () => orderPage(db, query('status=refunded')),
    'orders: unfulfilled': () => orderPage(db, query('fulfilment=unfulfilled')),
    'orders: by e-mail': () => orderPage(db, query('q=Buyer30@Example.com')),
    'orders: by number': () => orderPage(db, query('q=SP-0000-0090')),
    'orders: part of a number': () => orderPage(db, query('q=0001-234')),
    'orders: e-mail prefix': () => orderPage(db, query('q=buyer3000')),
    'orders: a first name (1 in 5)': () => orderPage(db, query('q=ann')),
    'orders: a miss': () => orderPage(db, query('q=Bar Trainer')),
    'orders: page after cursor': () => orderPage(db, query(`before=${new Date(Date.now() - 45 * 86_400_000).toISOString()}~50`)),
    'order: the shopper’s others': () => otherOrdersOf(db, { id: 90, email: 'Buyer30@Example.com' }),
    'order: its notes': () => notesOf(db, 90),
    // One round trip of three reads (the order, its lines, its entries): the entries, as rows.
    'order: its ledger (a return, credit)': async () => (await readLedger(db, 60))?.ledger.entries ?? [],
    'cart paid: the order of a credit code': async () => [await orderOfCode(db, 'CREDIT-60')].filter(Boolean),
    'returns: waiting (requested or accepted)': () => returnList(db, ['requested', 'accepted']),
    'today: returns waiting (counts)': () => returnsWaiting(db),
    'your orders: an address (3 orders)': () => ordersOfAddress(db, 'buyer30@example.com'),
    'stock: recent moves': () => recentMoves(db),
    // The read cache's query itself (a drizzle query runs when awaited), as a cold product page sends it.
    'product page: reviews, most helpful': () => approvedReviewsRead(db, 1, 'helpful').query as unknown as Promise<unknown>,
    'product page: reviews, newest': () => approvedReviewsRead(db, 1, 'newest').query as unknown as Promise<unknown>,
    // Issue 67: everything held on one address (another spelling of it), and an hour's retention run with nothing due.
    'privacy: export an address (3 orders)': async () =>
      personExport(await personRecords(db, undefined, 'Buyer30+x@Example.com', 'mailbox'), 'Buyer30+x@Example.com', 'mailbox').orders,
    // A dry run: what an hour's run reads (a batch of each kind due), without taking it away from the next run.
    'privacy: retention, one batch': async () =>
      Object.values(await runRetention({ db, changes: noChangeFeed, settings: { VITALS_KEEP_DAYS: 30 } }, { dryRun: true })),
  };
}

it('bench:back-office', async () => {
  const dir = await mkdtemp(join(tmpdir(), 'shop-back-office-bench-'));
  const db = createDb(createClient({ url: `file:${join(dir, 'shop.db')}` }));
  try {
    await migrateDatabase(db);
    await syncContent(db);
    console.log(
      `bench:back-office ${new Date().toISOString()} load average ${loadavg()
        .map((l) => l.toFixed(2))
        .join(' ')}`,
    );
    const reads = readsOf(db);
    for (const [label, total] of [
      ['seed', 100],
      ['10x', 1_000],
      ['1000x', 100_000],
    ] as const) {
      await growTo(db, total);
      for (const [name, read] of Object.entries(reads)) console.log(`${label.padEnd(5)} ${name.padEnd(26)} ${await timeRead(read, RUNS)}`);
      // An erasure (reads, one transaction of deletes and updates) of 20 different buyers of 3 orders each.
      const settings = parseSettings({}, 'node');
      let next = { seed: 10, '10x': 100, '1000x': 1000 }[label];
      const erase = () => erasePerson({ db, settings, gateway: null, changes: noChangeFeed, log: () => {} }, `buyer${next++}@example.com`);
      console.log(
        `${label.padEnd(5)} ${'privacy: erase an address (3 orders)'.padEnd(26)} ${await timeRead(async () => (await erase()).kept, 20)}`,
      );
    }
    // SQLite's plan for every statement each read sends (drizzle's logger hands them over).
    const sent: Array<{ sql: string; params: unknown[] }> = [];
    const logged = drizzle({ client: db.$client, logger: { logQuery: (sql, params) => void sent.push({ sql, params }) } }) as Db;
    for (const [name, read] of Object.entries(readsOf(logged))) {
      sent.length = 0;
      await read();
      for (const { sql, params } of sent) {
        const plan = await db.$client.execute({ sql: `explain query plan ${sql}`, args: params as never[] });
        console.log(`plan ${name}: ${plan.rows.map((r) => r.detail).join(' | ')}`);
      }
    }
  } finally {
    db.$client.close();
    await rm(dir, { recursive: true, force: true });
  }
}, 900_000);
