import { mkdtemp, cp, readFile, rm } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { openSession } from '#worker/admin/admin-sessions.ts';
import { exportPosts } from '#worker/content-sync/content-export.ts';
import { syncContent } from '#worker/content-sync/content-sync.ts';
import { runScheduledJobs } from '#worker/jobs/scheduled-jobs.ts';
import { newsletterPosts, newsletterSends, subscribers } from '#worker/newsletter/newsletter-tables.ts';
import { blogPosts } from '#worker/posts/post-tables.ts';
import { formToken, textOf } from '../../support/html';
import { shopper } from '../../support/shopper';
import { startTestApp, type TestApp } from '../../support/test-app';

/**
 * The Digest from the back office (issue 79, posts): a draft is not public, the signed-in owner reads it
 * at its own address (Markdown rendered, HTML made safe); publishing shows it on its page and the
 * Digest within a second through the kept pages; a scheduled post comes out on its minute and is mailed
 * once; an edit opened before another's is refused; content:sync leaves the owner's post and names it.
 */
const OWNER = 'owner@example.com';
let app: TestApp;
const office = async (who = OWNER) => shopper(app, { Cookie: `__Host-admin=${await openSession(app.deps.db, who)}` });
const visitor = () => shopper(app);

/** A post's form as a browser sends it: the page's fields, with changes. */
async function formOf(page: string, changes: Record<string, string>) {
  const form = page.slice(page.indexOf('data-post-form'), page.indexOf('</form>', page.indexOf('data-post-form')));
  const fields: Record<string, string> = {};
  for (const m of form.matchAll(/<input[^>]*name="([^"]+)"[^>]*>/g))
    if (!/type="file"/.test(m[0]))
      fields[m[1]!] = (/value="([^"]*)"/.exec(m[0])?.[1] ?? '').replaceAll('&amp;', '&').replaceAll('&quot;', '"');
  for (const m of form.matchAll(/<textarea[^>]*name="([^"]+)"[^>]*>([\s\S]*?)<\/textarea>/g))
    fields[m[1]!] = m[2]!
      .replaceAll('&lt;', '<')
      .replaceAll('&gt;', '>')
      .replaceAll('&quot;', '"')
      .replaceAll('&#x27;', "'")
      .replaceAll('&amp;', '&');
  for (const m of form.matchAll(/<select[^>]*name="([^"]+)"[\s\S]*?<\/select>/g))
    fields[m[1]!] = /<option[^>]*value="([^"]*)"[^>]*selected/.exec(m[0])?.[1] ?? '';
  const body = new FormData();
  for (const [key, value] of Object.entries({ ...fields, form_token: formToken(), ...changes })) body.set(key, value);
  return body;
}

const newPost = (changes: Record<string, string>) => {
  const body = new FormData();
  const fields = {
    form_token: formToken(),
    title: 'Five Minutes of Dry Fire',
    category: 'Fundamentals',
    tags: 'dry fire, routine',
    excerpt: 'A short routine for every day.',
    body: '## The routine\n\nPress **slowly**, five times.\n\n<script>alert("x")</script>\n\n<img src="/x.png" onerror="alert(1)">',
    related_products: '1',
    published: 'false',
    published_at: '',
    ...changes,
  };
  for (const [key, value] of Object.entries(fields)) body.set(key, value);
  return body;
};

/** An article's body as shown (white space between tags aside: a body given as HTML loses only its last line break). */
const article = (html: string) =>
  html.slice(html.indexOf('class="article-body'), html.indexOf('<aside', html.indexOf('class="article-body'))).replace(/>\s+</g, '><');

const idFrom = (res: Response) => Number(/\/admin\/posts\/(\d+)/.exec(res.headers.get('location') ?? '')?.[1]);

beforeAll(async () => {
  // Served through the kept pages as npm start serves: publishing must reach them.
  app = await startTestApp({ env: { ADMIN_EMAILS: `${OWNER},colleague@example.com`, SITE_URL: 'https://shop.example' }, pageCache: true });
});
afterAll(() => app.close());

