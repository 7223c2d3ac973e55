// `npm run bench:agents`: what the shopping agents' reads and writes cost as their tables grow. A libSQL
// file with the seed, then agent checkouts (each with an order event owed and an Idempotency-Key kept)
// at 1,000 (a busy day), 10x and 1,000x: each read's time (p50 / p99 over 200 runs) and SQLite's plan,
// and what the trigger adds to writing an order's step. Figures go into docs/performance.md, never into tests.
import { createClient } from '@libsql/client';
import { and, eq, sql } from 'drizzle-orm';
import { mkdtemp, rm } from 'node:fs/promises';
import { loadavg, tmpdir } from 'node:os';
import { join } from 'node:path';
import { it } from 'vitest';
import { timeRead } from './read-timing.ts';
import { agentCheckouts, agentOrderEvents, agentRequests } from '#worker/agents/agent-tables.ts';
import { agentsOfOrders, endedWithSomething } from '#worker/agents/agent-orders.ts';
import { createDb, type Db } from '#worker/db/client.ts';
import { migrateDatabase } from '#worker/runtimes/migrate-node.ts';
import { syncContent } from '#worker/content-sync/content-sync.ts';
import { orderEvents, orders } from '#worker/orders/order-tables.ts';

const RUNS = 200;
const NOW = 1_800_000_000;

/** Agent checkouts up to `total`: every tenth completed with an order (its steps owe events), the rest ended; a kept key each. */
async function growTo(db: Db, total: number) {
  const client = db.$client;
  const [{ n }] = (await client.execute('select count(*) as n from agent_checkouts')).rows as unknown as [{ n: number }];
  for (let from = Number(n); from < total; from += 1000) {
    const ids = Array.from({ length: Math.min(1000, total - from) }, (_, i) => from + i);
    await client.batch(
      [
        `insert into orders (session_id, number, status, currency, subtotal, shipping, total, token)
          select 'cs_bench_' || value, 'SP-B' || printf('%07d', value), 'paid', 'GBP', 29998, 0, 29998, 't' from json_each('${JSON.stringify(ids.filter((i) => i % 10 === 0))}')`,
        `insert into agent_checkouts (id, agent, status, region, lines, option, short, order_number, expires_at)
          select 'chk_bench_' || value, 'agent-' || (value % 3), case when value % 10 = 0 then 'completed' else 'canceled' end, 'UK',
            '[{"id":"li_1","itemId":"1","productId":1,"quantity":2}]', 'standard', '[]',
            case when value % 10 = 0 then 'SP-B' || printf('%07d', value) end, ${NOW - 3600} from json_each('${JSON.stringify(ids)}')`,
        `insert into agent_order_events (order_number, agent, next_at, sent_at)
          select 'SP-B' || printf('%07d', value), 'agent-' || (value % 3), ${NOW - 3600}, '2026-12-01T00:00:00Z' from json_each('${JSON.stringify(ids.filter((i) => i % 10 === 0))}')`,
        `insert into agent_requests (agent, key, fingerprint, status, body, at)
          select 'agent-' || (value % 3), 'key-' || value, 'f', 201, '{}', ${NOW - 60} from json_each('${JSON.stringify(ids)}')`,
      ],
      'write',
    );
  }
}

it('bench:agents', async () => {
  const dir = await mkdtemp(join(tmpdir(), 'shop-agents-bench-'));
  const db = createDb(createClient({ url: `file:${join(dir, 'shop.db')}` }));
  try {
    await migrateDatabase(db);
    await syncContent(db);
    console.log(
      `bench:agents ${new Date().toISOString()} load average ${loadavg()
        .map((l) => l.toFixed(2))
        .join(' ')}`,
    );
    const [{ id: visitorOrder }] = (
      await db.$client.execute(
        "insert into orders (session_id, number, status, currency, subtotal, shipping, total, token) values ('cs_visitor', 'SP-VISI-TORS', 'paid', 'GBP', 100, 0, 100, 't') returning id",
      )
    ).rows as unknown as [{ id: number }];
    const numbers = Array.from({ length: 25 }, (_, i) => `SP-B${String(i * 10).padStart(7, '0')}`);
    const reads = {
      'a session (id + agent)': () =>
        db
          .select()
          .from(agentCheckouts)
          .where(and(eq(agentCheckouts.id, 'chk_bench_500'), eq(agentCheckouts.agent, 'agent-2')))
          .limit(1),
      'an order’s agent (read)': () =>
        db
          .select({ id: agentCheckouts.id })
          .from(agentCheckouts)
          .where(and(eq(agentCheckouts.orderNumber, 'SP-B0000500'), eq(agentCheckouts.agent, 'agent-2')))
          .limit(1),
      'orders page’s agents (25)': () => agentsOfOrders(db, numbers),
      'ended sessions (job)': () => db.select({ id: agentCheckouts.id }).from(agentCheckouts).where(endedWithSomething(NOW)).limit(100),
      'order events due (job)': () =>
        db
          .select()
          .from(agentOrderEvents)
          .where(sql`${agentOrderEvents.sentAt} is null and ${agentOrderEvents.nextAt} <= ${NOW}`)
          .limit(20),
      'an Idempotency-Key': () =>
        db
          .select()
          .from(agentRequests)
          .where(and(eq(agentRequests.agent, 'agent-1'), eq(agentRequests.key, 'key-499')))
          .limit(1),
    };
    for (const [label, total] of [
      ['1k', 1000],
      ['10x', 10_000],
      ['1000x', 1_000_000],
    ] as const) {
      await growTo(db, total);
      for (const [name, read] of Object.entries(reads))
        console.log(`${label.padEnd(5)} ${name.padEnd(28)} ${await timeRead(read as () => Promise<unknown>, RUNS)}`);
      // A step written on an agent's order and on a visitor's: the trigger's cost is the difference.
      const [agentOrder] = await db.select({ id: orders.id }).from(orders).where(eq(orders.number, 'SP-B0000010'));
      let step = 0;
      const write = (orderId: number) => () =>
        db.insert(orderEvents).values({ orderId, step: `bench-${label}-${step++}`, status: 'delivered' });
      console.log(`${label.padEnd(5)} ${'a step, an agent’s order'.padEnd(28)} ${await timeRead(write(agentOrder!.id), RUNS)}`);
      console.log(`${label.padEnd(5)} ${'a step, a visitor’s order'.padEnd(28)} ${await timeRead(write(visitorOrder), RUNS)}`);
    }
    for (const [name, read] of Object.entries(reads)) {
      const { sql: text, params } = (read() as unknown as { toSQL(): { sql: string; params: unknown[] } }).toSQL?.() ?? {
        sql: '',
        params: [],
      };
      if (!text) continue;
      const plan = await db.$client.execute({ sql: `explain query plan ${text}`, args: params as never[] });
      console.log(`plan ${name}: ${plan.rows.map((r) => r.detail).join(' | ')}`);
    }
    const trigger = await db.$client.execute(
      'explain query plan select c.order_number from agent_checkouts c join orders o on o.number = c.order_number where o.id = 10',
    );
    console.log(`plan trigger: ${trigger.rows.map((r) => r.detail).join(' | ')}`);
  } finally {
    db.$client.close();
    await rm(dir, { recursive: true, force: true });
  }
}, 900_000);
