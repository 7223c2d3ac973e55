// `npm run bench:review-invites`: what one scheduled run's review invitations cost as shipped orders pile
// up, every one invited already (the common case: the run finds nothing to do). A migrated libSQL file
// with N orders shipped over DAYS days (defaults: 30,000 over 60 days, about 500 a day), the run timed
// three times. Figures go into docs/performance.md, never into tests.
import { createClient } from '@libsql/client';
import { mkdtemp, rm } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { sql } from 'drizzle-orm';
import { it } from 'vitest';
import { createDb } from '#worker/db/client.ts';
import { inviteReviews } from '#worker/reviews/review-invites.ts';
import { migrateDatabase } from '#worker/runtimes/migrate-node.ts';

const DAY_MS = 86_400_000;

it('times a run of review invitations over many shipped orders', async () => {
  const dir = await mkdtemp(join(tmpdir(), 'bench-invites-'));
  const db = createDb(createClient({ url: `file:${join(dir, 'shop.db')}` }));
  await migrateDatabase(db);
  const n = Number(process.env.N ?? 30_000);
  const days = Number(process.env.DAYS ?? 60);
  const now = Date.now();
  for (let start = 0; start < n; start += 1000) {
    const rows = Array.from({ length: Math.min(1000, n - start) }, (_, k) => start + k).flatMap((i) => {
      const at = new Date(now - (i / n) * days * DAY_MS).toISOString();
      // Expected five business days or so after it left.
      const expected = new Date(Date.parse(at) + 7 * DAY_MS).toISOString();
      return [
        db.run(sql`insert into orders (id, session_id, number, status, fulfilment, currency, subtotal, shipping, total, token, email, created_at)
          values (${i + 1}, ${`cs_${i}`}, ${`SP-${i}`}, 'paid', 'shipped', 'GBP', 100, 0, 100, ${`t${i}`}, ${`a${i}@example.com`}, ${at})`),
        db.run(
          sql`insert into order_events (order_id, step, status, detail, at) values (${i + 1}, 'shipped', 'shipped', ${JSON.stringify({ expected })}, ${at})`,
        ),
        db.run(sql`insert into order_events (order_id, step, status, at) values (${i + 1}, 'review_invite', 'review_invited', ${at})`),
      ];
    });
    await db.batch(rows as never);
  }
  const deps = { db, log: () => {}, settings: { RATE_LIMIT_SECRET: 'x'.repeat(32) } } as never;
  for (let run = 0; run < 3; run++) {
    const started = performance.now();
    const invited = await inviteReviews(deps, 10);
    console.log(`${n} orders over ${days} days, run ${run + 1}: ${invited} invited in ${(performance.now() - started).toFixed(1)} ms`);
  }
  db.$client.close();
  await rm(dir, { recursive: true, force: true });
}, 600_000);
