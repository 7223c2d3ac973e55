import { describe, expect, it } from 'vitest';
import { alternateLinks, marketHref, markets, splitMarket } from '#shared/market/market.ts';

describe('market from path', () => {
  it('takes the prefix off a market address and leaves other paths alone', () => {
    expect(splitMarket('/gb/product/1/g-series')).toEqual({ market: 'gb', path: '/product/1/g-series' });
    expect(splitMarket('/eu')).toEqual({ market: 'eu', path: '/' });
    expect(splitMarket('/us/')).toEqual({ market: 'us', path: '/' });
    expect(splitMarket('/products')).toEqual({ market: null, path: '/products' });
    // Not a market: an unknown prefix, or a path that only begins like one.
    expect(splitMarket('/fr/products')).toEqual({ market: null, path: '/fr/products' });
    expect(splitMarket('/gbx/products')).toEqual({ market: null, path: '/gbx/products' });
    // A link built from the path stays on the site: never the scheme-relative '//evil.com'.
    expect(splitMarket('/us//evil.com')).toEqual({ market: 'us', path: '/evil.com' });
    expect(splitMarket('/eu/\\evil.com')).toEqual({ market: 'eu', path: '/evil.com' });
    expect(splitMarket('//evil.com/x')).toEqual({ market: null, path: '/evil.com/x' });
    expect(marketHref('gb', splitMarket('/us///evil.com').path)).toBe('/gb/evil.com');
    expect(splitMarket('/usage')).toEqual({ market: null, path: '/usage' });
  });
});

describe('link building keeps the market', () => {
  it('puts site paths, queries kept, under the market', () => {
    expect(marketHref('gb', '/products?category=pistols')).toBe('/gb/products?category=pistols');
    expect(marketHref('eu', '/')).toBe('/eu');
    expect(marketHref('eu', '/?utm_source=x')).toBe('/eu?utm_source=x');
    expect(marketHref('us', '/cart/add')).toBe('/us/cart/add');
  });

  it('leaves bare pages, other origins, fragments and paths already in a market alone', () => {
    expect(marketHref(null, '/products')).toBe('/products');
    expect(marketHref('gb', 'https://buy.stripe.com/x')).toBe('https://buy.stripe.com/x');
    expect(marketHref('gb', '//evil.example/')).toBe('//evil.example/');
    expect(marketHref('gb', '#section')).toBe('#section');
    expect(marketHref('gb', '/us/product/1')).toBe('/us/product/1');
  });

  it('round-trips with splitMarket', () => {
    for (const market of markets) {
      for (const path of ['/', '/products', '/training-gun-digest/dry-fire-fundamentals']) {
        expect(splitMarket(marketHref(market, path))).toEqual({ market, path });
      }
    }
  });
});

describe('hreflang sets', () => {
  const site = 'https://shop.example';

  it('name every market and the bare page as x-default, absolute, itself included', () => {
    expect(alternateLinks('/product/1/g-series', site)).toEqual([
      { hreflang: 'en-GB', href: 'https://shop.example/gb/product/1/g-series' },
      { hreflang: 'en', href: 'https://shop.example/eu/product/1/g-series' },
      { hreflang: 'en-US', href: 'https://shop.example/us/product/1/g-series' },
      { hreflang: 'x-default', href: 'https://shop.example/product/1/g-series' },
    ]);
    expect(alternateLinks('/', site).map((l) => l.href)).toEqual([
      'https://shop.example/gb',
      'https://shop.example/eu',
      'https://shop.example/us',
      'https://shop.example/',
    ]);
  });

  it('are reciprocal: every version names the same set, so each points back at the others', () => {
    const path = '/guides?page=2';
    const set = alternateLinks(path, site);
    for (const { href } of set) {
      const url = new URL(href);
      const { path: bare } = splitMarket(url.pathname);
      expect(alternateLinks(bare + url.search, site)).toEqual(set);
    }
    expect(new Set(set.map((l) => l.hreflang)).size).toBe(set.length);
  });
});
