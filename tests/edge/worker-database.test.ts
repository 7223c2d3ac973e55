import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { contentPosts as seedPosts } from '../support/content';
import { senderKey } from '#worker/limits/sender-key.ts';
import { CONTACT_FILL_FIELD } from '#shared/contact/form.ts';
import { readFillToken } from '#worker/contact/fill-token.ts';
import { startPostmarkEmulator, type PostmarkEmulator } from '../support/postmark-emulator';
import { startPreparedTurso, type TursoEmulator } from '../support/turso-emulator';
import { GOOGLEBOT_UA } from '../support/html';
import { fillTokenOfAPerson, startWorker, WORKER_RATE_LIMIT_SECRET, workerFillKey, type TestWorker } from '../support/worker';

/**
 * The built Worker in workerd against a database it can reach: @libsql/client/web talks Turso's
 * HTTP protocol to a loopback emulation backed by a migrated and seeded libSQL file.
 */
let turso: TursoEmulator;
let postmark: PostmarkEmulator;
let worker: TestWorker;

beforeAll(async () => {
  [turso, postmark] = await Promise.all([startPreparedTurso(), startPostmarkEmulator()]);
  worker = await startWorker({
    TURSO_DATABASE_URL: turso.url,
    TURSO_AUTH_TOKEN: turso.token,
    POSTMARK_SERVER_TOKEN: postmark.token,
    POSTMARK_API_URL: postmark.url,
    CONTACT_MIN_FILL_MS: '3000',
  });
});
afterAll(async () => {
  await worker?.dispose();
  await Promise.all([turso?.close(), postmark?.close()]);
});

const published = seedPosts.filter((p) => p.published);
const draft = seedPosts.find((p) => !p.published)!;

describe('the built Worker with a reachable Turso database', () => {
  it('reports the database healthy', async () => {
    const res = await worker.get('/healthz');
    expect(res.status).toBe(200);
    await res.text();
  });

  it('lists the published posts on the digest and in the sitemap, never the draft', async () => {
    const digest = await (await worker.get('/training-gun-digest')).text();
    const newest = published.toSorted((a, b) => b.publishedAt.localeCompare(a.publishedAt))[0]!;
    expect(digest).toContain(newest.title.replaceAll('&', '&amp;'));
    expect(digest).not.toContain(draft.title);
    const sitemap = await (await worker.get('/sitemaps/default.xml')).text();
    for (const post of published) expect(sitemap).toContain(`<loc>https://shop.example/training-gun-digest/${post.slug}</loc>`);
    expect(sitemap).not.toContain(draft.slug);
    expect(turso.statements.some((sql) => /from "blog_posts"/i.test(sql))).toBe(true);
  });

  it("renders an article at its canonical address with its products' prices in the request's currency and related posts", async () => {
    const post = seedPosts.find((p) => p.slug === 'dry-fire-fundamentals')!;
    for (const path of [`/training-gun-digest/${post.slug}`, `/blog/${post.slug}`]) {
      const res = await worker.get(path, { cf: { country: 'GB' }, headers: { 'User-Agent': GOOGLEBOT_UA } });
      expect(res.status, path).toBe(200);
      const html = await res.text();
      expect(html).toMatch(/<h1[^>]*>Dry-Fire Fundamentals/);
      expect(html).toContain('£149.99');
      expect(html).toContain(`<link rel="canonical" href="https://shop.example/training-gun-digest/${post.slug}"/>`);
      // Related posts come from the json_each query, through Turso's protocol.
      expect(html).toContain('RELATED ARTICLES');
      expect(html).toContain('/training-gun-digest/home-dry-fire-range-setup');
    }
  });

  it('searches the guides with FTS5 and pages them through Turso', async () => {
    const res = await worker.get('/api/blog/posts?q=BLUE%20GUN');
    const body = (await res.json()) as { posts: Array<{ slug: string }>; total: number };
    expect(body.posts.map((p) => p.slug)).toEqual(['blue-guns-durability-test', 'blue-guns']);
    expect(body.total).toBe(2);
    expect(turso.statements.some((sql) => /blog_posts_fts match/i.test(sql))).toBe(true);
    const feed = await worker.get('/training-gun-digest/feed.xml');
    expect(feed.headers.get('content-type')).toContain('application/atom+xml');
    expect((await feed.text()).match(/<entry>/g)).toHaveLength(published.length);
  });

  it('saves a contact message through Turso and e-mails it', async () => {
    const token = await fillTokenOfAPerson();
    const res = await worker.get('/api/contact', {
      method: 'POST',
      headers: { 'Content-Type': 'application/json', 'CF-Connecting-IP': '203.0.113.21' },
      body: JSON.stringify({
        name: 'Edge Ada',
        email: 'edge@example.com',
        subject: 'Order Status',
        message: 'Sent from workerd',
        [CONTACT_FILL_FIELD]: token,
      }),
    });
    expect(res.status).toBe(200);
    const body = (await res.json()) as { ok: boolean; id: number; outcome: string };
    expect(body).toMatchObject({ ok: true, outcome: 'success' });
    const { rows } = await turso.db.execute({ sql: 'select * from form_submissions where id = ?', args: [body.id] });
    expect(rows[0]).toMatchObject({
      name: 'Edge Ada',
      message: 'Sent from workerd',
      email_status: 'success',
      sender_key: await senderKey(WORKER_RATE_LIMIT_SECRET, '203.0.113.21'),
    });
    expect(postmark.received.map((m) => m.body.To)).toContain('edge@example.com');
  });

  it('signs the contact page fill time in workerd and drops a message posted at once', async () => {
    const html = await (await worker.get('/contact')).text();
    const token = html.match(new RegExp(`name="${CONTACT_FILL_FIELD}" value="([^"]+)"`))![1]!;
    expect(await readFillToken(await workerFillKey('verify'), token, Date.now())).toMatchObject({ kind: 'valid' });
    const { rows: before } = await turso.db.execute('select count(*) as n from form_submissions');
    const mailed = postmark.received.length;
    const res = await worker.get('/api/contact', {
      method: 'POST',
      headers: { 'Content-Type': 'application/json', 'CF-Connecting-IP': '203.0.113.22' },
      body: JSON.stringify({ name: 'Bot', email: 'bot@example.com', subject: 'Other', message: 'Instant', [CONTACT_FILL_FIELD]: token }),
    });
    expect(await res.json()).toEqual({ ok: true, id: 0, outcome: 'success', formToken: expect.any(String) });
    const { rows: after } = await turso.db.execute('select count(*) as n from form_submissions');
    expect(after[0]!.n).toBe(before[0]!.n);
    expect(postmark.received.length).toBe(mailed);
    expect(worker.logs()).toContain('too fast');
  });
});

