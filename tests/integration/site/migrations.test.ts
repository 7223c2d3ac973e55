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

describe('migration 0035: one ledger per order', () => {
  it('gives older orders the entries of their requests, refunds asked (made: never asked of Stripe again), credit and rewards', async () => {
    const db = createDb(createClient({ url: `file:${join(dir, 'ledger.db')}` }));
    await migrateDatabase(db, await migrationsBefore('0035_order_ledger'));
    await db.$client.execute(
      `insert into orders (id, session_id, number, status, fulfilment, currency, subtotal, shipping, total, token) values
        (1, 'cs_1', 'SP-AAAA-0001', 'paid', 'shipped', 'GBP', 29998, 0, 29998, 't1'), (2, 'cs_2', 'SP-AAAA-0002', 'paid', 'shipped', 'GBP', 14999, 0, 14999, 't2')`,
    );
    await db.$client.execute(
      `insert into order_lines (order_id, position, product_id, name, quantity, unit_amount) values (1, 0, 1, 'A', 1, 14999), (1, 1, 2, 'B', 1, 14999), (2, 0, 1, 'A', 1, 14999)`,
    );
    await db.$client.execute(
      `insert into return_requests (number, order_id, reason, outcome, lines, state, value, code, created_at, decided_at) values
        ('SP-AAAA-0001-R1', 1, 'changed_mind', 'credit', '[{"productId":1,"quantity":1},{"productId":2,"quantity":1}]', 'received', 29998, 'CREDIT-OLD', '2026-11-01T00:00:00Z', '2026-11-02T00:00:00Z'),
        ('SP-AAAA-0002-R1', 2, 'changed_mind', 'refund', '[{"productId":1,"quantity":1}]', 'refused', 14999, null, '2026-11-01T00:00:00Z', null)`,
    );
    await db.$client.execute(
      `insert into order_events (order_id, step, status, detail, at) values
        (2, 'refund_asked:re_1', 'refund_asked', '{"amount":500,"refund":"re_1","by":"owner"}', '2026-11-03T00:00:00Z'),
        (1, 'referral:SP-AAAA-0002', 'referral_rewarded', '{"code":"THANKS-X","request":"SP-AAAA-0002"}', '2026-11-03T00:00:00Z')`,
    );

    await migrateDatabase(db);
    const { rows } = await db.$client.execute(
      'select order_id, kind, ref, product_id, quantity, amount, basis, code from ledger_entries order by id',
    );
    expect(rows.map((r) => [Number(r.order_id), r.kind, r.ref, r.product_id, r.quantity, r.amount, r.basis, r.code])).toEqual([
      [1, 'asked', 'asked:SP-AAAA-0001-R1', 1, 1, 0, 0, null],
      [1, 'asked', 'asked:SP-AAAA-0001-R1:1', 2, 1, 0, 0, null],
      [1, 'received', 'received:SP-AAAA-0001-R1', 1, 1, 0, 0, null],
      [1, 'received', 'received:SP-AAAA-0001-R1:1', 2, 1, 0, 0, null],
      [1, 'credit', 'credit:SP-AAAA-0001-R1', null, 0, 32997, 29998, 'CREDIT-OLD'],
      [2, 'refund', 'refund:re_1', null, 0, 500, 0, null],
      [2, 'reward', 'reward:THANKS-X', null, 0, 1700, 0, 'THANKS-X'],
      [2, 'refund_made', 'made:refund:re_1', null, 0, 0, 0, 're_1'],
    ]);
    const orders = await db.$client.execute('select fulfilment, after_sale from orders order by id');
    expect(orders.rows.map((r) => [r.fulfilment, JSON.parse(String(r.after_sale))])).toEqual([
      ['returned', { bought: 2, back: 2, credit: 32997, creditLeft: 32997, exchange: null, asked: 0 }],
      ['shipped', { bought: 1, back: 0, credit: 0, creditLeft: 0, exchange: null, asked: 0 }],
    ]);
    db.$client.close();
  });
});
