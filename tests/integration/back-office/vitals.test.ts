import { sql } from 'drizzle-orm';
import { afterAll, beforeAll, beforeEach, describe, expect, it } from 'vitest';
import { webVitals } from '#worker/vitals/vitals-tables.ts';
import { runScheduledJobs } from '#worker/jobs/scheduled-jobs.ts';
import { slowestInp, vitalsP75 } from '#worker/vitals/vitals-queries.ts';
import { formatVitalsReport } from '#worker/cli/vitals-report.ts';
import { startTestApp, type TestApp } from '../../support/test-app';

/** POST /vitals over HTTP into the real libSQL file, and the queries `npm run vitals` prints. */
let t: TestApp;

/** A batch as Chromium's beacon sent it (recorded from tests/e2e/site/vitals.test.ts on /gb/product/2). */
const RECORDED = {
  pageType: '/product/:id',
  market: 'gb',
  device: 'phone',
  entries: [
    { metric: 'TTFB', value: 20.9 },
    { metric: 'FCP', value: 176 },
    { metric: 'LCP', value: 176, target: 'div.relative>img.h-full.object-contain.w-full' },
    { metric: 'INP', value: 24, target: 'div.flex.flex-col.gap-5>h1.font-bold.sm:text-4xl.text-3xl.tracking-tight' },
    { metric: 'CLS', value: 0 },
  ],
};

const post = (body: string | object, headers: Record<string, string> = {}) =>
  fetch(`${t.url}/vitals`, {
    method: 'POST',
    headers: { 'Content-Type': 'application/json', ...headers },
    body: typeof body === 'string' ? body : JSON.stringify(body),
  });
const rows = () => t.deps.db.select().from(webVitals);
const stored = async (n: number) => {
  for (let i = 0; i < 50 && (await rows()).length < n; i++) await new Promise((r) => setTimeout(r, 20));
  return rows();
};

beforeAll(async () => {
  t = await startTestApp({ env: { VITALS_RATE_LIMIT: '5' } });
});
afterAll(() => t.close());
beforeEach(async () => {
  await t.deps.db.delete(webVitals);
});

describe('POST /vitals', () => {
  it('stores a real batch: one row per metric, rated on the server, with nothing about the sender', async () => {
    const res = await post(RECORDED, { 'X-Forwarded-For': '203.0.113.9', 'User-Agent': 'Mozilla/5.0 (Linux; Android 14)' });
    expect(res.status).toBe(204);
    const kept = await stored(5);
    expect(kept.map((r) => [r.metric, r.value, r.rating, r.target])).toEqual([
      ['TTFB', 20.9, 'good', null],
      ['FCP', 176, 'good', null],
      ['LCP', 176, 'good', RECORDED.entries[2]!.target],
      ['INP', 24, 'good', RECORDED.entries[3]!.target],
      ['CLS', 0, 'good', null],
    ]);
    expect(kept.every((r) => r.pageType === '/product/:id' && r.market === 'gb' && r.device === 'phone')).toBe(true);
    expect(JSON.stringify(kept)).not.toMatch(/203\.0\.113|Android|127\.0\.0\.1/);
  });

  it('refuses a bad report whole (400, 413) and stores nothing', async () => {
    const entries = RECORDED.entries;
    const bad: Array<[string, string | object, number]> = [
      ['not JSON', '{"pageType":', 400],
      ['unknown metric', { ...RECORDED, entries: [{ metric: 'FID', value: 10 }] }, 400],
      ['value out of range', { ...RECORDED, entries: [{ metric: 'INP', value: 600_000 }] }, 400],
      ['negative value', { ...RECORDED, entries: [{ metric: 'LCP', value: -1 }] }, 400],
      ['more than 10 entries', { ...RECORDED, entries: [...entries, ...entries, entries[0]!] }, 400],
      ['no entries', { ...RECORDED, entries: [] }, 400],
      ['a URL for a page type', { ...RECORDED, pageType: '/product/1?token=x' }, 400],
      ['an extra field', { ...RECORDED, ip: '1.2.3.4' }, 400],
      ['a long target', { ...RECORDED, entries: [{ metric: 'LCP', value: 1, target: 'x'.repeat(101) }] }, 400],
      [
        'a target with terminal escapes',
        { ...RECORDED, entries: [{ metric: 'LCP', value: 1, target: '\u001b]0;owned\u0007\u001b[2J' }] },
        400,
      ],
      ['a metric repeated (ten LCPs would be ten views)', { ...RECORDED, entries: Array.from({ length: 10 }, () => entries[2]!) }, 400],
      ['over 4 KB', { ...RECORDED, pad: 'x'.repeat(5000) }, 413],
    ];
    for (const [what, body, status] of bad) {
      const res = await post(body);
      expect(res.status, what).toBe(status);
    }
    expect(await stored(0)).toEqual([]);
  });

  it('takes VITALS_RATE_LIMIT reports a minute from one address, then 429', async () => {
    const other = await startTestApp({ env: { VITALS_RATE_LIMIT: '3' } });
    try {
      const statuses = [];
      for (let i = 0; i < 5; i++)
        statuses.push(
          (
            await fetch(`${other.url}/vitals`, {
              method: 'POST',
              headers: { 'Content-Type': 'application/json' },
              body: JSON.stringify(RECORDED),
            })
          ).status,
        );
      expect(statuses).toEqual([204, 204, 204, 429, 429]);
      const refused = await fetch(`${other.url}/vitals`, {
        method: 'POST',
        headers: { 'Content-Type': 'application/json' },
        body: JSON.stringify(RECORDED),
      });
      expect(refused.status).toBe(429);
      expect(Number(refused.headers.get('retry-after'))).toBeGreaterThan(0);
    } finally {
      await other.close();
    }
  });
});

