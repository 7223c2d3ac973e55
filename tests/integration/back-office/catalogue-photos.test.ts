import { readdir } from 'node:fs/promises';
import { join } from 'node:path';
import sharp from 'sharp';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { openSession } from '#worker/admin/admin-sessions.ts';
import { products } from '#worker/products/product-tables.ts';
import { formToken, textOf } from '../../support/html';
import { startTestApp, type TestApp } from '../../support/test-app';
import { shopper } from '../../support/shopper';

/**
 * Photos from the owner's phone (issue 79): a product made with a photo is listed within a second, its
 * photo served as WebP in three sizes with alt text and a srcset; a file that is not a photo, one too
 * large, one without alt text are each refused naming the field, with nothing stored or saved.
 */
const OWNER = 'owner@example.com';
let app: TestApp;
const office = async () => shopper(app, { Cookie: `__Host-admin=${await openSession(app.deps.db, OWNER)}` });

/** A phone's photo: landscape, 1600 × 1200, as JPEG. */
const phonePhoto = () =>
  sharp({ create: { width: 1600, height: 1200, channels: 3, background: { r: 200, g: 30, b: 30 } } })
    .jpeg()
    .toBuffer();

const newProduct = (photo: Blob | undefined, name: string, changes: Record<string, string> = {}) => {
  const form = new FormData();
  const fields = {
    form_token: formToken(),
    name,
    category: 'targets',
    'prices.GBP': '19.99',
    'prices.EUR': '22.99',
    'prices.USD': '24.99',
    'full_prices.GBP': '19.99',
    'full_prices.EUR': '22.99',
    'full_prices.USD': '24.99',
    description: 'A reactive target photographed by the owner.',
    'images.alt': 'A red steel target on a white wall',
    'payment_links.standard': 'https://buy.stripe.com/test_photo',
    meta_title: name,
    meta_description: `${name}, photographed.`,
    ...changes,
  };
  for (const [key, value] of Object.entries(fields)) form.set(key, value);
  if (photo) form.set('photo', photo, 'photo.jpg');
  return form;
};

const stored = async () => readdir(join(app.dir, 'photos')).catch(() => [] as string[]);
const productCount = async () => (await app.deps.db.select({ id: products.id }).from(products)).length;

beforeAll(async () => {
  app = await startTestApp({ env: { ADMIN_EMAILS: OWNER, SITE_URL: 'https://shop.example' } });
});
afterAll(() => app.close());

