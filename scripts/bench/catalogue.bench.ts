// `npm run bench:catalogue`: what the catalogue's reads cost as the catalogue grows. A libSQL file with
// the seed (15 products, synced from content/), then 10x (150) and 1,000x (15,000) product rows with
// stock: each read's time (p50 / p99 over 200 runs) and SQLite's plan. The product page, a cart and an
// article read by id; lists read the listed catalogue up to CATALOGUE_LIMIT. Figures go into
// docs/performance.md, never into tests.
import { createClient } from '@libsql/client';
import { mkdtemp, rm } from 'node:fs/promises';
import { loadavg, tmpdir } from 'node:os';
import { join } from 'node:path';
import { it } from 'vitest';
import { timeRead } from './read-timing.ts';
import { CATALOGUE_LIMIT, listedProducts, productsByIds } from '#worker/products/product-queries.ts';
import { createDb, type Db } from '#worker/db/client.ts';
import { migrateDatabase } from '#worker/runtimes/migrate-node.ts';
import { postProductsBySlug } from '#worker/posts/post-queries.ts';
import { syncContent } from '#worker/content-sync/content-sync.ts';
import { stockCounts } from '#worker/stock/stock-queries.ts';

const RUNS = 200;

/** Copies of product 2 with new ids and slugs, and 10 units of each, up to `total` products. */
async function growTo(db: Db, total: number) {
  const client = db.$client;
  const [{ n }] = (await client.execute('select count(*) as n from products')).rows as unknown as [{ n: number }];
  for (let id = Number(n) + 1; id <= total; id += 500) {
    const ids = Array.from({ length: Math.min(500, total - id + 1) }, (_, i) => id + i);
    await client.batch(
      [
        `insert into products (id, slug, name, category, listed, doc) select v.value, 'bench-' || v.value, name, category, 1, json_set(doc, '$.id', v.value, '$.slug', 'bench-' || v.value) from products, json_each('${JSON.stringify(ids)}') v where products.id = 2`,
        `insert into stock (product_id, on_hand) select value, 10 from json_each('${JSON.stringify(ids)}')`,
      ],
      'write',
    );
  }
}

it('bench:catalogue', async () => {
  const dir = await mkdtemp(join(tmpdir(), 'shop-catalogue-bench-'));
  const db = createDb(createClient({ url: `file:${join(dir, 'shop.db')}` }));
  try {
    await migrateDatabase(db);
    await syncContent(db);
    console.log(
      `bench:catalogue ${new Date().toISOString()} load average ${loadavg()
        .map((l) => l.toFixed(2))
        .join(' ')}`,
    );
    console.log(`libSQL file, in process; CATALOGUE_LIMIT ${CATALOGUE_LIMIT}`);
    const reads = {
      'product page (1 by id)': () => productsByIds(db, [7]),
      'cart (5 by id)': () => productsByIds(db, [1, 3, 5, 9, 12]),
      'article products (join)': () => postProductsBySlug(db, 'dry-fire-fundamentals'),
      'list (listed catalogue)': () => listedProducts(db),
      'list stock (catalogue)': () => stockCounts(db, 'catalogue'),
    };
    for (const [label, total] of [
      ['seed', 15],
      ['10x', 150],
      ['1000x', 15_000],
    ] as const) {
      await growTo(db, total);
      for (const [name, read] of Object.entries(reads)) console.log(`${label.padEnd(5)} ${name.padEnd(26)} ${await timeRead(read, RUNS)}`);
    }
    for (const [name, read] of Object.entries(reads)) {
      const { sql, params } = read().toSQL();
      const plan = await db.$client.execute({ sql: `explain query plan ${sql}`, args: params as never[] });
      console.log(`plan ${name}: ${plan.rows.map((r) => r.detail).join(' | ')}`);
    }
  } finally {
    db.$client.close();
    await rm(dir, { recursive: true, force: true });
  }
}, 600_000);

/**
 * The product search (issue 66) as the list runs it, on the server and in the browser: the seed's 15
 * cards, then 10x and 1,000x copies (names numbered, so every copy is its own word), for queries that
 * find many, one, nothing, and a typo.
 */
it('bench:catalogue search', async () => {
  const { filterProducts, toCardItem } = await import('#shared/catalogue/list.ts');
  const { closestNames } = await import('#shared/catalogue/search.ts');
  const { products } = await import('../../tests/support/catalogue.ts');
  const cards = products.map(toCardItem);
  const queries = ['laser pistol', 'starter kit', 'pistl', 'submarine'];
  for (const [label, times] of [
    ['seed', 1],
    ['10x', 10],
    ['1000x', 1000],
  ] as const) {
    const items = Array.from({ length: times }, (_, copy) =>
      cards.map((c) => ({ ...c, id: c.id + copy * 100, name: `${c.name} ${copy}` })),
    ).flat();
    for (const q of queries) {
      const state = { category: null, q, inStock: false, newArrivals: false };
      const line = await timeRead(async () => filterProducts(items, state), label === '1000x' ? 20 : RUNS);
      console.log(`${label.padEnd(5)} search "${q}" over ${items.length} cards`.padEnd(52), line);
    }
    const closest = await timeRead(async () => closestNames(items, 'submarine'), label === '1000x' ? 20 : RUNS);
    console.log(`${label.padEnd(5)} closest names to "submarine"`.padEnd(52), closest);
  }
}, 600_000);
