import { createClient } from '@libsql/client';
import { mkdtemp, rm } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createDb } from '#worker/db/client.ts';
import { prepareDatabase } from '#worker/db/migrate-node.ts';
import { seedPosts } from '#worker/db/seed/posts.ts';
import { senderKey } from '#worker/routes/contact/sender-key.ts';
import { startPostmarkEmulator, type PostmarkEmulator } from '../support/postmark-emulator';
import { startTursoEmulator, type TursoEmulator } from '../support/turso-emulator';
import { startWorker, WORKER_RATE_LIMIT_SECRET, type TestWorker } from '../support/worker';

/**
 * The built Worker in workerd against a database it can reach: @libsql/client/web talks Turso's
 * HTTP protocol to a loopback emulation backed by a migrated and seeded libSQL file.
 */
let dir: string;
let turso: TursoEmulator;
let postmark: PostmarkEmulator;
let worker: TestWorker;

beforeAll(async () => {
  dir = await mkdtemp(join(tmpdir(), 'shop-edge-db-'));
  const file = join(dir, 'shop.db');
  const setup = createClient({ url: `file:${file}` });
  await prepareDatabase(createDb(setup));
  setup.close();
  [turso, postmark] = await Promise.all([startTursoEmulator(file), startPostmarkEmulator()]);
  worker = await startWorker({
    TURSO_DATABASE_URL: turso.url,
    TURSO_AUTH_TOKEN: turso.token,
    POSTMARK_SERVER_TOKEN: postmark.token,
    POSTMARK_API_URL: postmark.url,
  });
});
afterAll(async () => {
  await worker?.dispose();
  await Promise.all([turso?.close(), postmark?.close()]);
  await rm(dir, { recursive: true, force: true });
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
    expect(digest).toContain(published[0]!.title.replaceAll('&', '&amp;'));
    expect(digest).not.toContain(draft.title);
    const sitemap = await (await worker.get('/sitemap.xml')).text();
    for (const post of published) expect(sitemap).toContain(`<loc>https://shop.example/blog/${post.slug}</loc>`);
    expect(sitemap).not.toContain(draft.slug);
    expect(turso.statements.some((sql) => /from "blog_posts"/i.test(sql))).toBe(true);
  });

  it("renders an article with its products' prices in the request's currency", async () => {
    const post = seedPosts.find((p) => p.slug === 'dry-fire-fundamentals')!;
    const res = await worker.get(`/blog/${post.slug}`, { cf: { country: 'GB' } });
    expect(res.status).toBe(200);
    const html = await res.text();
    expect(html).toMatch(/<h1[^>]*>Dry-Fire Fundamentals/);
    expect(html).toContain('£149.99');
  });

  it('saves a contact message through Turso and e-mails it', async () => {
    const res = await worker.get('/api/contact', {
      method: 'POST',
      headers: { 'Content-Type': 'application/json', 'CF-Connecting-IP': '203.0.113.21' },
      body: JSON.stringify({ name: 'Edge Ada', email: 'edge@example.com', subject: 'Order Status', message: 'Sent from workerd' }),
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
});