describe('photos in the back office', () => {
  it('lists a product made with a photo within a second, its photo in three sizes with alt text and a srcset', async () => {
    const o = await office();
    const added = await o.post('/admin/catalogue/new', newProduct(new Blob([await phonePhoto()]), '🎯 Steel Popper'));
    expect(added.res.status, textOf(added.body).slice(0, 300)).toBe(303);
    const id = Number(/\/admin\/catalogue\/(\d+)/.exec(added.res.headers.get('location') ?? '')?.[1]);
    const started = Date.now();
    const list = await app.get('/gb/products?category=targets');
    expect(Date.now() - started).toBeLessThan(1000);
    expect(textOf(list.html)).toContain('Steel Popper');
    for (const [market, price] of [
      ['gb', '£19.99'],
      ['eu', '€22.99'],
      ['us', '$24.99'],
    ] as const) {
      const page = await app.get(`/${market}/product/${id}/steel-popper`);
      expect(page.res.status, market).toBe(200);
      expect(textOf(page.html)).toContain(price);
    }
    const page = (await app.get(`/gb/product/${id}/steel-popper`)).html;
    const img = /<img[^>]*alt="A red steel target on a white wall"[^>]*>/.exec(page)?.[0] ?? '';
    const key = /src="\/photos\/([a-f0-9]{24})-800\.webp"/.exec(img)?.[1];
    expect(key, img).toBeDefined();
    // HTML's attribute names are read without case (React writes this island's as srcSet).
    expect(img.toLowerCase()).toContain(
      `srcset="/photos/${key}-400.webp 400w, /photos/${key}-800.webp 800w, /photos/${key}-1600.webp 1600w"`,
    );
    expect(img).toMatch(/sizes="[^"]+"/);
    for (const width of [400, 800, 1600]) {
      const res = await fetch(`${app.url}/photos/${key}-${width}.webp`);
      expect(res.status).toBe(200);
      expect(res.headers.get('content-type')).toBe('image/webp');
      expect(res.headers.get('x-content-type-options')).toBe('nosniff');
      expect(res.headers.get('content-security-policy')).toContain('sandbox');
      expect(res.headers.get('cache-control')).toContain('immutable');
      const meta = await sharp(Buffer.from(await res.arrayBuffer())).metadata();
      // The landscape photo padded to the main image's square, at each width.
      expect([meta.format, meta.width, meta.height]).toEqual(['webp', width, width]);
    }
    // The upload itself is never served; nor is any address the shop did not make.
    expect((await fetch(`${app.url}/photos/${key}-original.jpg`)).status).toBe(404);
    expect((await fetch(`${app.url}/photos/${key}-300.webp`)).status).toBe(404);
  });

  it('refuses a text file named .png, a 30 MB photo and a photo without alt text, naming the field; nothing stored or saved', async () => {
    const o = await office();
    const [filesBefore, countBefore] = [await stored(), await productCount()];

    const text = newProduct(undefined, 'Not A Photo');
    text.set('photo', new Blob(['<html><script>alert(1)</script></html>'], { type: 'image/png' }), 'target.png');
    const notPhoto = await o.post('/admin/catalogue/new', text);
    expect(notPhoto.res.status).toBe(400);
    expect(textOf(notPhoto.body)).toContain('photo: target.png is not a photo');

    const huge = new Uint8Array(30 * 1024 * 1024);
    huge.set([0xff, 0xd8, 0xff, 0xe0]);
    const large = await o.post('/admin/catalogue/new', newProduct(new Blob([huge]), 'Huge Photo'));
    expect(large.res.status).toBe(413);
    expect(textOf(large.body)).toContain('photo: 30.0 MB is larger than 20.0 MB');

    const noAlt = await o.post('/admin/catalogue/new', newProduct(new Blob([await phonePhoto()]), 'No Alt', { 'images.alt': '' }));
    expect(noAlt.res.status).toBe(400);
    expect(textOf(noAlt.body)).toContain('images.alt is empty');

    const tiny = await sharp({ create: { width: 120, height: 90, channels: 3, background: '#888' } })
      .png()
      .toBuffer();
    const small = await o.post('/admin/catalogue/new', newProduct(new Blob([tiny]), 'Tiny Photo'));
    expect(small.res.status).toBe(400);
    expect(textOf(small.body)).toContain('photo: 120 × 90 pixels is too small');

    expect(await stored()).toEqual(filesBefore);
    expect(await productCount()).toBe(countBefore);
  });

  it('replaces a product’s card image with a photo, upright 4:5, keeping the rest', async () => {
    const o = await office();
    const form = new FormData();
    const page = (await o.get('/admin/catalogue/4')).html;
    for (const m of page.matchAll(/<input[^>]*name="([^"]+)"[^>]*value="([^"]*)"[^>]*>/g))
      if (m[1] !== 'photo') form.set(m[1]!, m[2]!.replaceAll('&amp;', '&'));
    for (const m of page.matchAll(/<textarea[^>]*name="([^"]+)"[^>]*>([\s\S]*?)<\/textarea>/g))
      form.set(m[1]!, m[2]!.replaceAll('&amp;', '&'));
    form.set('category', (await app.deps.db.select().from(products)).find((p) => p.id === 4)!.doc.category_id);
    form.set('form_token', formToken());
    form.set('photo_for', 'images.card');
    form.set('photo', new Blob([await phonePhoto()]), 'IMG_0042.JPG');
    const saved = await o.post('/admin/catalogue/4', form);
    expect(saved.res.status, textOf(saved.body).slice(0, 300)).toBe(303);
    const [row] = (await app.deps.db.select().from(products)).filter((p) => p.id === 4);
    expect(row!.doc.technical_card_url).toMatch(/^\/photos\/[a-f0-9]{24}-800\.webp$/);
    expect(row!.doc.image_url).toBe('/images/products/4-main.svg');
    const card = await fetch(`${app.url}${row!.doc.technical_card_url.replace('-800', '-400')}`);
    const meta = await sharp(Buffer.from(await card.arrayBuffer())).metadata();
    expect([meta.width, meta.height]).toEqual([400, 500]);
  });
});
