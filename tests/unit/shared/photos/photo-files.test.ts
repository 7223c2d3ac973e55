import { describe, expect, it } from 'vitest';
import { heightFor, imageSources, photoNameOf, photoTypeOf } from '#shared/photos/photo-files.ts';

const bytes = (...parts: Array<number[] | string>) =>
  new Uint8Array(parts.flatMap((p) => (typeof p === 'string' ? [...p].map((ch) => ch.charCodeAt(0)) : p)).concat(Array(16).fill(0)));

describe('a photo by its bytes', () => {
  it('knows JPEG, PNG, WebP and a phone’s HEIC by their first bytes', () => {
    expect(photoTypeOf(bytes([0xff, 0xd8, 0xff, 0xe1]))).toBe('image/jpeg');
    expect(photoTypeOf(bytes('\x89PNG\r\n\x1a\n'))).toBe('image/png');
    expect(photoTypeOf(bytes('RIFF', [1, 2, 3, 4], 'WEBPVP8 '))).toBe('image/webp');
    expect(photoTypeOf(bytes([0, 0, 0, 24], 'ftypheic'))).toBe('image/heic');
    expect(photoTypeOf(bytes([0, 0, 0, 24], 'ftypmif1'))).toBe('image/heic');
  });

  it('refuses anything else, whatever it is called: text, HTML, SVG, GIF, an MP4, too few bytes', () => {
    for (const other of [
      bytes('hello, this is text'),
      bytes('<html><script>alert(1)</script>'),
      bytes('<svg xmlns="http://www.w3.org/2000/svg">'),
      bytes('GIF89a'),
      bytes([0, 0, 0, 24], 'ftypisom'),
      new Uint8Array([0xff, 0xd8]),
    ])
      expect(photoTypeOf(other)).toBeNull();
  });
});

describe('a photo’s addresses', () => {
  const key = 'a'.repeat(24);
  it('gives an uploaded photo every size in a srcset, and leaves the shop’s own images as they are', () => {
    expect(imageSources(`/photos/${key}-800.webp`, '100vw')).toEqual({
      src: `/photos/${key}-800.webp`,
      srcSet: `/photos/${key}-400.webp 400w, /photos/${key}-800.webp 800w, /photos/${key}-1600.webp 1600w`,
      sizes: '100vw',
    });
    expect(imageSources('/images/products/1-main.svg', '100vw')).toEqual({ src: '/images/products/1-main.svg' });
  });

  it('serves only the sizes it makes: never the original, another width or a path outside', () => {
    expect(photoNameOf(`/photos/${key}-1600.webp`)).toBe(`${key}-1600.webp`);
    for (const path of [
      `/photos/${key}-original.jpg`,
      `/photos/${key}-300.webp`,
      `/photos/../${key}-800.webp`,
      `/photos/${key}-800.webp.html`,
    ])
      expect(photoNameOf(path), path).toBeNull();
  });

  it('scales each size to its place’s shape', () => {
    expect([heightFor('square', 400), heightFor('card', 400), heightFor('wide', 1600)]).toEqual([400, 500, 840]);
  });
});