describe('posts in the back office', () => {
  it('lists every post with where it stands, a page to edit each and one to write one', async () => {
    const o = await office();
    const list = await o.get('/admin/posts');
    expect(list.res.status).toBe(200);
    const rows = await app.deps.db.select({ id: blogPosts.id, published: blogPosts.published }).from(blogPosts);
    for (const { id } of rows) expect(list.html).toContain(`href="/admin/posts/${id}"`);
    expect(textOf(list.html)).toMatch(/Draft/);
    expect(list.html).toContain('href="/admin/posts/new"');
    const page = await o.get(`/admin/posts/${rows[0]!.id}`);
    for (const name of [
      'title',
      'slug',
      'excerpt',
      'body',
      'category',
      'tags',
      'photo',
      'featured_image',
      'related_products',
      'published',
      'published_at',
    ])
      expect(page.html).toContain(`name="${name}"`);
    expect((await visitor().get('/admin/posts')).res.status).not.toBe(200);
  });

  it('keeps a draft off the shop, shows it to the signed-in owner at its address made safe, and publishes it within a second', async () => {
    const o = await office();
    const saved = await o.post('/admin/posts/new', newPost({}));
    expect(saved.res.status, textOf(saved.body).slice(0, 300)).toBe(303);
    const id = idFrom(saved.res);
    const address = '/training-gun-digest/five-minutes-of-dry-fire';

    const outsider = await visitor().get(address);
    expect(outsider.res.status).toBe(404);
    expect(textOf((await visitor().get('/training-gun-digest')).html)).not.toContain('Five Minutes of Dry Fire');

    const preview = await o.get(address);
    expect(preview.res.status).toBe(200);
    expect(preview.res.headers.get('cache-control')).toMatch(/private|no-store/);
    expect(preview.res.headers.get('x-robots-tag')).toBe('noindex');
    expect(textOf(preview.html)).toContain('Preview: a draft');
    expect(preview.html).toMatch(/<h2[^>]*>The routine<\/h2>/);
    expect(preview.html).toContain('<strong>slowly</strong>');
    expect(preview.html).not.toContain('alert("x")');
    expect(preview.html).not.toContain('onerror');
    // Someone with a stale or forged session cookie gets the public answer, not the draft.
    expect((await shopper(app, { Cookie: '__Host-admin=forged' }).get(address)).res.status).toBe(404);

    const page = (await o.get(`/admin/posts/${id}`)).html;
    const published = await o.post(`/admin/posts/${id}`, await formOf(page, { published: 'true', published_at: '' }));
    expect(published.res.status, textOf(published.body).slice(0, 300)).toBe(303);
    const started = Date.now();
    const shown = await visitor().get(address);
    const digest = await visitor().get('/training-gun-digest');
    expect(Date.now() - started).toBeLessThan(1000);
    expect(shown.res.status).toBe(200);
    expect(textOf(shown.html)).not.toContain('Preview');
    expect(textOf(digest.html)).toContain('Five Minutes of Dry Fire');
    const history = textOf((await o.get(`/admin/posts/${id}`)).html);
    expect(history).toMatch(/owner@example\.com\s*published_at "[^"]+" → "[^"]+"\s*published false → true/);
  });

  it('brings a scheduled post out on its minute, its Digest mail queued once', async () => {
    await app.deps.db.insert(subscribers).values({
      emailKey: 'key-reader',
      email: 'reader@example.com',
      token: 'reader-token',
      consent: { text: 'yes', page: '/', network: 'test' },
      confirmedAt: new Date().toISOString(),
    });
    const o = await office();
    const at = new Date(Date.now() + 60_000);
    const saved = await o.post(
      '/admin/posts/new',
      newPost({ title: 'Scheduled Drill', published: 'true', published_at: at.toISOString() }),
    );
    expect(saved.res.status, textOf(saved.body).slice(0, 300)).toBe(303);
    const id = idFrom(saved.res);
    expect(textOf((await o.get('/admin/posts')).html)).toMatch(/Scheduled Drill\s*Scheduled for/);
    expect((await visitor().get('/training-gun-digest/scheduled-drill')).res.status).toBe(404);
    await runScheduledJobs(app.deps, new Date(at.getTime() - 1000));
    expect(await app.deps.db.select().from(newsletterPosts).where(eq(newsletterPosts.postId, id))).toEqual([]);
    // Its minute comes: the job announces it and queues its mail; a second run queues nothing more.
    await runScheduledJobs(app.deps, new Date(at.getTime() + 1000));
    await runScheduledJobs(app.deps, new Date(at.getTime() + 61_000));
    const sends = await app.deps.db.select().from(newsletterSends).where(eq(newsletterSends.postId, id));
    expect(sends).toHaveLength(1);
  });

  it('refuses an edit opened before another’s change with 409, names each refused field, and undoes one change', async () => {
    const [post] = await app.deps.db.select().from(blogPosts).where(eq(blogPosts.slug, 'dry-fire-fundamentals'));
    const mine = await office();
    const theirs = await office('colleague@example.com');
    const openedByMe = (await mine.get(`/admin/posts/${post!.id}`)).html;
    const openedByThem = (await theirs.get(`/admin/posts/${post!.id}`)).html;
    expect((await theirs.post(`/admin/posts/${post!.id}`, await formOf(openedByThem, { excerpt: 'Theirs.' }))).res.status).toBe(303);
    const stale = await mine.post(`/admin/posts/${post!.id}`, await formOf(openedByMe, { excerpt: 'Mine.' }));
    expect(stale.res.status).toBe(409);
    expect(textOf(stale.body)).toMatch(/changed by colleague@example\.com at \d{4}-/);

    const fresh = (await mine.get(`/admin/posts/${post!.id}`)).html;
    for (const [changes, words] of [
      [{ title: ' ' }, 'title is empty'],
      [{ body: '' }, 'body is empty'],
      [{ slug: 'blue-guns' }, 'slug: blue-guns is post'],
      [{ related_products: '1, 999' }, 'related_products: there is no product 999'],
      [{ published_at: 'next tuesday' }, 'published_at: is not a date'],
    ] as const) {
      const refused = await mine.post(`/admin/posts/${post!.id}`, await formOf(fresh, changes));
      expect(refused.res.status, words).toBe(400);
      expect(textOf(refused.body)).toContain(words);
    }
    const [after] = await app.deps.db.select().from(blogPosts).where(eq(blogPosts.id, post!.id));
    expect(after!.excerpt).toBe('Theirs.');

    const change = /action="\/admin\/posts\/\d+\/undo\/(\d+)"/.exec(fresh)?.[1];
    const version = /name="version" value="(\d+)"/.exec(fresh)?.[1];
    const undo = await mine.post(`/admin/posts/${post!.id}/undo/${change}`, { form_token: formToken(), version: version! });
    expect(undo.res.status).toBe(303);
    const [undone] = await app.deps.db.select().from(blogPosts).where(eq(blogPosts.id, post!.id));
    expect(undone!.excerpt).toBe(post!.excerpt);
  });

  it('edits a post synced before its Markdown was kept, its HTML standing in as the body (nothing lost)', async () => {
    const [post] = await app.deps.db.select().from(blogPosts).where(eq(blogPosts.slug, 'home-dry-fire-range-setup'));
    await app.deps.db.update(blogPosts).set({ markdown: null }).where(eq(blogPosts.id, post!.id));
    const before = await visitor().get('/training-gun-digest/home-dry-fire-range-setup');
    const o = await office();
    const page = (await o.get(`/admin/posts/${post!.id}`)).html;
    expect(page).toContain('&lt;h2');
    expect((await o.post(`/admin/posts/${post!.id}`, await formOf(page, { excerpt: 'Set up a range at home.' }))).res.status).toBe(303);
    const [saved] = await app.deps.db.select().from(blogPosts).where(eq(blogPosts.id, post!.id));
    expect(saved!.content.trim()).toBe(post!.content.trim());
    const after = await visitor().get('/training-gun-digest/home-dry-fire-range-setup');
    expect(article(after.html)).toBe(article(before.html));
  });

  it('keeps a renamed post’s old address, answering 301 to the new one (a slug taken back is a post again)', async () => {
    const [post] = await app.deps.db.select().from(blogPosts).where(eq(blogPosts.slug, 'law-enforcement-training'));
    const o = await office();
    const page = (await o.get(`/admin/posts/${post!.id}`)).html;
    expect((await o.post(`/admin/posts/${post!.id}`, await formOf(page, { slug: 'training-for-officers' }))).res.status).toBe(303);
    for (const old of [
      '/training-gun-digest/law-enforcement-training',
      '/gb/training-gun-digest/law-enforcement-training',
      '/blog/law-enforcement-training',
    ]) {
      const moved = await visitor().get(old);
      expect(moved.res.status, old).toBe(301);
      expect(moved.res.headers.get('location'), old).toMatch(/\/training-gun-digest\/training-for-officers$/);
    }
    expect((await visitor().get('/training-gun-digest/training-for-officers')).res.status).toBe(200);
    // Renamed back: the first address is the post's own again, and the second now leads to it.
    const renamed = (await o.get(`/admin/posts/${post!.id}`)).html;
    expect((await o.post(`/admin/posts/${post!.id}`, await formOf(renamed, { slug: 'law-enforcement-training' }))).res.status).toBe(303);
    expect((await visitor().get('/training-gun-digest/law-enforcement-training')).res.status).toBe(200);
    expect((await visitor().get('/training-gun-digest/training-for-officers')).res.status).toBe(301);
  });

  it('leaves the owner’s post when content:sync runs and names it; content:export writes the posts back (a sync then changes nothing)', async () => {
    const [post] = await app.deps.db.select().from(blogPosts).where(eq(blogPosts.slug, 'blue-guns'));
    const o = await office();
    const page = (await o.get(`/admin/posts/${post!.id}`)).html;
    expect((await o.post(`/admin/posts/${post!.id}`, await formOf(page, { title: 'Blue Guns, Revised' }))).res.status).toBe(303);
    const sync = await syncContent(app.deps.db);
    expect(sync.report).toMatch(
      /left post blue-guns as the owner changed it \(owner@example\.com, .*; its file differs in title.*\): -- --force writes the file's/,
    );
    expect(sync.report).toMatch(/left post five-minutes-of-dry-fire: written in the back office, no file yet/);
    const dir = await mkdtemp(join(tmpdir(), 'posts-export-'));
    try {
      await cp('content', dir, { recursive: true });
      const { written } = await exportPosts(app.deps.db, join(dir, 'posts'));
      expect(written).toContain('five-minutes-of-dry-fire.md');
      expect(await readFile(join(dir, 'posts', 'blue-guns.md'), 'utf8')).toContain('title: Blue Guns, Revised');
      const again = await syncContent(app.deps.db, { dir, dryRun: true });
      expect(again.report).toMatch(/Nothing to change/);
    } finally {
      await rm(dir, { recursive: true, force: true });
    }
  });
});
