import { describe, expect, it } from 'vitest';
import { deviceClassOf, PAGE_TYPES, pageTypeOf } from '#shared/vitals/page-type.ts';
import { ratingOf } from '#shared/vitals/metrics.ts';

describe('pageTypeOf', () => {
  it('names the route pattern and the market, never the slug, id or token', () => {
    expect(pageTypeOf('/')).toEqual({ pageType: '/', market: null });
    expect(pageTypeOf('/gb')).toEqual({ pageType: '/', market: 'gb' });
    expect(pageTypeOf('/product/1')).toEqual({ pageType: '/product/:id', market: null });
    expect(pageTypeOf('/eu/product/12/g-series-laser-training-pistol')).toEqual({ pageType: '/product/:id', market: 'eu' });
    expect(pageTypeOf('/us/orders/SP-AB12-CD34')).toEqual({ pageType: '/orders/:number', market: 'us' });
    expect(pageTypeOf('/training-gun-digest/dry-fire-fundamentals')).toEqual({ pageType: '/training-gun-digest/:slug', market: null });
    expect(pageTypeOf('/training-gun-digest')).toEqual({ pageType: '/training-gun-digest', market: null });
    expect(pageTypeOf('/guides/blue-guns')).toEqual({ pageType: '/guides/:slug', market: null });
    expect(pageTypeOf('/faq/')).toEqual({ pageType: '/faq', market: null });
    expect(pageTypeOf('/gb/privacy-policy')).toEqual({ pageType: '/privacy-policy', market: 'gb' });
  });

  it("calls everything else 'other', and only names types it lists", () => {
    for (const path of ['/missing', '/product', '/product/1/x/y', '/orders', '/us//evil.com', '/wp-admin.php'])
      expect(pageTypeOf(path).pageType, path).toBe('other');
    for (const path of ['/', '/products', '/product/3', '/cart', '/thank-you', '/contact', '/returns', '/nope'])
      expect(PAGE_TYPES).toContain(pageTypeOf(path).pageType);
  });
});

describe('deviceClassOf and ratingOf', () => {
  it('groups viewports at 768 and 1024 CSS pixels', () => {
    expect([360, 412, 767, 768, 1023, 1024, 1920].map(deviceClassOf)).toEqual([
      'phone',
      'phone',
      'phone',
      'tablet',
      'tablet',
      'desktop',
      'desktop',
    ]);
  });

  it("rates as Google does: at the 'good' threshold is good, over 'poor' is poor", () => {
    expect([ratingOf('INP', 200), ratingOf('INP', 201), ratingOf('INP', 500), ratingOf('INP', 501)]).toEqual([
      'good',
      'needs-improvement',
      'needs-improvement',
      'poor',
    ]);
    expect([ratingOf('CLS', 0), ratingOf('CLS', 0.1), ratingOf('CLS', 0.26)]).toEqual(['good', 'good', 'poor']);
    expect(ratingOf('LCP', 2500)).toBe('good');
  });
});