describe('the read cache on the edge (Workers Cache API)', () => {
  const article = '/training-gun-digest/app-compatible-pistols';

  it('reads a cold article in one round trip, then serves it from the cache with no database at all', async () => {
    const before = turso.requests();
    const cold = await worker.get(article, { headers: { 'User-Agent': GOOGLEBOT_UA } });
    expect(cold.status).toBe(200);
    await cold.text();
    expect(turso.requests() - before).toBeLessThanOrEqual(1);

    const warm = await worker.get(article, { headers: { 'User-Agent': GOOGLEBOT_UA } });
    expect(warm.headers.get('server-timing')).toMatch(/^db;desc="hit"/);
    await warm.text();

    turso.setOutage('down');
    try {
      const down = await worker.get(article, { headers: { 'User-Agent': GOOGLEBOT_UA } });
      expect(down.status).toBe(200);
      const html = await down.text();
      expect(html).toContain('PRODUCTS FEATURED IN THIS ARTICLE');
      expect(html).toContain('RELATED ARTICLES');
      // Never read, so nothing kept: the spec's fallback (the digest).
      const never = await worker.get('/blog/law-enforcement-training', { redirect: 'manual' });
      expect(never.status).toBe(302);
      await never.text();
    } finally {
      turso.setOutage('up');
    }
  });

  it('answers a product page it never read while the database is down: the last-built catalogue, stock unknown, nothing to pay', async () => {
    turso.setOutage('down');
    try {
      const res = await worker.get('/product/8', { headers: { 'User-Agent': GOOGLEBOT_UA } });
      // 503 with Retry-After: a crawler comes back, a cache with a copy serves it instead (stale-if-error).
      expect(res.status).toBe(503);
      expect(res.headers.get('retry-after')).toBe('30');
      const html = await res.text();
      expect(html).toContain('Compact Carry Laser Trainer');
      expect(html).toContain('Stock unknown');
      expect(html).toContain('Unavailable right now');
      expect(html).not.toContain('data-buy-now');
      expect(html).not.toContain('data-add-to-cart');
    } finally {
      turso.setOutage('up');
    }
  });
});
