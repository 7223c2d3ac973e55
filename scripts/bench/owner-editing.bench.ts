// `npm run bench:owner-editing`: what the owner's catalogue and posts cost (issue 79). A phone's photo (12
// megapixels, JPEG) checked and sized on Node (sharp), as an upload is; then the back office's post reads and an
// edit at the seed's posts, 10x and 1,000x (with 10 changes kept per post): each read's time (p50 / p99) and
// SQLite's plan. Figures go into docs/performance.md, never into tests.
import { createClient } from '@libsql/client';
import { mkdtemp, rm } from 'node:fs/promises';
import { loadavg, tmpdir } from 'node:os';
import { join } from 'node:path';
import sharp from 'sharp';
import { it } from 'vitest';
import { noChangeFeed } from '#worker/base/change-feed-contract.ts';
import { syncContent } from '#worker/content-sync/content-sync.ts';
import { createDb } from '#worker/db/client.ts';
import { folderPhotos } from '#worker/photos/folder-photos.ts';
import { checkedPhoto, storePhoto } from '#worker/photos/photo-uploads.ts';
import { editPost, listPostsForEditing, postForEditing } from '#worker/post-editing/post-edits.ts';
import { postPreview } from '#worker/posts/post-queries.ts';
import { migrateDatabase } from '#worker/runtimes/migrate-node.ts';
import { postChanges } from '#worker/post-editing/post-change-tables.ts';
import { desc, eq } from 'drizzle-orm';
import { timeRead } from './read-timing.ts';

const RUNS = 100;

/** A 4032 × 3024 photo of noise (a camera's detail: it does not compress to nothing), as a phone's JPEG. */
async function phonePhoto() {
  const [width, height] = [4032, 3024];
  const pixels = Buffer.alloc(width * height * 3);
  // xorshift32: noise that no size averages away to one colour.
  let x = 2463534242;
  for (let i = 0; i < pixels.length; i++) {
    x ^= x << 13;
    x ^= x >>> 17;
    x ^= x << 5;
    pixels[i] = x & 0xff;
  }
  return sharp(pixels, { raw: { width, height, channels: 3 } })
    .jpeg({ quality: 85 })
    .toBuffer();
}

it('bench:owner-editing', async () => {
  const dir = await mkdtemp(join(tmpdir(), 'shop-owner-bench-'));
  const db = createDb(createClient({ url: `file:${join(dir, 'shop.db')}` }));
  try {
    console.log(
      `bench:owner-editing ${new Date().toISOString()} load average ${loadavg()
        .map((l) => l.toFixed(2))
        .join(' ')}`,
    );
    const photos = folderPhotos(join(dir, 'photos'));
    const bytes = await phonePhoto();
    for (let run = 0; run < 3; run++) {
      const file = new File([new Uint8Array(bytes)], `IMG_${run}.JPG`);
      const started = performance.now();
      const checked = await checkedPhoto(file, 'photo', run === 0 ? 'square' : run === 1 ? 'card' : 'wide');
      const checkedMs = performance.now() - started;
      await storePhoto(photos, checked);
      const sizes = await Promise.all([400, 800, 1600].map(async (w) => (await photos.store.get(`${checked.key}-${w}.webp`))!.size));
      console.log(
        `photo ${checked.shape.padEnd(6)} ${(bytes.length / 1024 / 1024).toFixed(1)} MB: checked ${checkedMs.toFixed(0)} ms, stored with its sizes ${(performance.now() - started).toFixed(0)} ms; WebP ${sizes.map((s) => `${(s / 1024).toFixed(0)} KB`).join(' / ')}`,
      );
    }

    await migrateDatabase(db);
    await syncContent(db);
    const deps = { db, changes: noChangeFeed, contentChanged: async () => {} };
    const [{ n: seed }] = (await db.$client.execute('select count(*) as n from blog_posts')).rows as unknown as [{ n: number }];
    for (const [label, total] of [
      ['seed', Number(seed)],
      ['10x', Number(seed) * 10],
      ['1000x', Number(seed) * 1000],
    ] as const) {
      await db.$client.batch(
        [
          `with recursive k(i) as (select (select count(*) from blog_posts) + 1 union all select i + 1 from k where i < ${total})
           insert into blog_posts (title, slug, excerpt, published_at, tags, published, content, markdown, edited_by, edited_at)
           select 'Post ' || i, 'bench-post-' || i, 'An excerpt.', strftime('%Y-%m-%dT%H:%M:%fZ', 'now', '-' || i || ' hours'),
             '["Fundamentals"]', i % 5 != 0, '<p>Body.</p>', 'Body.', 'owner@example.com', strftime('%Y-%m-%dT%H:%M:%fZ', 'now')
           from k`,
          `insert into post_changes (post_id, by, before, after)
           select p.id, 'owner@example.com', '{"excerpt":"Old."}', '{"excerpt":"An excerpt."}'
           from blog_posts p, (select 1 union all select 2 union all select 3 union all select 4 union all select 5
             union all select 6 union all select 7 union all select 8 union all select 9 union all select 10)
           where p.slug like 'bench-post-%' and p.id not in (select post_id from post_changes)`,
        ],
        'write',
      );
      const [{ id }] = (await db.$client.execute(`select id from blog_posts order by id limit 1 offset ${Math.floor(total / 2)}`))
        .rows as unknown as [{ id: number }];
      const [{ slug: draft }] = (await db.$client.execute('select slug from blog_posts where published = 0 order by id desc limit 1'))
        .rows as unknown as [{ slug: string }];
      const reads = {
        'the posts list (500)': () => listPostsForEditing(db),
        'a post’s page (+20 changes)': () => postForEditing(db, Number(id)),
        'a draft’s preview': () => postPreview(db, draft),
      };
      for (const [name, read] of Object.entries(reads)) console.log(`${label.padEnd(5)} ${name.padEnd(30)} ${await timeRead(read, RUNS)}`);
      let edits = 0;
      const edit = async () => {
        const { row, form } = await postForEditing(db, Number(id));
        return editPost(deps, Number(id), { ...form, excerpt: `Edit ${edits++}.` }, row.version, 'owner@example.com');
      };
      console.log(`${label.padEnd(5)} ${'an edit saved (read, check, write)'.padEnd(30)} ${await timeRead(edit, 20)}`);
    }
    const changesOf = db.select().from(postChanges).where(eq(postChanges.postId, 1)).orderBy(desc(postChanges.id)).limit(20);
    for (const [name, query] of [
      ['the posts list', listPostsForEditing(db).toSQL()],
      ['a post’s changes', changesOf.toSQL()],
    ] as const) {
      const plan = await db.$client.execute({ sql: `explain query plan ${query.sql}`, args: query.params as never[] });
      console.log(`plan ${name}: ${plan.rows.map((r) => r.detail).join(' | ')}`);
    }
  } finally {
    db.$client.close();
    await rm(dir, { recursive: true, force: true });
  }
}, 900_000);
