import { describe, expect, it } from 'vitest';
import { site } from '#shared/site/brand.ts';
import {
  absoluteUrl,
  DEFAULT_SHARE_IMAGE,
  pageTitle,
  serializeJsonForScript,
  seoTags,
  siteJsonLd,
  rasterImage,
  type MetaTag,
} from '#shared/seo/tags.ts';

const content = (meta: MetaTag[], key: string) => meta.find((m) => ('name' in m ? m.name : m.property) === key)?.content;

describe('seoTags', () => {
  it('builds title, canonical, Open Graph and Twitter tags with absolute URLs and the default share image', () => {
    const { title, canonical, meta } = seoTags(
      { title: 'About Us', description: 'Who we are.', canonicalPath: '/about' },
      'https://shop.example',
    );
    expect(title).toBe('About Us | StrikePoint Training');
    expect(canonical).toBe('https://shop.example/about');
    expect(content(meta, 'description')).toBe('Who we are.');
    expect(content(meta, 'og:type')).toBe('website');
    expect(content(meta, 'og:url')).toBe('https://shop.example/about');
    expect(content(meta, 'og:image')).toBe(`https://shop.example${DEFAULT_SHARE_IMAGE.url}`);
    expect(content(meta, 'og:image:width')).toBe('1200');
    expect(content(meta, 'og:image:height')).toBe('630');
    expect(content(meta, 'twitter:card')).toBe('summary_large_image');
    expect(content(meta, 'twitter:image')).toBe(`https://shop.example${DEFAULT_SHARE_IMAGE.url}`);
    expect(content(meta, 'robots')).toBeUndefined();
  });

  it('adds product and article facts and keeps absolute images as they are', () => {
    const product = seoTags(
      {
        title: 'Pistol',
        description: 'd',
        type: 'product',
        image: '/images/products/1-landscape.svg',
        imageSize: { width: 1200, height: 630 },
        product: { price: 149.99, currency: 'GBP', availability: 'InStock' },
      },
      'https://shop.example/',
    ).meta;
    expect(content(product, 'og:type')).toBe('product');
    // A local SVG is shared as its raster copy, which social networks display.
    expect(content(product, 'og:image')).toBe('https://shop.example/images/raster/products/1-landscape.jpg');
    expect(content(product, 'twitter:image')).toBe('https://shop.example/images/raster/products/1-landscape.jpg');
    expect(content(product, 'product:price:amount')).toBe('149.99');
    expect(content(product, 'product:price:currency')).toBe('GBP');
    expect(content(product, 'product:brand')).toBe('StrikePoint Training');
    expect(content(product, 'og:image:width')).toBe('1200');
    expect(content(product, 'og:image:height')).toBe('630');

    const article = seoTags(
      {
        title: 'Guide',
        description: 'd',
        type: 'article',
        image: 'https://cdn.example/a.jpg',
        article: { publishedTime: '2025-01-01T00:00:00.000Z', modifiedTime: '2025-02-01T00:00:00.000Z' },
      },
      'https://shop.example',
    ).meta;
    expect(content(article, 'og:image')).toBe('https://cdn.example/a.jpg');
    expect(content(article, 'og:image:width')).toBeUndefined();
    expect(content(article, 'article:published_time')).toBe('2025-01-01T00:00:00.000Z');
    expect(content(article, 'article:modified_time')).toBe('2025-02-01T00:00:00.000Z');
  });

  it('omits the canonical for pages that must not be indexed', () => {
    const tags = seoTags({ title: 'Thanks', description: 'd', robots: 'noindex' }, 'https://shop.example');
    expect(tags.canonical).toBeUndefined();
    expect(content(tags.meta, 'robots')).toBe('noindex');
    expect(content(tags.meta, 'og:url')).toBeUndefined();
  });
});

describe('site structured data', () => {
  it('describes the WebSite (with search) and the Organization with absolute URLs', () => {
    const [website, org] = siteJsonLd('https://shop.example') as Array<Record<string, unknown>>;
    expect(website).toMatchObject({ '@type': 'WebSite', url: 'https://shop.example/' });
    expect(JSON.stringify(website)).toContain('https://shop.example/products?q={search_term_string}');
    expect(org).toMatchObject({ '@type': 'Organization', logo: 'https://shop.example/icon-512.png' });
    expect((org!.address as unknown[]).length).toBe(2);
  });
});

describe('seo builders', () => {
  it('adds the brand suffix unless the title names the brand', () => {
    expect(pageTitle('Page Not Found')).toBe(`Page Not Found | ${site.brand}`);
    expect(pageTitle(`About ${site.brand}`)).toBe(`About ${site.brand}`);
    expect(pageTitle(site.brand.toUpperCase())).toBe(site.brand.toUpperCase());
  });

  it('makes relative URLs absolute against the base and keeps absolute ones', () => {
    expect(absoluteUrl('https://shop.example', '/products')).toBe('https://shop.example/products');
    expect(absoluteUrl('https://shop.example/', 'images/a.svg')).toBe('https://shop.example/images/a.svg');
    expect(absoluteUrl('https://shop.example', 'https://cdn.example/x.jpg')).toBe('https://cdn.example/x.jpg');
  });

  it('escapes JSON so it cannot leave a script tag', () => {
    const json = serializeJsonForScript({ name: '</script><script>alert(1)</script>&\u2028\u2029' });
    expect(json).not.toMatch(/[<>&\u2028\u2029]/);
    expect(JSON.parse(json)).toEqual({ name: '</script><script>alert(1)</script>&\u2028\u2029' });
  });
});

describe('raster copies of the SVG artwork', () => {
  it('points a local SVG at the JPEG the build makes, and leaves other images alone', () => {
    expect(rasterImage('/images/products/1-main.svg')).toBe('/images/raster/products/1-main.jpg');
    expect(rasterImage('/images/blog/blue-guns.svg')).toBe('/images/raster/blog/blue-guns.jpg');
    expect(rasterImage('/images/share-default.jpg')).toBe('/images/share-default.jpg');
    expect(rasterImage('https://cdn.example/a.svg')).toBe('https://cdn.example/a.svg');
  });
});