describe('npm run vitals', () => {
  it('prints the p75 (nearest rank) per page type and market, and the slowest interactions', async () => {
    // INP on /products (gb): 8 views whose p75 is the 6th smallest, 300 ms.
    const inp = [40, 90, 120, 150, 210, 300, 450, 900];
    const lcp = [1200, 1800, 2400, 2600, 3000, 4100, 5000, 900];
    await t.deps.db.insert(webVitals).values([
      ...inp.map((value, i) => ({
        pageType: '/products',
        market: 'gb',
        device: 'phone',
        metric: 'INP' as const,
        value,
        rating: 'x',
        target: `button.n${i}`,
      })),
      ...lcp.map((value) => ({ pageType: '/products', market: 'gb', device: 'phone', metric: 'LCP' as const, value, rating: 'x' })),
      { pageType: '/', market: null, device: 'desktop', metric: 'CLS' as const, value: 0.3, rating: 'x' },
    ]);
    const since = new Date(Date.now() - 86_400_000).toISOString();
    const p75 = await vitalsP75(t.deps.db, since);
    expect(p75).toEqual([
      { pageType: '/', market: null, metric: 'CLS', count: 1, p75: 0.3 },
      { pageType: '/products', market: 'gb', metric: 'INP', count: 8, p75: 300 },
      { pageType: '/products', market: 'gb', metric: 'LCP', count: 8, p75: 3000 },
    ]);
    const report = formatVitalsReport(p75, await slowestInp(t.deps.db, since));
    expect(report.split('\n')).toEqual([
      '/ -  n=1  LCP -  INP -  CLS 0.30 (poor)  TTFB -',
      '/products gb  n=8  LCP 3000 ms (needs improvement)  INP 300 ms (needs improvement)  CLS -  TTFB -',
      'Slowest interactions (INP):',
      '  900 ms  /products  button.n7',
      '  450 ms  /products  button.n6',
      '  300 ms  /products  button.n5',
      '  210 ms  /products  button.n4',
      '  150 ms  /products  button.n3',
    ]);
  });

  it('keeps VITALS_KEEP_DAYS of rows: the scheduled job deletes older ones', async () => {
    const old = new Date(Date.now() - 31 * 86_400_000).toISOString();
    await t.deps.db.insert(webVitals).values([
      { pageType: '/', market: null, device: 'phone', metric: 'LCP', value: 1, rating: 'good', createdAt: old },
      { pageType: '/', market: null, device: 'phone', metric: 'LCP', value: 2, rating: 'good' },
    ]);
    await runScheduledJobs(t.deps);
    expect((await rows()).map((r) => r.value)).toEqual([2]);
    expect((await t.deps.db.select({ n: sql<number>`count(*)` }).from(webVitals))[0]!.n).toBe(1);
  });
});
