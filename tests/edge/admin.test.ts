import sharp from 'sharp';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { form, signInOnEdge } from '../support/edge-admin';
import { formToken } from '../support/html';
import { startPostmarkEmulator, type PostmarkEmulator } from '../support/postmark-emulator';
import { startPreparedTurso, type TursoEmulator } from '../support/turso-emulator';
import { startWorker, type TestWorker } from '../support/worker';

/** The back office in the built Worker (workerd): sign-in by mailed link (waitUntil, Postmark), a session kept through Turso's protocol, one action. */
let worker: TestWorker;
let turso: TursoEmulator;
let postmark: PostmarkEmulator;
beforeAll(async () => {
  [turso, postmark] = await Promise.all([startPreparedTurso(), startPostmarkEmulator()]);
  worker = await startWorker({
    TURSO_DATABASE_URL: turso.url,
    TURSO_AUTH_TOKEN: turso.token,
    POSTMARK_SERVER_TOKEN: postmark.token,
    POSTMARK_API_URL: postmark.url,
    ADMIN_EMAILS: 'owner@example.com,photographer@example.com,editor@example.com',
  });
});
afterAll(async () => {
  await worker?.dispose();
  await Promise.all([turso?.close(), postmark?.close()]);
});

describe('the back office on the edge', () => {
  it('signs the owner in by a mailed link and records who received stock', async () => {
    const { asked, signedIn, token, cookie } = await signInOnEdge(worker, postmark, 'Owner@example.com');
    expect(asked.status).toBe(200);
    expect(signedIn.status).toBe(303);
    expect((await worker.get('/admin/sign-in/link', form({ token }))).status).toBe(400);

    const today = await worker.get('/admin', { headers: { Cookie: cookie }, redirect: 'manual' });
    expect(today.status).toBe(200);
    expect(today.headers.get('cache-control')).toBe('no-store');
    expect(await today.text()).toContain('Orders to ship');

    const received = await worker.get(
      '/admin/stock',
      form({ form_token: formToken(), product_id: '4', action: 'add', quantity: '12', note: 'edge delivery' }, cookie),
    );
    expect(received.status).toBe(303);
    const moves = await turso.db.execute("select change, note, actor from stock_moves where note = 'edge delivery'");
    expect(moves.rows.map((r) => [Number(r.change), r.note, r.actor])).toEqual([[12, 'edge delivery', 'owner@example.com']]);
    // Without the cookie nothing is done.
    const refused = await worker.get(
      '/admin/stock',
      form({ form_token: formToken(), product_id: '4', action: 'add', quantity: '1', note: 'no session' }),
    );
    expect(refused.status).toBe(401);
    await refused.text();
  });

  it('stores a product’s photo in the R2 bucket, its sizes made by Cloudflare Images, and serves them', async () => {
    const { cookie } = await signInOnEdge(worker, postmark, 'photographer@example.com');
    const body = new FormData();
    const fields = {
      form_token: formToken(),
      name: 'Edge Popper',
      category: 'targets',
      ...Object.fromEntries(['prices', 'full_prices'].flatMap((k) => ['GBP', 'EUR', 'USD'].map((c) => [`${k}.${c}`, '29.99']))),
      description: 'A target photographed at the edge.',
      'images.alt': 'A steel popper target, painted white',
      'payment_links.standard': 'https://buy.stripe.com/test_edge',
      meta_title: 'Edge Popper',
      meta_description: 'A steel popper.',
    };
    for (const [key, value] of Object.entries(fields)) body.set(key, value);
    const photo = await sharp({ create: { width: 900, height: 1200, channels: 3, background: '#d4d4d4' } })
      .jpeg()
      .toBuffer();
    body.set('photo', new Blob([photo]), 'popper.jpg');
    // The multipart body as a browser sends it (Miniflare's dispatch takes bytes and their type).
    const multipart = new Response(body);
    const added = await worker.get('/admin/catalogue/new', {
      method: 'POST',
      headers: { Origin: 'https://shop.example', Cookie: cookie, 'Content-Type': multipart.headers.get('content-type')! },
      body: await multipart.arrayBuffer(),
      redirect: 'manual',
    });
    expect(added.status, (await added.text()).slice(0, 400)).toBe(303);
    const id = /\/admin\/catalogue\/(\d+)/.exec(added.headers.get('location') ?? '')![1];
    const [row] = (await turso.db.execute({ sql: 'select doc from products where id = ?', args: [Number(id)] })).rows;
    const src = (JSON.parse(String(row!.doc)) as { image_url: string }).image_url;
    expect(src).toMatch(/^\/photos\/[a-f0-9]{24}-800\.webp$/);
    const page = await (await worker.get(`/gb/product/${id}/edge-popper`)).text();
    expect(page).toMatch(new RegExp(`<img src="${src}" srcSet="[^"]*-1600\\.webp 1600w"[^>]*alt="A steel popper target, painted white"`));
    const served = await worker.get(src.replace('-800', '-400'));
    expect(served.status).toBe(200);
    expect(served.headers.get('content-type')).toBe('image/webp');
    const meta = await sharp(Buffer.from(await served.arrayBuffer())).metadata();
    expect([meta.format, meta.width, meta.height]).toEqual(['webp', 400, 400]);
  });

  it('shows a draft post to a live session at its own address past the kept pages, and a 404 to anyone else', async () => {
    const { cookie } = await signInOnEdge(worker, postmark, 'editor@example.com');
    const saved = await worker.get(
      '/admin/posts/new',
      form(
        {
          form_token: formToken(),
          title: 'Edge Draft',
          category: 'Fundamentals',
          body: '## Not yet\n\nWritten at the edge.',
          published: 'false',
        },
        cookie,
      ),
    );
    expect(saved.status, (await saved.text()).slice(0, 300)).toBe(303);
    const preview = await worker.get('/training-gun-digest/edge-draft', { headers: { Cookie: cookie } });
    const html = await preview.text();
    expect(preview.status).toBe(200);
    expect(html).toContain('data-preview');
    expect(html).toMatch(/<h2[^>]*>Not yet<\/h2>/);
    const outsider = await worker.get('/training-gun-digest/edge-draft');
    expect(outsider.status).toBe(404);
    await outsider.text();
  });
});
