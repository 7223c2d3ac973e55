import { describe, expect, it } from 'vitest';
import { cacheTagHeader, CATALOGUE_TAG, postTag, productTag, readCacheTags } from '#shared/caching/cache-tags.ts';
import { sharedCacheDirectives } from '#shared/caching/page-cache-rules.ts';

describe('cache tags', () => {
  it('names products and posts, and writes a header Cloudflare keeps (printable ASCII, no spaces or commas, each once)', () => {
    expect(productTag(7)).toBe('product:7');
    expect(postTag('dry-fire-fundamentals')).toBe('post:dry-fire-fundamentals');
    expect(cacheTagHeader([productTag(1), CATALOGUE_TAG, productTag(1), 'bad tag', 'x,y', 'naïve'])).toBe('product:1,catalogue');
    expect(readCacheTags(' Product:1 ,catalogue,,')).toEqual(['product:1', 'catalogue']);
  });
});

const headers = (h: Record<string, string>) => new Headers(h);

describe('how a shared cache reads an answer', () => {
  it('takes the most specific header: Cloudflare-CDN-Cache-Control, then CDN-Cache-Control, then Cache-Control', () => {
    expect(
      sharedCacheDirectives(
        headers({
          'Cloudflare-CDN-Cache-Control': 'max-age=300, stale-while-revalidate=60, stale-if-error=9',
          'Cache-Control': 'public, no-cache',
        }),
      ),
    ).toEqual({ maxAgeS: 300, staleWhileRevalidateS: 60, staleIfErrorS: 9, uncacheable: false, noStale: false });
    expect(sharedCacheDirectives(headers({ 'CDN-Cache-Control': 'max-age=5', 'Cache-Control': 'max-age=1' })).maxAgeS).toBe(5);
  });

  it('serves nothing stale under s-maxage or must-revalidate, and keeps nothing private, no-store or with a Set-Cookie', () => {
    expect(sharedCacheDirectives(headers({ 'Cache-Control': 's-maxage=60, stale-while-revalidate=600' }))).toMatchObject({
      maxAgeS: 60,
      staleWhileRevalidateS: 0,
      noStale: true,
    });
    expect(sharedCacheDirectives(headers({ 'Cache-Control': 'private, max-age=60' })).uncacheable).toBe(true);
    expect(sharedCacheDirectives(headers({ 'Cache-Control': 'no-store' })).uncacheable).toBe(true);
    expect(sharedCacheDirectives(headers({ 'Cache-Control': 'max-age=60', 'Set-Cookie': 'a=b' })).uncacheable).toBe(true);
  });
});
