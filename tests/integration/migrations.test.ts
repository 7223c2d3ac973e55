import { createClient } from '@libsql/client';
import { cp, mkdtemp, readFile, rm, writeFile } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterAll, describe, expect, it } from 'vitest';
import { createDb } from '#worker/db/client.ts';
import { migrateDatabase } from '#worker/runtimes/migrate-node.ts';

const dir = await mkdtemp(join(tmpdir(), 'shop-migrations-'));
afterAll(() => rm(dir, { recursive: true, force: true }));

/** The migrations folder as it was before `tag` (its journal cut there): a database of an older release. */
async function migrationsBefore(tag: string): Promise<string> {
  const folder = join(dir, `before-${tag}`);
  await cp('migrations', folder, { recursive: true });
  const journalFile = join(folder, 'meta', '_journal.json');
  const journal = JSON.parse(await readFile(journalFile, 'utf8')) as { entries: Array<{ tag: string }> };
  journal.entries = journal.entries.slice(
    0,
    journal.entries.findIndex((e) => e.tag === tag),
  );
  await writeFile(journalFile, JSON.stringify(journal));
  return folder;
}

describe('migration 0013: two statuses from one', () => {
  it('keeps what went out shipped, the money paid, and marks orders whose every unit came back returned', async () => {
    const db = createDb(createClient({ url: `file:${join(dir, 'shop.db')}` }));
    await migrateDatabase(db, await migrationsBefore('0013_two_statuses_holds_limits'));
    const order = (id: number, number: string, status: string) =>
      db.$client.execute({
        sql: `insert into orders (id, session_id, number, status, currency, subtotal, shipping, total, token) values (?, ?, ?, ?, 'GBP', 1000, 0, 1000, 't')`,
        args: [id, `cs_${id}`, number, status],
      });
    await order(1, 'SP-AAAA-0001', 'shipped');
    await order(2, 'SP-AAAA-0002', 'partially_refunded'); // refunded after it was shipped (its step says so)
    await order(3, 'SP-AAAA-0003', 'paid'); // every unit returned
    await order(4, 'SP-AAAA-0004', 'paid');
    await db.$client.execute(
      `insert into order_events (order_id, step, status, at) values (2, 'shipped', 'shipped', '2026-11-20T10:00:00Z')`,
    );
    await db.$client.execute(
      `insert into order_lines (order_id, position, product_id, name, quantity, unit_amount) values (3, 0, 1, 'Pistol', 2, 500)`,
    );
    await db.$client.execute(`insert into stock_moves (product_id, change, reason, order_number) values (1, 2, 'return', 'SP-AAAA-0003')`);

    await migrateDatabase(db);
    const { rows } = await db.$client.execute('select id, status, fulfilment from orders order by id');
    expect(rows.map((r) => [Number(r.id), r.status, r.fulfilment])).toEqual([
      [1, 'paid', 'shipped'],
      [2, 'partially_refunded', 'shipped'],
      [3, 'paid', 'returned'],
      [4, 'paid', 'unfulfilled'],
    ]);
    db.$client.close();
  });
});

describe('migration 0020: the orders search index', () => {
  it('indexes the orders already there, then follows new and changed ones', async () => {
    const db = createDb(createClient({ url: `file:${join(dir, 'search.db')}` }));
    await migrateDatabase(db, await migrationsBefore('0020_order_search'));
    await db.$client.execute(
      `insert into orders (id, session_id, number, status, currency, subtotal, shipping, total, token, email, name) values (1, 'cs_1', 'SP-FN97-KDK8', 'paid', 'GBP', 1000, 0, 1000, 't', 'Ann@Example.com', 'Ann Smith')`,
    );
    await migrateDatabase(db);
    const found = async (q: string) =>
      (await db.$client.execute({ sql: 'select rowid from order_search where order_search match ?', args: [`"${q}"`] })).rows.map((r) =>
        Number(r.rowid),
      );
    expect(await found('fn97')).toEqual([1]);
    expect(await found('smith')).toEqual([1]);
    await db.$client.execute(
      `insert into orders (id, session_id, number, status, currency, subtotal, shipping, total, token) values (2, 'cs_2', 'SP-AAAA-BBBB', 'pending', 'GBP', 1000, 0, 1000, 't')`,
    );
    await db.$client.execute(`update orders set email = 'bo@example.com', name = 'Bo Jones' where id = 2`);
    expect(await found('bo@ex')).toEqual([2]);
    await db.$client.execute(`update orders set name = 'Bo Brown' where id = 2`);
    expect(await found('jones')).toEqual([]);
    expect(await found('example.com')).toEqual([1, 2]);
    db.$client.close();
  });
});
