import sharp from 'sharp';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { jsonLdBlocks } from '../../support/html';
import { startTestApp, type TestApp } from '../../support/test-app';

let t: TestApp;
beforeAll(async () => {
  t = await startTestApp();
});
afterAll(() => t.close());

const meta = (html: string, property: string) => html.match(new RegExp(`<meta (?:property|name)="${property}" content="([^"]*)"`))?.[1];

/** Fetches an absolute share URL from the test app (same path) and reads the image. */
async function image(url: string) {
  const res = await fetch(`${t.url}${new URL(url).pathname}`);
  const bytes = Buffer.from(await res.arrayBuffer());
  return { status: res.status, type: res.headers.get('content-type'), ...(await sharp(bytes).metadata()) };
}

describe('share images social networks display', () => {
  it.each(['/', '/product/1', '/blog/dry-fire-fundamentals', '/training-gun-digest'])(
    '%s shares a raster image of the declared 1200×630 size',
    async (path) => {
      const { html } = await t.get(path);
      const url = meta(html, 'og:image')!;
      expect(url).toMatch(/\.(jpe?g|png)$/);
      expect(meta(html, 'twitter:image')).toBe(url);
      const got = await image(url);
      expect(got.status).toBe(200);
      expect(got.type).toMatch(/^image\/(jpeg|png)$/);
      expect([got.width, got.height]).toEqual([1200, 630]);
      expect([meta(html, 'og:image:width'), meta(html, 'og:image:height')]).toEqual(['1200', '630']);
    },
  );

  it('lists only raster images in the product structured data, each at its own size', async () => {
    const { html } = await t.get('/product/1');
    const product = jsonLdBlocks(html).find((b) => b['@type'] === 'Product')!;
    const sizes = await Promise.all((product.image as string[]).map(image));
    expect(sizes.map((s) => [s.status, s.type, s.width, s.height])).toEqual([
      [200, 'image/jpeg', 800, 800],
      [200, 'image/jpeg', 800, 1000],
      [200, 'image/jpeg', 1200, 630],
    ]);
  });
});
