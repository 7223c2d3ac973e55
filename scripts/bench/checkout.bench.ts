// `npm run bench:checkout`: a cart's Checkout as the Worker answers it (local workerd) with its units
// held first, the database reached through the Turso HTTP emulation with an added round trip (0 and
// 150 ms) and Stripe through its emulation. Prints the time of POST /cart/checkout (p50/p99) one
// shopper at a time and 20 at once, on the seed data and again with 1,000x its stock history (100,000
// moves, 10,000 lapsed and 1,000 live holds of other products): the hold reads neither.
// Figures go into docs/performance.md, never into tests: they move with the machine's load.
import { loadavg } from 'node:os';
import { it } from 'vitest';
import { startStripeEmulator } from '../../tests/support/stripe-emulator';
import { startPreparedTurso, type TursoEmulator } from '../../tests/support/turso-emulator';
import { startWorker, type TestWorker } from '../../tests/support/worker';

const SEQUENTIAL = 30;
const AT_ONCE = 20;
const pct = (xs: number[], p: number) => xs.toSorted((a, b) => a - b)[Math.min(xs.length - 1, Math.floor((p / 100) * xs.length))]!;
const fmt = (xs: number[]) => `${pct(xs, 50).toFixed(0)} / ${pct(xs, 99).toFixed(0)}`;

async function checkout(worker: TestWorker, productId: number): Promise<{ ms: number; status: number }> {
  const started = performance.now();
  const res = await worker.get('/cart/checkout', {
    method: 'POST',
    headers: {
      'Content-Type': 'application/x-www-form-urlencoded',
      Origin: 'https://shop.example',
      Accept: 'application/json',
      Cookie: `cart=${encodeURIComponent(`${productId}:1`)}`,
    },
    body: new URLSearchParams({ attempt: crypto.randomUUID() }).toString(),
  });
  await res.text();
  return { ms: performance.now() - started, status: res.status };
}

async function grow(turso: TursoEmulator) {
  const now = Math.floor(Date.now() / 1000);
  for (let batch = 0; batch < 100; batch++) {
    const values = Array.from({ length: 1000 }, (_, i) => `(${(i % 14) + 2}, -1, 'sale', 'SP-BENCH')`).join(',');
    await turso.db.execute(`insert into stock_moves (product_id, change, reason, order_number) values ${values}`);
  }
  for (let batch = 0; batch < 11; batch++) {
    const live = batch === 10;
    const values = Array.from(
      { length: 1000 },
      (_, i) => `('bench-${batch}-${i}', ${(i % 14) + 2}, 1, ${live ? now + 3600 : now - 3600 - i})`,
    ).join(',');
    await turso.db.execute(`insert into stock_reservations (reservation, product_id, quantity, expires_at) values ${values}`);
  }
}

it('bench:checkout', async () => {
  const [turso, stripe] = await Promise.all([startPreparedTurso(), startStripeEmulator()]);
  // Enough of product 1 for every checkout below.
  await turso.db.execute(`update stock set on_hand = 100000 where product_id = 1`);
  const worker = await startWorker({ TURSO_DATABASE_URL: turso.url, TURSO_AUTH_TOKEN: turso.token, ...stripe.env, DB_TIMEOUT_MS: '5000' });
  console.log(
    `bench:checkout ${new Date().toISOString()} load average ${loadavg()
      .map((l) => l.toFixed(2))
      .join(' ')}`,
  );
  console.log('POST /cart/checkout in the built Worker, ms p50 / p99 (hold + Stripe session)');
  console.log('data\tround trip\tone at a time\t20 at once\tstatuses');
  try {
    for (const data of ['seed', '1000x']) {
      if (data === '1000x') await grow(turso);
      for (const rtt of [0, 150]) {
        turso.setDelay(rtt);
        await checkout(worker, 1); // warm the isolate and the connection
        const one: number[] = [];
        for (let i = 0; i < SEQUENTIAL; i++) one.push((await checkout(worker, 1)).ms);
        const burst = await Promise.all(Array.from({ length: AT_ONCE }, () => checkout(worker, 1)));
        const statuses = [...new Set(burst.map((b) => b.status))].join(',');
        console.log(`${data}\t${rtt} ms\t${fmt(one)}\t${fmt(burst.map((b) => b.ms))}\t${statuses}`);
      }
    }
  } finally {
    await worker.dispose();
    await Promise.all([turso.close(), stripe.close()]);
  }
}, 600_000);
